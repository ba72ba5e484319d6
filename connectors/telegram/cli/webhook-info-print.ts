// getMe and getWebhookInfo, printed for a person: which bot, where updates go, how many are
// waiting and the last delivery error Telegram saw.
import { callTelegram, type TelegramApi } from "../api.ts";
import type { TelegramResult } from "../types.ts";

interface WebhookInfo {
  url: string;
  pending_update_count: number;
  last_error_date?: number;
  last_error_message?: string;
  max_connections?: number;
  allowed_updates?: string[];
}

/** Returns false when Telegram reports a delivery error. */
export async function printWebhookInfo(api: TelegramApi): Promise<boolean> {
  const me = await callTelegram(api, "getMe", {});
  const info = await callTelegram(api, "getWebhookInfo", {});
  if (me.outcome !== "sent" || info.outcome !== "sent") {
    throw new Error("Telegram did not answer in time");
  }
  const bot = (me.body as TelegramResult<{ username?: string; id: number }>).result;
  const hook = (info.body as TelegramResult<WebhookInfo>).result;
  console.log(`bot:              @${bot?.username ?? "?"} (id ${bot?.id ?? "?"})`);
  console.log(`webhook url:      ${hook?.url || "(none: no webhook set)"}`);
  console.log(`pending updates:  ${hook?.pending_update_count ?? 0}`);
  if (hook?.max_connections !== undefined) console.log(`max connections:  ${hook.max_connections}`);
  if (hook?.allowed_updates) console.log(`allowed updates:  ${hook.allowed_updates.join(", ")}`);
  if (hook?.last_error_message) {
    const when = hook.last_error_date ? new Date(hook.last_error_date * 1000).toISOString() : "?";
    console.log(`last error:       ${hook.last_error_message} (${when})`);
    return false;
  }
  console.log("last error:       none");
  return true;
}
