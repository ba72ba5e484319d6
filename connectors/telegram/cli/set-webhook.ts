// Points Telegram at this deployment: `npm run telegram:set-webhook -- --url https://host`.
// Reads TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET (the same value the deployment has) and
// TELEGRAM_API_BASE. A bare origin gets /webhooks/telegram appended. Prints the result of
// getWebhookInfo afterwards; sets the bot's command menu (/start, /help) with setMyCommands.
// Never prints the token or the secret.
//
//   --url <https url>          where Telegram should POST updates (required unless --delete)
//   --drop-pending-updates     discard updates queued while no webhook was reachable
//   --allowed-updates <list>   comma-separated; default message,edited_message,channel_post,callback_query
//   --max-connections <1-100>  parallel deliveries Telegram may open; default Telegram's 40
//   --delete                   remove the webhook instead
import { parseArgs } from "node:util";
import { callTelegram, TELEGRAM_API_BASE } from "../api.ts";
import { BOT_COMMANDS, setBotCommands } from "../commands.ts";
import type { TelegramResult } from "../types.ts";
import { printWebhookInfo } from "./webhook-info-print.ts";

const DEFAULT_UPDATES = ["message", "edited_message", "channel_post", "callback_query"];

// Exit codes as the eliza-edge CLI's: 1 a setting is missing or the call failed, 2 usage.
const fail = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      url: { type: "string" },
      "drop-pending-updates": { type: "boolean", default: false },
      "allowed-updates": { type: "string" },
      "max-connections": { type: "string" },
      delete: { type: "boolean", default: false },
    },
    strict: true,
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail(
    `${(error as Error).message}\nusage: npm run telegram:set-webhook -- --url https://your.host`,
  );
}

const token = process.env.TELEGRAM_BOT_TOKEN;
if (!token) fail("TELEGRAM_BOT_TOKEN is not set: the token @BotFather gave you", 1);
const api = { token: token!, base: process.env.TELEGRAM_API_BASE || TELEGRAM_API_BASE };

let params: Record<string, unknown>;
if (args!.delete) {
  params = { drop_pending_updates: args!["drop-pending-updates"] };
} else {
  const secret = process.env.TELEGRAM_WEBHOOK_SECRET;
  if (!secret) {
    fail(
      "TELEGRAM_WEBHOOK_SECRET is not set: generate one (openssl rand -hex 32) and give the same value to the deployment",
      1,
    );
  }
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(secret!)) {
    fail(
      "TELEGRAM_WEBHOOK_SECRET must be 1-256 characters of A-Z a-z 0-9 _ - (Telegram's rule)",
      1,
    );
  }
  if (!args!.url) fail("--url is required: the public https URL of this deployment");
  let url: URL;
  try {
    url = new URL(args!.url!);
  } catch {
    fail(`--url is not a URL: ${args!.url}`);
  }
  if (url!.protocol !== "https:") fail("--url must be https: Telegram only delivers to HTTPS");
  if (url!.pathname === "/" || url!.pathname === "") url!.pathname = "/webhooks/telegram";
  const allowed = args!["allowed-updates"]
    ? args!["allowed-updates"]
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : DEFAULT_UPDATES;
  const max = args!["max-connections"];
  if (max !== undefined && !(Number.isInteger(Number(max)) && +max >= 1 && +max <= 100)) {
    fail("--max-connections must be a whole number from 1 to 100");
  }
  params = {
    url: url!.href,
    secret_token: secret,
    allowed_updates: allowed,
    drop_pending_updates: args!["drop-pending-updates"],
    ...(max === undefined ? {} : { max_connections: Number(max) }),
  };
}

try {
  const method = args!.delete ? "deleteWebhook" : "setWebhook";
  const result = await callTelegram(api, method, params);
  if (result.outcome !== "sent") fail("Telegram did not answer in time; run the command again", 1);
  console.log((result as { body: TelegramResult }).body.description ?? `${method}: ok`);
  if (!args!.delete && (await setBotCommands(api))) {
    console.log(`commands:         ${BOT_COMMANDS.map((c) => `/${c.command}`).join(", ")}`);
  }
  await printWebhookInfo(api);
} catch (error) {
  fail(`could not ${args!.delete ? "delete" : "set"} the webhook: ${(error as Error).message}`, 1);
}
