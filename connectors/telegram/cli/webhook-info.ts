// What Telegram knows about this bot's webhook: `npm run telegram:webhook-info`. Reads
// TELEGRAM_BOT_TOKEN and TELEGRAM_API_BASE. Exits 1 when Telegram reports a delivery error,
// so it doubles as a health check.
import { TELEGRAM_API_BASE } from "../api.ts";
import { printWebhookInfo } from "./webhook-info-print.ts";

const token = process.env.TELEGRAM_BOT_TOKEN;
if (!token) {
  console.error("TELEGRAM_BOT_TOKEN is not set: the token @BotFather gave you");
  // A missing setting is a failed command (1), not a wrong command line (2).
  process.exit(1);
}
try {
  const healthy = await printWebhookInfo({
    token,
    base: process.env.TELEGRAM_API_BASE || TELEGRAM_API_BASE,
  });
  if (!healthy) process.exitCode = 1;
} catch (error) {
  console.error(`could not read the webhook: ${(error as Error).message}`);
  process.exitCode = 1;
}
