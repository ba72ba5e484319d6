#!/usr/bin/env -S node --
// The `eliza-edge` executable. The project ships TypeScript without a build step, so this
// registers tsx's loader and hands over to main.ts. The `--` stops Node 20 from reading our
// `--env-file` as its own option (it exits 9 with "node: <path>: not found" otherwise).
import { register } from "tsx/esm/api";
// Published elizaOS plugins the agent loads get eliza-edge/elizaos for `@elizaos/core`.
import "../register.mjs";

register();
const { main } = await import("./main.ts");
process.exitCode = await main(process.argv.slice(2));
