// Replies and reminders to a Telegram chat. Text goes as MarkdownV2 (markdown.ts: the model's
// Markdown, every reserved character escaped), split at Telegram's 4096 characters; a chunk
// Telegram still cannot parse is sent again as plain text, so formatting never costs a reply.
// The first chunk replies to the user's message. Choices and link buttons ride on the last
// message as an inline keyboard; images (content.attachments) follow as photos. Retry rules are
// in deliver.ts; partial sends in send-chunks.ts.
import {
  type AgentRuntime,
  type Content,
  deliveryProgressOf,
  type SendHandler,
  type SendTarget,
  secretBaseUrl,
} from "../../core/index.ts";
import { type Delivery, type DeliveryOptions, PlatformApiError } from "../deliver.ts";
import { choicesOf, imagesOf, linkButtonsOf } from "../reply-parts.ts";
import { sendChunks } from "../send-chunks.ts";
import { splitText } from "../split.ts";
import { callTelegram, TELEGRAM_API_BASE, type TelegramApi } from "./api.ts";
import { toMarkdownV2 } from "./markdown.ts";
import type { TelegramResult } from "./types.ts";

export const TELEGRAM_MESSAGE_LIMIT = 4096;
/** A photo's caption limit. */
const CAPTION_LIMIT = 1024;
/** Telegram's limit on a button's callback_data. */
const CALLBACK_DATA_BYTES = 64;

export interface TelegramSendParams {
  chatId: number | string;
  text: string;
  replyToMessageId?: number;
  messageThreadId?: number;
  /** An inline keyboard (reply_markup). */
  keyboard?: InlineKeyboard;
  /** Send as MarkdownV2 (the default for replies); false sends the text as it is. */
  markdown?: boolean;
}

export type InlineKeyboard = { inline_keyboard: Record<string, string>[][] };

/**
 * One chunk. A group that became a supergroup has a new id; Telegram names it: send there. A
 * MarkdownV2 chunk Telegram cannot parse goes again as the plain text it came from.
 */
export async function sendTelegramChunk(
  api: TelegramApi,
  params: TelegramSendParams,
  first: boolean,
): Promise<Delivery> {
  const markdown = params.markdown !== false;
  const body = {
    chat_id: params.chatId,
    text: markdown ? toMarkdownV2(params.text) : params.text,
    ...(markdown ? { parse_mode: "MarkdownV2" } : {}),
    ...(params.messageThreadId === undefined ? {} : { message_thread_id: params.messageThreadId }),
    ...(first && params.replyToMessageId !== undefined
      ? {
          // A deleted original must not cost the reply: send it unthreaded instead.
          reply_parameters: {
            message_id: params.replyToMessageId,
            allow_sending_without_reply: true,
          },
        }
      : {}),
    ...(params.keyboard ? { reply_markup: params.keyboard } : {}),
  };
  return sendWithFallbacks(api, "sendMessage", body, params.text);
}

/** `plainText`: what a MarkdownV2 message says without markup, sent when Telegram cannot parse it. */
async function sendWithFallbacks(
  api: TelegramApi,
  method: string,
  body: Record<string, unknown>,
  plainText?: string,
): Promise<Delivery> {
  try {
    return await callTelegram(api, method, body);
  } catch (error) {
    if (!(error instanceof PlatformApiError)) throw error;
    const result = error.body as TelegramResult | undefined;
    const moved = result?.parameters?.migrate_to_chat_id;
    if (moved !== undefined) {
      return sendWithFallbacks(api, method, { ...body, chat_id: moved }, plainText);
    }
    const unparsable =
      error.status === 400 && /can't parse entities/i.test(result?.description ?? "");
    if (unparsable && plainText !== undefined && "parse_mode" in body) {
      const { parse_mode: _, ...plain } = body;
      return callTelegram(api, method, { ...plain, text: plainText });
    }
    throw error;
  }
}

export interface TelegramSendOptions {
  delivery?: DeliveryOptions;
}

