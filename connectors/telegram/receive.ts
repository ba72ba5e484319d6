// One Telegram update, however it arrived (the webhook, or getUpdates long polling on Node):
// parsed, logged when malformed or ignored, accepted into the durable inbox under the message
// limits, and a user over a limit who addressed the agent told why, once a minute.
import {
  type AgentRuntime,
  ChannelType,
  type InboundMessage,
  rateLimitRefusal,
  type WebhookAcceptance,
} from "../../core/index.ts";
import { botIdOf, botKey, botUsername, type TelegramApi } from "./api.ts";
import { needsUsername, parseUpdate } from "./parse.ts";
import type { TelegramUpdate } from "./types.ts";

export interface UpdateReceiver {
  runtime: AgentRuntime;
  api: TelegramApi;
  /** TELEGRAM_BOT_USERNAME, else one getMe. */
  username?: string;
  /** Records the message; the webhook runs its turn in waitUntil, the poller in the process. */
  accept(inbound: InboundMessage): Promise<WebhookAcceptance>;
  /** Work that may finish after the update is acknowledged. */
  background(work: Promise<unknown>): void;
}

export interface Received {
  /** A button press: the caller stops its spinner (answerCallbackQuery). */
  callbackQueryId?: string;
  /** The update is recorded (or a duplicate of one that is): it may be acknowledged. */
  outcome: "accepted" | "duplicate" | "rate_limited" | "ignored" | "malformed";
}

export async function receiveUpdate(r: UpdateReceiver, update: TelegramUpdate): Promise<Received> {
  const { runtime } = r;
  const bot = {
    key: await botKey(r.api.token),
    id: botIdOf(r.api.token),
    username: needsUsername(update) ? await botUsername(r.api, r.username) : undefined,
  };
  const parsed = parseUpdate(runtime, update, bot);
  const callbackQueryId = "callbackQueryId" in parsed ? parsed.callbackQueryId : undefined;
  if (parsed.kind === "malformed") {
    // One line, naming the field only: the update's text never reaches the log.
    runtime.logger.warn("telegram update malformed; dropped", {
      updateId: update.update_id,
      reason: parsed.reason,
    });
    return { callbackQueryId, outcome: "malformed" };
  }
  if (parsed.kind === "ignore") {
    runtime.logger.debug("telegram update ignored", {
      updateId: update.update_id,
      reason: parsed.reason,
    });
    return { callbackQueryId, outcome: "ignored" };
  }
  const acceptance = await r.accept(parsed.inbound);
  if (acceptance.accepted) return { callbackQueryId, outcome: "accepted" };
  // Over the limit: acknowledged (a non-2xx would be redelivered) and dropped. A message the
  // agent would have answered hears why, once a minute, rather than silence.
  if (acceptance.reason === "rate_limited") {
    const { message } = parsed.inbound;
    const addressed =
      message.content.channelType === ChannelType.DM ||
      message.content.mentionsAgent === true ||
      message.content.isReplyToAgent === true;
    if (
      addressed &&
      (await runtime.messageLimiter.claimNotice(message, acceptance.verdict, runtime.now()))
    ) {
      const refusal = { text: rateLimitRefusal(acceptance.verdict), source: "telegram" };
      r.background(runtime.sendMessageToTarget(parsed.inbound.target, refusal));
    }
    return { callbackQueryId, outcome: "rate_limited" };
  }
  return { callbackQueryId, outcome: "duplicate" };
}
