// @ts-check
// Cloudflare Workers: src/worker.ts, wrangler.toml with D1 (migrations shipped in the
// eliza-edge package) and a minute cron; `npm start` is `wrangler dev` on a local D1.

/** @param {import("../../answers.mjs").Answers & { slug: string }} answers */
export function cloudflareTarget(answers) {
  const { slug, model } = answers;
  const ai =
    model === "workers-ai"
      ? `# Workers AI: the model provider (no API key). \`wrangler dev\` reaches it through your
# Cloudflare account, so run \`npx wrangler login\` once before \`npm start\`.
[ai]
binding = "AI"
`
      : `# Workers AI, a model provider that needs no API key: uncomment to use it (\`wrangler dev\`
# then reaches it through your Cloudflare account).
# [ai]
# binding = "AI"
`;
  return {
    files: {
      "src/worker.ts": `// The Worker: fetch serves the agent's HTTP API and webhooks, scheduled runs due tasks
// (reminders, repeats). Storage is the D1 binding DB; settings are vars and secrets.
// With the env read at startup, the app and the agent are built in the global scope, whose
// CPU counts against the 1 s startup limit rather than the first request's (10 ms on the
// free plan); the first request only does the agent's storage I/O.
import { env } from "cloudflare:workers";
import { createWorker, type WorkerEnv } from "eliza-edge/targets/cloudflare";
import { agent } from "./agent";

export default createWorker({ ...agent, env: env as WorkerEnv });
`,
      "src/cloudflare-workers.d.ts": `// workerd's built-in module, of which src/worker.ts reads the env requests get. Declared here
// because @cloudflare/workers-types declares it only beside every Workers global, which would
// replace Node's types that the rest of the project is checked with.
declare module "cloudflare:workers" {
  export const env: unknown;
}
`,
      "wrangler.toml": `# Cloudflare Workers deploy descriptor. Before the first deploy:
#   npx wrangler login
#   npx wrangler d1 create ${slug}      -> paste its database_id below
#   npx wrangler secret put API_TOKEN   (and every setting in .dev.vars.example)
#   npm run deploy
name = "${slug}"
main = "src/worker.ts"
# Recent, and no later than the workerd wrangler 4.86 runs locally (2026-04-26): raise it
# together with wrangler, or \`wrangler dev\` warns and falls back.
compatibility_date = "2026-04-20"

# Published elizaOS plugins import @elizaos/core: bundle eliza-edge's compatible one instead.
[alias]
"@elizaos/core" = "eliza-edge/elizaos"

[[d1_databases]]
binding = "DB"
database_name = "${slug}"
# Placeholder so \`npm start\` works offline; replace it with the id \`wrangler d1 create\` prints.
database_id = "00000000-0000-4000-8000-000000000000"
# The schema ships with eliza-edge: \`wrangler d1 migrations apply\` creates and updates it.
migrations_dir = "node_modules/eliza-edge/adapters/d1/migrations"

${ai}
[triggers]
# One task tick a minute (reminders, recurring tasks, recovery). UTC.
crons = ["* * * * *"]

[vars]
LOG_LEVEL = "info"
`,
    },
    scripts: {
      start: `wrangler d1 migrations apply ${slug} --local && wrangler dev`,
      deploy: `wrangler d1 migrations apply ${slug} --remote && wrangler deploy`,
      check: "wrangler deploy --dry-run --outdir dist",
    },
    // D1, Workers AI and the bots' webhooks are the platform's own: no driver to install.
    dependencies: [],
    devDependencies: ["wrangler", "@cloudflare/workers-types"],
  };
}
