// @ts-check
// Vercel: one function (api/index.js re-exports the bundle `npm run build` makes from
// src/vercel.ts), Neon Postgres by DATABASE_URL, a daily cron (the Hobby plan's limit).
import { buildScript, SERVER_ENTRY } from "../build-script.mjs";

/** @type {import("../build-script.mjs").BuildEntry} */
const VERCEL_ENTRY = {
  name: "vercel",
  entry: "src/vercel.ts",
  outfile: "dist/vercel/main.js",
  bundleDependencies: true,
  why: "The Vercel function: one file with every dependency, which api/index.js serves.",
  after: [
    "// vercel.json's outputDirectory: Vercel refuses to deploy an empty static directory.",
    'await mkdir("dist/vercel/public", { recursive: true });',
    'await writeFile("dist/vercel/public/robots.txt", "User-agent: *\\nDisallow: /\\n");',
  ],
};

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
      "scripts/build.mjs": buildScript([VERCEL_ENTRY, SERVER_ENTRY]),
    },
    scripts: {
      build: "node scripts/build.mjs vercel",
      start: "node scripts/build.mjs server && node --import eliza-edge/register dist/server.js",
      "db:migrate": "eliza-edge migrate",
      deploy: "npx --yes vercel deploy --prod",
    },
    devDependencies: ["esbuild"],
  };
}
