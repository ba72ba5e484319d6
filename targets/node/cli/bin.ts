#!/usr/bin/env -S node --
// The `eliza-edge` executable, built to dist/cli.mjs (package.json `bin`), so it runs on plain
// `node` with no TypeScript loader. The `--` stops Node 20 from reading our `--env-file` as its
// own option (it exits 9 with "node: <path>: not found" otherwise).
// Published elizaOS plugins the agent loads get eliza-edge/elizaos for `@elizaos/core`; the
// hooks go in before main (and anything it loads) is imported.
import "../register.mjs";

const { main } = await import("./main.ts");
process.exitCode = await main(process.argv.slice(2));
