// @ts-check
import { slugOf } from "../package-name.mjs";
// The env example: exactly the settings this target, these bots and this model provider read,
// each with what it is for. A Worker reads `.dev.vars` under `wrangler dev`; the others `.env`.

/**
 * @typedef {object} Setting
 * @property {string} name
 * @property {string} why
 * @property {string} [value] a safe example value (else empty)
 * @property {boolean} [optional] written commented out
 */

/**
 * @param {import("../answers.mjs").Answers} answers
 * @returns {Setting[]}
 */
export function settingsFor({ target, bots, model }) {
  /** @type {Setting[]} */
  const settings = [];
  if (target !== "node") {
    settings.push({
      name: "API_TOKEN",
      why: "Bearer token for POST /api/messages (the API stays closed without it)",
    });
  }
  if (target === "vercel") {
    settings.push(
      { name: "DATABASE_URL", why: "Neon Postgres connection string (postgres://...)" },
      {
        name: "CRON_SECRET",
        why: "Vercel cron sends it to /api/cron; at least 16 random characters",
      },
    );
  }
  if (model === "openai-compatible") {
    settings.push(
      { name: "OPENAI_API_KEY", why: "key for OpenAI or the compatible server (none for Ollama)" },
      {
        name: "OPENAI_BASE_URL",
        why: "another OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1 for Ollama",
        value: "https://api.openai.com/v1",
        optional: true,
      },
      {
        name: "OPENAI_SMALL_MODEL",
        why: "chat model for small calls",
        value: "gpt-4o-mini",
        optional: true,
      },
      {
        name: "OPENAI_LARGE_MODEL",
        why: "chat model for replies",
        value: "gpt-4o",
        optional: true,
      },
    );
  }
  if (model === "anthropic") {
    settings.push({ name: "ANTHROPIC_API_KEY", why: "Anthropic API key" });
  }
  // On Node the bots need no public URL: Telegram long-polls unless a webhook secret is set,
  // and Discord joins the Gateway. The webhook settings stay, commented out, for a server
  // behind a public HTTPS address.
  const local = target === "node";
  if (bots.includes("telegram")) {
    settings.push(
      { name: "TELEGRAM_BOT_TOKEN", why: "from @BotFather" },
      {
        name: "TELEGRAM_WEBHOOK_SECRET",
        why: local
          ? "only behind a public HTTPS URL: take Telegram's webhook instead of long polling"
          : "any random string; Telegram echoes it on every webhook call",
        optional: local,
      },
    );
  }
  if (bots.includes("discord")) {
    const slash = "for slash commands through a public HTTPS URL";
    settings.push(
      {
        name: "DISCORD_PUBLIC_KEY",
        why: local
          ? `Developer Portal > General Information, ${slash}`
          : "Developer Portal > General Information",
        optional: local,
      },
      {
        name: "DISCORD_APPLICATION_ID",
        why: local
          ? `Developer Portal > General Information, ${slash}`
          : "Developer Portal > General Information",
        optional: local,
      },
      { name: "DISCORD_BOT_TOKEN", why: "Developer Portal > Bot" },
    );
    if (local) {
      settings.push({
        name: "DISCORD_GATEWAY",
        why: "answer DMs and mentions over the Gateway (no public URL needed)",
        value: "true",
      });
    }
  }
  return settings;
}

/** @param {import("../answers.mjs").Answers} answers */
export function envFileName({ target }) {
  return target === "cloudflare" ? ".dev.vars" : ".env";
}

/** @param {import("../answers.mjs").Answers} answers */
export function envExample(answers) {
  const file = envFileName(answers);
  const lines = [
    `# Copy to ${file} (never committed) and fill in. ${deployNote(answers)}`,
    "# With no model key set the agent still answers, as the offline 1966 ELIZA.",
  ];
  const settings = settingsFor(answers);
  if (answers.model === "workers-ai") {
    lines.push("# Workers AI needs no key: the AI binding in wrangler.toml is the model provider.");
  }
  if (settings.length === 0) lines.push("# This project needs no settings to start.");
  for (const setting of settings) {
    lines.push(
      "",
      `# ${setting.why}`,
      `${setting.optional ? "# " : ""}${setting.name}=${setting.value ?? ""}`,
    );
  }
  if (answers.target === "lambda") {
    // Local only: deployed, serverless.yml sets the table and the SDK finds DynamoDB itself.
    lines.push(
      "",
      "# DynamoDB Local for `npm run invoke` (README: Try the Lambda before deploying)",
      "# DYNAMODB_ENDPOINT=http://127.0.0.1:8000",
      `# DYNAMODB_TABLE=${slugOf(answers.name)}-local`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** @param {import("../answers.mjs").Answers} answers */
function deployNote({ target }) {
  switch (target) {
    case "cloudflare":
      return "Deployed: `npx wrangler secret put NAME` for each.";
    case "lambda":
      return "Deployed: serverless.yml passes them from this file (useDotenv).";
    case "vercel":
      return "Deployed: set them in the Vercel project (`npx vercel env add NAME`).";
    default:
      return "`npm start` reads this file.";
  }
}
