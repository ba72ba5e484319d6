// A local stand-in for the Telegram Bot API (core.telegram.org/bots/api) at /bot<token>/<method>,
// with Telegram's envelope ({ok, result} / {ok:false, error_code, description, parameters}) and
// its checks: sendMessage (text length, MarkdownV2 entity parsing, inline keyboards), sendPhoto,
// sendChatAction, answerCallbackQuery, getMe, set/delete/getWebhookInfo, setMyCommands,
// getUpdates long polling (offset confirms, timeout holds the request, 409 while a webhook is
// set) and getFile with the file download at /file/bot<token>/<file_path>. Records every
// request; scripted failures (429, 500) come from enqueue.
import {
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptedServer,
  startScriptedServer,
} from "./openai-server.ts";
import { MarkdownParseError, parseMarkdownV2 } from "./telegram-markdown.ts";

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
  parse_mode?: string;
  reply_markup?: { inline_keyboard?: { text: string; callback_data?: string; url?: string }[][] };
  /** What the chat shows: the text after Telegram parsed its markup. */
  shown: string;
  [key: string]: unknown;
}

export interface FakeFile {
  bytes: Uint8Array;
  /** The file_path getFile reports; default "files/<file_id>". */
  path?: string;
}

export interface FakeTelegramServer extends ScriptedServer {
  token: string;
  username: string;
  /** Bodies of the sendMessage calls Telegram accepted (status 200), in order. */
  sent(): SentMessage[];
  /** Bodies of accepted calls of one method (sendPhoto, sendChatAction, answerCallbackQuery...). */
  calls(method: string): Record<string, unknown>[];
  /** What setWebhook last stored. */
  webhook(): Record<string, unknown> | undefined;
  /** Sets (or with undefined clears) the webhook as if another deployment had. */
  setWebhook(url: string | undefined): void;
  /** Commands setMyCommands stored. */
  commands(): unknown[] | undefined;
  /** Queues an update for getUpdates (update_id assigned when absent); returns its id. */
  push(update: Record<string, unknown>): number;
  /** Updates not yet confirmed by an offset. */
  unconfirmed(): number[];
  /** Serves a file through getFile and the download path. */
  addFile(fileId: string, file: FakeFile): void;
  /**
   * Called with each getUpdates request before Telegram reads it; "drop" cuts the connection
   * with the offset not applied (the caller died before Telegram saw the request).
   */
  onGetUpdates?: (params: Record<string, unknown>) => "drop" | undefined;
  /** Called with the update ids a getUpdates answer carries, just before it is sent. */
  onServed?: (ids: number[]) => void;
}

