// "typing…" in the chat while the agent works on a message addressed to it: sendChatAction
// when the turn starts, again every 5 s (Telegram shows it for 5 s or until the bot's next
// message), until the first reply goes out or the turn ends. Best effort: a failed chat
// action is never worth failing a turn. Group chatter the agent may ignore shows nothing.
import { type AgentRuntime, ChannelType, type Memory, secretBaseUrl } from "../../core/index.ts";
import type { DeliveryOptions } from "../deliver.ts";
import { callTelegram, TELEGRAM_API_BASE } from "./api.ts";
import type { TelegramTarget } from "./parse.ts";

export const TYPING_REPEAT_MS = 5000;
/** No turn shows "typing…" longer than this, whatever happens to its end event. */
const TYPING_MAX_MS = 2 * 60_000;
const RUNNING_LIMIT = 1000;

export interface TypingIndicator {
  start(runtime: AgentRuntime, runId: string, message: Memory): void;
  stop(runId: string): void;
}

export function typingIndicator(delivery?: DeliveryOptions): TypingIndicator {
  const running = new Map<string, () => void>();
  return {
    start(runtime, runId, message) {
      const content = message.content;
      if (content.source !== "telegram" || running.has(runId)) return;
      const addressed =
        content.channelType === ChannelType.DM ||
        content.mentionsAgent === true ||
        content.isReplyToAgent === true;
      const target = message.metadata?.target as TelegramTarget | undefined;
      if (!addressed || typeof target?.chatId !== "number") return;
      const token = runtime.getSettingString("TELEGRAM_BOT_TOKEN");
      if (!token) return;
      const api = {
        token,
        base: secretBaseUrl(runtime, {
          baseKey: "TELEGRAM_API_BASE",
          secretKey: "TELEGRAM_BOT_TOKEN",
          fallback: TELEGRAM_API_BASE,
        }),
        // One quick try: a chat action that waits for a retry is already stale.
        delivery: { ...delivery, maxRetryAfterMs: 0, serverErrorPauseMs: 0, timeoutMs: 5000 },
      };
      const params = {
        chat_id: target.chatId,
        action: "typing",
        ...(target.messageThreadId === undefined
          ? {}
          : { message_thread_id: target.messageThreadId }),
      };
      const send = () => {
        callTelegram(api, "sendChatAction", params).catch((error) =>
          runtime.logger.debug("telegram sendChatAction failed", { error: String(error) }),
        );
      };
      send();
      const repeat = setInterval(send, TYPING_REPEAT_MS);
      const cap = setTimeout(() => stop(), TYPING_MAX_MS);
      const stop = () => {
        clearInterval(repeat);
        clearTimeout(cap);
        running.delete(runId);
      };
      if (running.size >= RUNNING_LIMIT) for (const end of [...running.values()]) end();
      running.set(runId, stop);
    },
    stop(runId) {
      running.get(runId)?.();
    },
  };
}
