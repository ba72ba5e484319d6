// On Node a Telegram bot needs no public URL: with TELEGRAM_BOT_TOKEN set and no webhook
// configured, the server long-polls getUpdates itself. TELEGRAM_MODE chooses:
//   (unset)   polling, unless TELEGRAM_WEBHOOK_SECRET is set (then the webhook route serves);
//             a webhook Telegram already has is left alone, and polling says so and stops
//   polling   always poll; a webhook Telegram has is deleted at start (pending updates kept)
//   webhook   never poll: POST /webhooks/telegram only
// Edge targets always use the webhook: they cannot hold a long poll.

import { TELEGRAM_API_BASE } from "../../connectors/telegram/api.ts";
import {
  DEFAULT_POLL_TIMEOUT_S,
  startTelegramPolling,
  type TelegramPoller,
} from "../../connectors/telegram/polling.ts";
import { type AgentRuntime, secretBaseUrl } from "../../core/index.ts";
import type { NodeEnv } from "./config.ts";

export type TelegramMode = "polling" | "webhook" | "auto";

/** TELEGRAM_MODE, checked at start: a typo must not silently pick a mode. */
export function telegramMode(env: NodeEnv): TelegramMode {
  const value = env.TELEGRAM_MODE?.trim().toLowerCase();
  if (!value || value === "auto") return "auto";
  if (value === "polling" || value === "webhook") return value;
  throw new Error(
    `TELEGRAM_MODE must be "polling" or "webhook" (or unset), got ${env.TELEGRAM_MODE}`,
  );
}

function pollTimeout(env: NodeEnv): number {
  const value = env.TELEGRAM_POLL_TIMEOUT?.trim();
  if (!value) return DEFAULT_POLL_TIMEOUT_S;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 50) {
    throw new Error(`TELEGRAM_POLL_TIMEOUT must be whole seconds from 0 to 50, got ${value}`);
  }
  return seconds;
}

/** Checks the settings; returns a starter, or undefined when this process does not poll. */
export function telegramPollingFromEnv(
  env: NodeEnv,
):
  | ((runtime: AgentRuntime, background: (work: Promise<unknown>) => void) => TelegramPoller)
  | undefined {
  if (!env.TELEGRAM_BOT_TOKEN?.trim()) return undefined;
  const mode = telegramMode(env);
  const timeoutSeconds = pollTimeout(env);
  if (mode === "webhook" || (mode === "auto" && env.TELEGRAM_WEBHOOK_SECRET?.trim())) {
    return undefined;
  }
  return (runtime, background) => {
    const token = runtime.getSettingString("TELEGRAM_BOT_TOKEN") ?? "";
    const base = secretBaseUrl(runtime, {
      baseKey: "TELEGRAM_API_BASE",
      secretKey: "TELEGRAM_BOT_TOKEN",
      fallback: TELEGRAM_API_BASE,
    });
    return startTelegramPolling({
      runtime,
      api: { token, base },
      username: runtime.getSettingString("TELEGRAM_BOT_USERNAME"),
      mode: mode === "polling" ? "polling" : "auto",
      timeoutSeconds,
      background,
    });
  };
}
