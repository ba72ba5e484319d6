#!/usr/bin/env node
// The `eliza-edge` executable. The project ships TypeScript without a build step, so this
// registers tsx's loader and hands over to main.ts.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./main.ts");
process.exitCode = await main(process.argv.slice(2));
