// Calling the Bot API: `{base}/bot<token>/<method>` with a JSON body. The token is part of the
// URL, so it must never reach a log line or an error message: errors name the method only.
import { type ApiCall, callApi, type Delivery, type DeliveryOptions } from "../deliver.ts";
import type { TelegramResult } from "./types.ts";

export const TELEGRAM_API_BASE = "https://api.telegram.org";

export interface TelegramApi {
  token: string;
  /** TELEGRAM_API_BASE; default https://api.telegram.org. */
  base?: string;
  delivery?: DeliveryOptions;
}

export function telegramCall(api: TelegramApi, method: string, params: unknown): ApiCall {
  const base = (api.base ?? TELEGRAM_API_BASE).replace(/\/+$/, "");
  return {
    label: `telegram ${method}`,
    url: `${base}/bot${api.token}/${method}`,
    method: "POST",
    body: params,
    retryAfter: (body) => (body as TelegramResult | undefined)?.parameters?.retry_after,
    describe: (body) => (body as TelegramResult | undefined)?.description,
  };
}

/** One Bot API method call with the shared retry rules (see deliver.ts). */
export function callTelegram(api: TelegramApi, method: string, params: unknown): Promise<Delivery> {
  return callApi(telegramCall(api, method, params), api.delivery);
}

/**
 * The bot's numeric id: the digits before the colon of its token. Not a secret, and stable
 * for the bot's life, so it names the bot in dedupe keys. A token of another shape is named
 * by a hash instead: the token itself never goes into a key.
 */
export async function botKey(token: string): Promise<string> {
  const id = /^(\d+):/.exec(token)?.[1];
  if (id) return id;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return `h${[...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export function botIdOf(token: string): number | undefined {
  const id = /^(\d+):/.exec(token)?.[1];
  return id ? Number(id) : undefined;
}

// The bot's @username, learnt from getMe on the first group mention and kept for the isolate's
// life. Only settled values are kept: a pending promise must not be shared across requests on
// Workers.
const usernames = new Map<string, string>();

export async function botUsername(
  api: TelegramApi,
  configured?: string,
): Promise<string | undefined> {
  if (configured) return configured.replace(/^@/, "");
  const key = await botKey(api.token);
  const known = usernames.get(key);
  if (known) return known;
  try {
    const result = await callApi(
      { ...telegramCall(api, "getMe", {}), label: "telegram getMe" },
      { ...api.delivery, maxRetryAfterMs: 0, serverErrorPauseMs: 0, timeoutMs: 3000 },
    );
    const username =
      result.outcome === "sent"
        ? (result.body as TelegramResult<{ username?: string }>).result?.username
        : undefined;
    if (username) usernames.set(key, username);
    return username;
  } catch {
    // Mentions by @username go unnoticed until getMe answers; replies and names still count.
    return undefined;
  }
}
