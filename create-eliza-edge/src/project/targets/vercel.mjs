// @ts-check
// Vercel: one function (api/index.js re-exports the bundle `npm run build` makes from
// src/vercel.ts), Neon Postgres by DATABASE_URL, a daily cron (the Hobby plan's limit).
import { SERVER_SCRIPTS } from "../build-scripts.mjs";
import { PGLITE } from "../versions.mjs";

export function vercelTarget() {
  return {
    files: {
      "src/vercel.ts": `// The Vercel function: every path is rewritten to it (vercel.json), so it serves the agent's
// API, webhooks and /api/cron. Storage is Neon Postgres at DATABASE_URL.
import { createVercelHandler } from "eliza-edge/targets/vercel";
import { agent } from "./agent";

const handler = createVercelHandler(agent);

// Vercel answers 405 to a method the function does not export: export every one the app
// serves (DELETE /api/tasks/:id, plugin routes with PUT, PATCH or DELETE, CORS preflights).
export const GET = handler;
export const POST = handler;
export const PUT = handler;
export const PATCH = handler;
export const DELETE = handler;
export const OPTIONS = handler;
`,
      "api/index.js": `// The one Vercel function: the bundle \`npm run build\` (vercel.json's buildCommand) makes
// from src/vercel.ts. Plain JavaScript, so Vercel serves it as built.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../dist/vercel/main.js";
`,
      "vercel.json": `${JSON.stringify(
        {
          $schema: "https://openapi.vercel.sh/vercel.json",
          buildCommand: "npm run build",
          outputDirectory: "dist/vercel/public",
          functions: { "api/index.js": { maxDuration: 60 } },
          rewrites: [{ source: "/(.*)", destination: "/api" }],
          crons: [{ path: "/api/cron", schedule: "0 0 * * *" }],
        },
        null,
        2,
      )}\n`,
    },
    scripts: {
      // eliza-edge's own build: src/vercel.ts -> dist/vercel/main.js, which api/index.js serves.
      build: "eliza-edge build vercel",
      ...SERVER_SCRIPTS,
      "db:migrate": "eliza-edge migrate",
      deploy: "npx --yes vercel deploy --prod",
    },
    // Neon and waitUntil in the function; PGlite for `npm start`.
    dependencies: ["@neondatabase/serverless", "@vercel/functions", ...PGLITE],
    devDependencies: ["esbuild"],
  };
}
