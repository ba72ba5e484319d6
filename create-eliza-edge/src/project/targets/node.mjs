// @ts-check
// Node: src/server.ts is the whole deployment (any host that runs Node 20+), with a Dockerfile
// that starts node itself.
import { SERVER_SCRIPTS } from "../build-scripts.mjs";
import { DOCKERFILE, DOCKERIGNORE } from "../docker-files.mjs";
import { PGLITE } from "../versions.mjs";

/** @param {import("../../answers.mjs").Answers} answers */
export function nodeTarget({ bots }) {
  return {
    files: { Dockerfile: DOCKERFILE, ".dockerignore": DOCKERIGNORE },
    scripts: { build: "eliza-edge build server", ...SERVER_SCRIPTS },
    // The embedded database; the Discord Gateway client when the bot is Discord.
    dependencies: [
      ...PGLITE,
      ...(bots.includes("discord") ? ["@discordjs/rest", "@discordjs/ws"] : []),
    ],
    devDependencies: ["esbuild"],
  };
}
