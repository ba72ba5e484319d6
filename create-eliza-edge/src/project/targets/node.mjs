// @ts-check
// Node: src/server.ts is the whole deployment (any host that runs Node 20+).
import { buildScript, SERVER_ENTRY } from "../build-script.mjs";

export function nodeTarget() {
  return {
    files: { "scripts/build.mjs": buildScript([SERVER_ENTRY]) },
    scripts: {
      build: "node scripts/build.mjs",
      start: "node scripts/build.mjs && node --import eliza-edge/register dist/server.js",
    },
    devDependencies: ["esbuild"],
  };
}
