// Discord REST calls: interaction webhooks (no auth but the interaction token, valid 15 min)
// and channel messages (Authorization: Bot <DISCORD_BOT_TOKEN>). Tokens are in URLs or headers,
// never in error messages.
import { type ApiCall, callApi, type Delivery, type DeliveryOptions } from "../deliver.ts";

export const DISCORD_API_BASE = "https://discord.com/api/v10";
// Discord asks every HTTP client to name itself this way (developers/reference#user-agent).
const USER_AGENT = "DiscordBot (https://github.com/eliza-edge/eliza-edge, 0.1.0)";

export interface DiscordApi {
  /** DISCORD_API_BASE; default https://discord.com/api/v10. */
  base?: string;
  /** DISCORD_BOT_TOKEN; only channel messages and command registration need it. */
  botToken?: string;
  delivery?: DeliveryOptions;
}

export function discordCall(
  api: DiscordApi,
  method: string,
  path: string,
  body?: unknown,
  label = `discord ${method} ${path.replace(/\/webhooks\/(\d+)\/[^/]+/, "/webhooks/$1/<token>")}`,
): ApiCall {
  const base = (api.base ?? DISCORD_API_BASE).replace(/\/+$/, "");
  return {
    label,
    url: `${base}${path}`,
    method,
    headers: {
      "user-agent": USER_AGENT,
      ...(api.botToken ? { authorization: `Bot ${api.botToken}` } : {}),
    },
    body,
    retryAfter: (b) => {
      const value = (b as { retry_after?: unknown } | undefined)?.retry_after;
      return typeof value === "number" ? value : undefined;
    },
    describe: (b) => {
      const error = b as { message?: unknown; code?: unknown } | undefined;
      return typeof error?.message === "string"
        ? `${error.message}${error.code === undefined ? "" : ` (code ${String(error.code)})`}`
        : undefined;
    },
  };
}

export function callDiscord(
  api: DiscordApi,
  method: string,
  path: string,
  body?: unknown,
): Promise<Delivery> {
  return callApi(discordCall(api, method, path, body), api.delivery);
}
