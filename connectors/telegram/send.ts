// Replies and reminders to a Telegram chat: sendMessage, as plain text (no parse_mode, so
// nothing the model writes needs escaping and nothing can break entity parsing), split at
// Telegram's 4096-character limit. The first chunk replies to the user's message; the rest
// follow it. Retry rules are in deliver.ts.
import type { AgentRuntime, Content, SendHandler, SendTarget } from "../../core/index.ts";
import { DeliveryError, type DeliveryOptions } from "../deliver.ts";
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

/**
 * Sends `text` as one message per chunk. Returns how many chunks Telegram acknowledged and
 * how many went out with an unknown outcome (timed out: maybe delivered, never resent).
 */
export async function sendTelegramText(
  api: TelegramApi,
  params: TelegramSendParams,
): Promise<{ sent: number; unknown: number }> {
  let chatId = params.chatId;
  const tally = { sent: 0, unknown: 0 };
  for (const [index, chunk] of splitText(params.text, TELEGRAM_MESSAGE_LIMIT).entries()) {
    const body = {
      chat_id: chatId,
      text: chunk,
      ...(params.messageThreadId === undefined
        ? {}
        : { message_thread_id: params.messageThreadId }),
      ...(index === 0 && params.replyToMessageId !== undefined
        ? {
            // A deleted original must not cost the reply: send it unthreaded instead.
            reply_parameters: {
              message_id: params.replyToMessageId,
              allow_sending_without_reply: true,
            },
          }
        : {}),
    };
    let result: Awaited<ReturnType<typeof callTelegram>>;
    try {
      result = await callTelegram(api, "sendMessage", body);
    } catch (error) {
      // A group that became a supergroup has a new id; Telegram names it, so send there once.
      const moved =
        error instanceof DeliveryError
          ? (error.body as TelegramResult | undefined)?.parameters?.migrate_to_chat_id
          : undefined;
      if (moved === undefined) throw error;
      chatId = moved;
      result = await callTelegram(api, "sendMessage", { ...body, chat_id: chatId });
    }
    if (result.outcome === "sent") tally.sent++;
    else tally.unknown++;
  }
  return tally;
}

export interface TelegramSendOptions {
  delivery?: DeliveryOptions;
}

/**
 * The runtime's send handler for source "telegram": inbox replies (which carry the message
 * to reply to) and reminders (which carry only the chat). A failure that may succeed later
 * throws, so the task that owns the send (a reminder) retries it.
 */
export function telegramSendHandler(options: TelegramSendOptions = {}): SendHandler {
  return async (runtime: AgentRuntime, target: SendTarget, content: Content) => {
    const text = typeof content.text === "string" ? content.text.trim() : "";
    if (!text) return;
    const token = runtime.getSetting("TELEGRAM_BOT_TOKEN");
    if (!token) throw new Error("TELEGRAM_BOT_TOKEN is not set; cannot send to Telegram");
    const chatId = target.chatId;
    if (typeof chatId !== "number" && typeof chatId !== "string") {
      throw new Error("telegram send target has no chatId");
    }
    const result = await sendTelegramText(
      {
        token,
        base: runtime.getSetting("TELEGRAM_API_BASE") ?? TELEGRAM_API_BASE,
        delivery: options.delivery,
      },
      {
        chatId,
        text,
        replyToMessageId: numberOr(target.replyToMessageId),
        messageThreadId: numberOr(target.messageThreadId),
      },
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