export const DEFAULT_TELEGRAM_TOKEN = "123456:TEST-token";
/** The Bot API's download cap for getFile. */
export const TELEGRAM_DOWNLOAD_LIMIT = 20 * 1024 * 1024;
const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);

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
  let nextUpdateId = 500_000;
  const accepted = new Map<RecordedRequest, string>();
  const shown = new Map<RecordedRequest, string>();
  const state: { webhook: Record<string, unknown> | undefined; commands?: unknown[] } = {
    webhook: undefined,
  };
  const updates: Record<string, unknown>[] = [];
  const files = new Map<string, FakeFile>();
  let wake: (() => void)[] = [];
  const notify = () => {
    const waiting = wake;
    wake = [];
    for (const resolve of waiting) resolve();
  };

  // Scripted failures are for the calls a test is about (sendMessage...), not for the ones
  // that happen around them (typing, polling, the command menu).
  const scripted: ScriptedResponse[] = [];
  const BACKGROUND = new Set([
    "sendChatAction",
    "getUpdates",
    "getWebhookInfo",
    "setMyCommands",
    "answerCallbackQuery",
  ]);
  const server = await startScriptedServer((request) => {
    const path = request.path.split("?")[0] ?? "";
    const called = /\/(\w+)$/.exec(path)?.[1] ?? "";
    if (scripted.length && !BACKGROUND.has(called) && !path.startsWith("/file/")) {
      return scripted.shift()!;
    }
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(path);
    if (download && request.method === "GET") {
      if (download[1] !== token) return { status: 401, body: "Unauthorized" };
      const file = [...files.values()].find((f) => f.path === download[2]);
      return file ? { body: file.bytes } : { status: 404, body: "Not Found" };
    }
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(path);
    if (!match)
      return { status: 404, body: { ok: false, error_code: 404, description: "Not Found" } };
    if (match[1] !== token) return telegramError(401, "Unauthorized");
    const params = (request.body ?? {}) as Record<string, unknown>;
    const method = match[2]!;
    const ok = (result: unknown, description?: string): ScriptedResponse => {
      accepted.set(request, method);
      return { body: { ok: true, result, ...(description ? { description } : {}) } };
    };
    switch (method) {
      case "getMe":
        return ok({ id: botId, is_bot: true, first_name: "Eliza", username });
      case "sendMessage": {
        if (params.chat_id === undefined)
          return telegramError(400, "Bad Request: chat_id is empty");
        const text = typeof params.text === "string" ? params.text : "";
        if (!text.trim()) return telegramError(400, "Bad Request: message text is empty");
        let visible = text;
        if (params.parse_mode !== undefined) {
          if (params.parse_mode !== "MarkdownV2") {
            return telegramError(400, `Bad Request: unsupported parse_mode ${params.parse_mode}`);
          }
          try {
            visible = parseMarkdownV2(text).text;
          } catch (error) {
            if (error instanceof MarkdownParseError) return telegramError(400, error.message);
            throw error;
          }
        }
        if (visible.length > 4096) return telegramError(400, "Bad Request: message is too long");
        const markup = keyboardProblem(params.reply_markup);
        if (markup) return telegramError(400, `Bad Request: ${markup}`);
        shown.set(request, visible);
        return ok(message(params.chat_id, visible));
      }
      case "sendPhoto": {
        if (typeof params.photo !== "string" || !/^https?:\/\//.test(params.photo)) {
          return telegramError(400, "Bad Request: wrong remote file identifier specified");
        }
        return ok({ ...message(params.chat_id, ""), photo: [{ file_id: "sent-photo" }] });
      }
      case "sendChatAction":
        if (!CHAT_ACTIONS.has(String(params.action))) {
          return telegramError(400, "Bad Request: wrong parameter action in request");
        }
        return ok(true);
      case "answerCallbackQuery":
        if (typeof params.callback_query_id !== "string") {
          return telegramError(400, "Bad Request: query is too old and response timeout expired");
        }
        return ok(true);
      case "setMyCommands": {
        const commands = params.commands;
        const bad =
          !Array.isArray(commands) ||
          commands.some(
            (c) =>
              !/^[a-z0-9_]{1,32}$/.test(String((c as { command?: unknown }).command)) ||
              String((c as { description?: unknown }).description ?? "").length < 1 ||
              String((c as { description?: unknown }).description).length > 256,
          );
        if (bad) return telegramError(400, "Bad Request: BOT_COMMAND_INVALID");
        state.commands = commands as unknown[];
        return ok(true);
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
        if (!state.webhook) return ok(true, "Webhook is already deleted");
        state.webhook = undefined;
        if (params.drop_pending_updates === true) updates.length = 0;
        return ok(true, "Webhook was deleted");
      case "getWebhookInfo":
        return ok({
          url: state.webhook?.url ?? "",
          has_custom_certificate: false,
          pending_update_count: state.webhook ? updates.length : 0,
          max_connections: state.webhook?.max_connections ?? 40,
          ...(state.webhook?.allowed_updates
            ? { allowed_updates: state.webhook.allowed_updates }
            : {}),
        });
      case "getUpdates":
        return getUpdates(params, ok);
      case "getFile": {
        const file = files.get(String(params.file_id));
        if (!file) return telegramError(400, "Bad Request: invalid file_id");
        if (file.bytes.byteLength > TELEGRAM_DOWNLOAD_LIMIT) {
          return telegramError(400, "Bad Request: file is too big");
        }
        return ok({
          file_id: params.file_id,
          file_unique_id: `u-${params.file_id}`,
          file_size: file.bytes.byteLength,
          file_path: file.path,
        });
      }
      default:
        return telegramError(404, "Not Found: method not found");
    }
  });

  function getUpdates(
    params: Record<string, unknown>,
    ok: (result: unknown) => ScriptedResponse,
  ): ScriptedResponse {
    if (fake.onGetUpdates?.(params) === "drop") return { dropConnection: true };
    if (state.webhook) {
      return telegramError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    // An offset confirms every update before it: Telegram forgets them.
    const offset = typeof params.offset === "number" ? params.offset : undefined;
    if (offset !== undefined) {
      while (updates.length && Number(updates[0]!.update_id) < offset) updates.shift();
    }
    const limit = typeof params.limit === "number" ? params.limit : 100;
    const allowed = Array.isArray(params.allowed_updates) ? params.allowed_updates : undefined;
    const take = () =>
      updates
        .filter((u) => !allowed || Object.keys(u).some((k) => allowed.includes(k)))
        .slice(0, limit);
    const serve = () => {
      const batch = take();
      if (batch.length) fake.onServed?.(batch.map((u) => Number(u.update_id)));
      return ok(batch);
    };
    const timeout = typeof params.timeout === "number" ? params.timeout : 0;
    if (take().length || timeout <= 0) return serve();
    const held = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeout * 1000);
      wake.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    return { heldUntil: held, answer: serve };
  }

  function message(chatId: unknown, text: string) {
    return {
      message_id: nextMessageId++,
      date: 1_900_000_000,
      chat: { id: chatId },
      from: { id: botId, is_bot: true, username },
      text,
    };
  }

  const bodies = (method: string) =>
    server.requests.filter((r) => accepted.get(r) === method).map((r) => r.body);
  const close = server.close;
  const fake: FakeTelegramServer = Object.assign(server, {
    enqueue: (...responses: ScriptedResponse[]) => {
      scripted.push(...responses);
    },
    close: async () => {
      notify();
      await close();
    },
    token,
    username,
    sent: () =>
      server.requests
        .filter((r) => accepted.get(r) === "sendMessage")
        .map((r) => ({ ...(r.body as SentMessage), shown: shown.get(r) ?? "" })),
    calls: (method: string) => bodies(method) as Record<string, unknown>[],
    webhook: () => state.webhook,
    setWebhook: (url: string | undefined) => {
      state.webhook = url ? { url } : undefined;
    },
    commands: () => state.commands,
    push: (update: Record<string, unknown>) => {
      const id = typeof update.update_id === "number" ? update.update_id : nextUpdateId++;
      updates.push({ ...update, update_id: id });
      notify();
      return id;
    },
    unconfirmed: () => updates.map((u) => Number(u.update_id)),
    addFile: (fileId: string, file: FakeFile) => {
      files.set(fileId, { ...file, path: file.path ?? `files/${fileId}` });
    },
  });
  return fake;
}

/** What Telegram would refuse in an inline keyboard, or undefined. */
function keyboardProblem(markup: unknown): string | undefined {
  if (markup === undefined) return undefined;
  const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (!Array.isArray(rows)) return 'field "inline_keyboard" must be an Array';
  for (const row of rows) {
    if (!Array.isArray(row)) return 'field "inline_keyboard" must be an Array of Arrays';
    for (const button of row as Record<string, unknown>[]) {
      if (typeof button.text !== "string" || !button.text) return "BUTTON_TEXT_EMPTY";
      const data = button.callback_data;
      if (
        data !== undefined &&
        (typeof data !== "string" || !data || new TextEncoder().encode(data).length > 64)
      ) {
        return "BUTTON_DATA_INVALID";
      }
      if (data === undefined && typeof button.url !== "string") {
        return "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard";
      }
    }
  }
  return undefined;
}
