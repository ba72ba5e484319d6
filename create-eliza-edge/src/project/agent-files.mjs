// @ts-check
// src/agent.ts (the agent every entry serves) and src/server.ts (the agent on this machine).

/** @param {import("../answers.mjs").Answers} answers */
export function agentTs({ bots }) {
  const connectors = `[${bots.map((b) => JSON.stringify(b)).join(", ")}]`;
  const botNote =
    bots.length === 0
      ? '// No chat bots: the agent answers on its REST API. Add "telegram" or "discord" here\n// and their settings to the env to serve them.'
      : "// The bots this agent serves; their secrets come from the env (see the env example).";
  return `// The agent, defined in code: every entry (the deployed function and \`npm start\`) serves this
// one. Whatever is left out here comes from the env: storage from the target's database, the
// model provider from the key that is set.
import { character } from "./character";
import { dicePlugin } from "./plugins/dice";

export const agent = {
  character,
  plugins: [dicePlugin],
  ${botNote.split("\n").join("\n  ")}
  connectors: ${connectors} as const,
};
`;
}

/** @param {import("../answers.mjs").Answers} answers */
export function serverTs({ target }) {
  const intro =
    target === "node"
      ? "// The agent's server: REST API, web chat at http://127.0.0.1:3000/, the task loop, and an"
      : `// The same agent on this machine, for development (the deployed one runs on ${target === "lambda" ? "Lambda" : "Vercel"}): REST\n// API, web chat at http://127.0.0.1:3000/, the task loop, and an`;
  return `${intro}
// embedded database in ./.eliza-edge (set DATABASE_URL for Postgres). Settings come from .env.
import { existsSync } from "node:fs";
import { startNodeServer } from "eliza-edge/targets/node";
import { agent } from "./agent";

if (existsSync(".env")) process.loadEnvFile(".env");

const server = await startNodeServer(agent);
const { character, storage } = server.runtime;
console.log(\`\${character.name} is listening on \${server.url} (storage: \${storage.kind})\`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
`;
}
