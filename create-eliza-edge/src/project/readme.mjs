// @ts-check
// The new project's README: the two commands first, then what each file is for and how to
// deploy to the chosen target.
import { TARGETS } from "../choices.mjs";
import { deploySection, localSection } from "./readme-deploy.mjs";
import { envFileName } from "./settings.mjs";

/** @param {import("../answers.mjs").Answers & { slug: string }} answers */
export function readmeMd(answers) {
  const { name, target, bots } = answers;
  const env = envFileName(answers);
  const port = target === "cloudflare" ? 8787 : 3000;
  // The local Node server is open on loopback; \`wrangler dev\` wants the token from .dev.vars.
  const auth = target === "cloudflare" ? " -H 'authorization: Bearer <API_TOKEN>'" : "";
  const sections = [
    `# ${name}

An [elizaOS](https://github.com/elizaOS/eliza)-style agent on ${TARGETS[target]}, built with
[eliza-edge](https://www.npmjs.com/package/eliza-edge).

\`\`\`sh
npm install && npm start   # the agent on http://127.0.0.1:${port}
npm test                   # type-check, then the plugin's tests (no network, no API key)
\`\`\`

${startNote(answers)} Talk to it:

\`\`\`sh
curl -s 127.0.0.1:${port}/api/messages${auth} -H 'content-type: application/json' -d '{"text":"Roll a die"}'
\`\`\`

${modelNote(answers, env)}`,
    `## What is here

| File | |
|---|---|
| \`src/character.ts\` | the character, in elizaOS's shape (name, bio, system, messageExamples, style, ...) |
| \`src/plugins/dice.ts\` | an example plugin: the \`ROLL_DICE\` action |
| \`src/plugins/dice.test.ts\` | its test: a real agent, in-memory storage, a scripted model |
| \`src/agent.ts\` | the agent every entry serves: character, plugins, bots |
${targetFiles(target)}
| \`${env}.example\` | every setting this project reads |`,
    ...localSection(answers),
    deploySection(answers),
  ];
  if (bots.length > 0) sections.push(botsSection(answers));
  return `${sections.join("\n\n")}\n`;
}

/**
 * @param {import("../answers.mjs").Answers} answers
 * @param {string} env the env file's name
 */
function modelNote({ model }, env) {
  if (model === "workers-ai") {
    return "It answers with Workers AI through the `AI` binding in `wrangler.toml`: no key needed.";
  }
  const key = model === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
  return `With no model key set it answers as the offline 1966 ELIZA; set \`${key}\` in \`${env}\` (see
\`${env}.example\`) for a real model.`;
}

/** @param {import("../answers.mjs").Answers} answers */
function startNote({ target, model }) {
  if (target === "cloudflare") {
    const ai =
      model === "workers-ai" ? " Workers AI runs in your account: `npx wrangler login` first." : "";
    return `\`npm start\` applies the D1 migrations to a local database and runs \`wrangler dev\`; copy \`.dev.vars.example\` to \`.dev.vars\` and set \`API_TOKEN\` first.${ai}`;
  }
  if (target === "node")
    return "`npm start` builds `src/server.ts` and serves the agent with an embedded database (`./.eliza-edge`); a web chat is at `/`.";
  return "`npm start` runs the same agent on your machine with an embedded database (`./.eliza-edge`); a web chat is at `/`.";
}

/** @param {import("../choices.mjs").Target} target */
function targetFiles(target) {
  switch (target) {
    case "cloudflare":
      return "| `src/worker.ts` | the Worker entry (the app and the agent built at startup) |\n| `src/cloudflare-workers.d.ts` | the type of `cloudflare:workers`' env |\n| `wrangler.toml` | Worker, D1 database `DB`, cron trigger |";
    case "lambda":
      return "| `src/lambda.ts` | the Lambda handler (`npm run build`: `eliza-edge build lambda`) |\n| `src/server.ts` | the same agent locally (`npm start`) |\n| `serverless.yml` | function, HTTP API, schedule, DynamoDB table |";
    case "vercel":
      return "| `src/vercel.ts` | the Vercel function (`npm run build`: `eliza-edge build vercel`) |\n| `api/index.js` | serves the function's bundle |\n| `src/server.ts` | the same agent locally (`npm start`) |\n| `vercel.json` | build, rewrites, cron |";
    default:
      return "| `src/server.ts` | the server (`npm run build`: `eliza-edge build server`) |\n| `Dockerfile` | the server in a container, started by `node` itself |";
  }
}

/** @param {import("../answers.mjs").Answers} answers */
function botsSection({ bots }) {
  const lines = ["## Bots", "", "Once deployed, with the bot settings in the env:", "", "```sh"];
  if (bots.includes("telegram")) {
    lines.push("npx eliza-edge telegram:set-webhook --url https://<your deployment>");
  }
  if (bots.includes("discord")) lines.push("npx eliza-edge discord:register-commands");
  lines.push("```");
  return lines.join("\n");
}
