// @ts-check
// create-eliza-edge is released together with eliza-edge: its version is the eliza-edge
// version a new project depends on.
import { readFileSync } from "node:fs";

/** @type {string} */
export const VERSION = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
).version;
