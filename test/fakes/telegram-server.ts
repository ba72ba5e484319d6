// A local stand-in for the Telegram Bot API (core.telegram.org/bots/api): sendMessage, getMe,
// setWebhook, getWebhookInfo, deleteWebhook at /bot<token>/<method>, with Telegram's envelope
// ({ok, result} / {ok:false, error_code, description, parameters}) and its checks on text
// length and token. Records every request; scripted failures (429, 500) come from enqueue.
import {
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptedServer,
  startScriptedServer,
} from "./openai-server.ts";

export interface FakeTelegramOptions {
  /** The one token the fake accepts; default "123456:TEST-token". */
  token?: string;
  /** getMe's username; default "eliza_test_bot". */
  username?: string;
}

export interface SentMessage {
  chat_id: number | string;
  text: string;
  reply_parameters?: { message_id: number; allow_sending_without_reply?: boolean };
  message_thread_id?: number;
  [key: string]: unknown;
}

export interface FakeTelegramServer extends ScriptedServer {
  token: string;
  username: string;
  /** Bodies of the sendMessage calls Telegram accepted (status 200), in order. */
  sent(): SentMessage[];
  /** What setWebhook last stored. */
  webhook(): Record<string, unknown> | undefined;
}

export const DEFAULT_TELEGRAM_TOKEN = "123456:TEST-token";

/** Telegram's error envelope. */
export function telegramError(
  status: number,
  description: string,
  parameters?: Record<string, unknown>,
): ScriptedResponse {
  return {
    status,
    body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
  };
}

export async function startFakeTelegram(
  options: FakeTelegramOptions = {},
): Promise<FakeTelegramServer> {
  const token = options.token ?? DEFAULT_TELEGRAM_TOKEN;
  const username = options.username ?? "eliza_test_bot";
  const botId = Number(token.split(":")[0]);
  let nextMessageId = 1000;
  const accepted = new Set<RecordedRequest>();
  const state: { webhook: Record<string, unknown> | undefined } = { webhook: undefined };

  const server = await startScriptedServer((request) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.path.split("?")[0] ?? "");
    if (!match)
      return { status: 404, body: { ok: false, error_code: 404, description: "Not Found" } };
    if (match[1] !== token) return telegramError(401, "Unauthorized");
    const params = (request.body ?? {}) as Record<string, unknown>;
    switch (match[2]) {
      case "getMe":
        return ok({ id: botId, is_bot: true, first_name: "Eliza", username });
      case "sendMessage": {
        if (params.chat_id === undefined)
          return telegramError(400, "Bad Request: chat_id is empty");
        const text = typeof params.text === "string" ? params.text : "";
        if (!text.trim()) return telegramError(400, "Bad Request: message text is empty");
        if (text.length > 4096) return telegramError(400, "Bad Request: message is too long");
        if ("parse_mode" in params) {
          return telegramError(400, "Bad Request: the fake expects plain text only");
        }
        accepted.add(request);
        return ok({
          message_id: nextMessageId++,
          date: 1_900_000_000,
          chat: { id: params.chat_id },
          from: { id: botId, is_bot: true, username },
          text,
        });
      }
      case "setWebhook": {
        const url = typeof params.url === "string" ? params.url : "";
        if (url && !url.startsWith("https://")) {
          return telegramError(
            400,
            "Bad Request: bad webhook: An HTTPS URL must be provided for webhook",
          );
        }
        const secret = params.secret_token;
        if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(String(secret))) {
          return telegramError(400, "Bad Request: secret token contains unallowed characters");
        }
        state.webhook = url ? params : undefined;
        return ok(true, url ? "Webhook was set" : "Webhook was deleted");
      }
      case "deleteWebhook":
        state.webhook = undefined;
        return ok(true, "Webhook was deleted");
      case "getWebhookInfo":
        return ok({
          url: state.webhook?.url ?? "",
          has_custom_certificate: false,
          pending_update_count: 0,
          max_connections: state.webhook?.max_connections ?? 40,
          ...(state.webhook?.allowed_updates
            ? { allowed_updates: state.webhook.allowed_updates }
            : {}),
        });
      default:
        return telegramError(404, "Not Found: method not found");
    }
  });

  return Object.assign(server, {
    token,
    username,
    sent: () => server.requests.filter((r) => accepted.has(r)).map((r) => r.body as SentMessage),
    webhook: () => state.webhook,
  });
}

function ok(result: unknown, description?: string): ScriptedResponse {
  return { body: { ok: true, result, ...(description ? { description } : {}) } };
}
