// Replies and reminders to a Telegram chat: sendMessage, as plain text (no parse_mode, so
// nothing the model writes needs escaping and nothing can break entity parsing), split at
// Telegram's 4096-character limit. The first chunk replies to the user's message; the rest
// follow it. Retry rules are in deliver.ts; partial sends in send-chunks.ts.
import {
  type AgentRuntime,
  type Content,
  type SendHandler,
  type SendTarget,
  secretBaseUrl,
} from "../../core/index.ts";
import { type Delivery, type DeliveryOptions, PlatformApiError } from "../deliver.ts";
import { sendChunks } from "../send-chunks.ts";
import { splitText } from "../split.ts";
import { callTelegram, TELEGRAM_API_BASE, type TelegramApi } from "./api.ts";
import type { TelegramResult } from "./types.ts";

export const TELEGRAM_MESSAGE_LIMIT = 4096;

export interface TelegramSendParams {
  chatId: number | string;
  text: string;
  replyToMessageId?: number;
  messageThreadId?: number;
}

/** One chunk. A group that became a supergroup has a new id; Telegram names it: send there. */
export async function sendTelegramChunk(
  api: TelegramApi,
  params: TelegramSendParams,
  first: boolean,
): Promise<Delivery> {
  const body = {
    chat_id: params.chatId,
    text: params.text,
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
  };
  try {
    return await callTelegram(api, "sendMessage", body);
  } catch (error) {
    const moved =
      error instanceof PlatformApiError
        ? (error.body as TelegramResult | undefined)?.parameters?.migrate_to_chat_id
        : undefined;
    if (moved === undefined) throw error;
    return callTelegram(api, "sendMessage", { ...body, chat_id: moved });
  }
}

export interface TelegramSendOptions {
  delivery?: DeliveryOptions;
}

/**
 * The runtime's send handler for source "telegram": inbox replies (which carry the message
 * to reply to) and reminders (which carry only the chat). A definite failure throws, so the
 * task that owns the send (the inbox message, the reminder) runs again later; a timeout does
 * not, since the message may have arrived.
 */
export function telegramSendHandler(options: TelegramSendOptions = {}): SendHandler {
  return async (runtime: AgentRuntime, target: SendTarget, content: Content) => {
    const text = typeof content.text === "string" ? content.text.trim() : "";
    if (!text) return;
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
      delivery: options.delivery,
    };
    const replyToMessageId = numberOr(target.replyToMessageId);
    const messageThreadId = numberOr(target.messageThreadId);
    const chunks = splitText(text, TELEGRAM_MESSAGE_LIMIT);
    const result = await sendChunks(runtime, content, `telegram:${chatId}`, chunks, (chunk, i) =>
      sendTelegramChunk(api, { chatId, text: chunk, replyToMessageId, messageThreadId }, i === 0),
    );
    if (result.unknown > 0) {
      runtime.logger.warn("telegram sendMessage timed out; not resent, it may have arrived", {
        chatId,
      });
    }
  };
}

function numberOr(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