/** Choices as callback buttons, link buttons as URL buttons; two per row. */
export function inlineKeyboard(content: Content): InlineKeyboard | undefined {
  const buttons: Record<string, string>[] = [
    ...choicesOf(content).map((c) => ({ text: c.label, callback_data: callbackData(c) })),
    ...linkButtonsOf(content).map((b) => ({ text: b.label, url: b.url })),
  ];
  if (!buttons.length) return undefined;
  const rows: Record<string, string>[][] = [];
  for (let i = 0; i < buttons.length; i += 2) rows.push(buttons.slice(i, i + 2));
  return { inline_keyboard: rows };
}

/** The value when it fits Telegram's 64 bytes, else the label cut to fit. */
function callbackData(choice: { label: string; value: string }): string {
  const fits = (s: string) => new TextEncoder().encode(s).length <= CALLBACK_DATA_BYTES;
  if (fits(choice.value)) return choice.value;
  let label = choice.label;
  while (!fits(label)) label = [...label].slice(0, -1).join("");
  return label;
}

type Part = { kind: "text"; text: string } | { kind: "photo"; url: string; caption?: string };

/**
 * The runtime's send handler for source "telegram": inbox replies (which carry the message
 * to reply to) and reminders (which carry only the chat). A definite failure throws, so the
 * task that owns the send (the inbox message, the reminder) runs again later; a timeout does
 * not, since the message may have arrived.
 */
export function telegramSendHandler(options: TelegramSendOptions = {}): SendHandler {
  return async (runtime: AgentRuntime, target: SendTarget, content: Content) => {
    const text = typeof content.text === "string" ? content.text.trim() : "";
    const parts: Part[] = [
      ...splitText(text, TELEGRAM_MESSAGE_LIMIT).map((t) => ({ kind: "text" as const, text: t })),
      ...imagesOf(content).map((image) => ({
        kind: "photo" as const,
        url: image.url,
        ...(image.title ? { caption: image.title.slice(0, CAPTION_LIMIT) } : {}),
      })),
    ];
    if (!parts.length) return;
    const token = runtime.getSettingString("TELEGRAM_BOT_TOKEN");
    if (!token) throw new Error("TELEGRAM_BOT_TOKEN is not set; cannot send to Telegram");
    const chatId = target.chatId;
    if (typeof chatId !== "number" && typeof chatId !== "string") {
      throw new Error("telegram send target has no chatId");
    }
    const api: TelegramApi = {
      token,
      base: secretBaseUrl(runtime, {
        baseKey: "TELEGRAM_API_BASE",
        secretKey: "TELEGRAM_BOT_TOKEN",
        fallback: TELEGRAM_API_BASE,
      }),
      // A retry's wait is recorded on the reply's row (core's send-once): see deliver.ts.
      delivery: { ...options.delivery, progress: deliveryProgressOf(content) },
    };
    const replyToMessageId = numberOr(target.replyToMessageId);
    const messageThreadId = numberOr(target.messageThreadId);
    const keyboard = inlineKeyboard(content);
    const keys = parts.map((p) => (p.kind === "text" ? p.text : `photo:${p.url}`));
    // The buttons go under the words they answer: the last text, else the last photo.
    const lastText = parts.findLastIndex((p) => p.kind === "text");
    const withKeyboard = lastText === -1 ? parts.length - 1 : lastText;
    const result = await sendChunks(runtime, content, `telegram:${chatId}`, keys, (_key, i) => {
      const part = parts[i]!;
      const last = i === withKeyboard;
      if (part.kind === "text") {
        return sendTelegramChunk(
          api,
          {
            chatId,
            text: part.text,
            replyToMessageId,
            messageThreadId,
            ...(last && keyboard ? { keyboard } : {}),
          },
          i === 0,
        );
      }
      return sendWithFallbacks(api, "sendPhoto", {
        chat_id: chatId,
        photo: part.url,
        ...(part.caption ? { caption: part.caption } : {}),
        ...(messageThreadId === undefined ? {} : { message_thread_id: messageThreadId }),
        ...(last && keyboard ? { reply_markup: keyboard } : {}),
      });
    });
    if (result.unknown > 0) {
      runtime.logger.warn("telegram send timed out; not resent, it may have arrived", {
        chatId,
      });
    }
  };
}

function numberOr(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
