#!/usr/bin/env node
// `npm create eliza-edge@latest my-agent` runs this file.
import { run } from "../src/cli.mjs";

process.exitCode = await run(process.argv.slice(2));
