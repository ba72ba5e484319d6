// @ts-check
// Node: src/server.ts is the whole deployment (any host that runs Node 20+), with a Dockerfile
// that starts node itself.
import { SERVER_SCRIPTS } from "../build-scripts.mjs";
import { DOCKERFILE, DOCKERIGNORE } from "../docker-files.mjs";

export function nodeTarget() {
  return {
    files: { Dockerfile: DOCKERFILE, ".dockerignore": DOCKERIGNORE },
    scripts: { build: "eliza-edge build server", ...SERVER_SCRIPTS },
    devDependencies: ["esbuild"],
  };
}
