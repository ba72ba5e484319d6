// "typing…" in a Telegram chat while the agent works on a message addressed to it:
// sendChatAction typing, repeated every 5 s (Telegram shows it for 5 s or until the bot's next
// message). Group chatter the agent may ignore shows nothing.
import { type AgentRuntime, ChannelType, type Memory, secretBaseUrl } from "../../core/index.ts";
import type { DeliveryOptions } from "../deliver.ts";
import { typingLoop } from "../typing-loop.ts";
import { callTelegram, TELEGRAM_API_BASE } from "./api.ts";
import type { TelegramTarget } from "./parse.ts";

export const TYPING_REPEAT_MS = 5000;

export interface TypingIndicator {
  start(runtime: AgentRuntime, runId: string, message: Memory): void;
  stop(runId: string): void;
}

export function typingIndicator(delivery?: DeliveryOptions): TypingIndicator {
  const loop = typingLoop(TYPING_REPEAT_MS);
  return {
    start(runtime, runId, message) {
      const content = message.content;
      if (content.source !== "telegram") return;
      const addressed =
        content.channelType === ChannelType.DM ||
        content.mentionsAgent === true ||
        content.isReplyToAgent === true;
      const target = message.metadata?.target as TelegramTarget | undefined;
      const token = runtime.getSettingString("TELEGRAM_BOT_TOKEN");
      if (!addressed || typeof target?.chatId !== "number" || !token) return;
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
      loop.start(
        runId,
        () => callTelegram(api, "sendChatAction", params),
        (error) => runtime.logger.debug("telegram sendChatAction failed", { error: String(error) }),
      );
    },
    stop: (runId) => loop.stop(runId),
  };
}
