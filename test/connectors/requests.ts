// Requests as Telegram and Discord send them, for any app: in-process, a Worker in Miniflare,
// a Lambda handler. Builders only; nothing here knows how the request is delivered.
import type { TelegramUpdate } from "../../connectors/telegram/index.ts";
import { interactionRequest, signInteraction } from "../fixtures/discord/signer.ts";

export const ORIGIN = "https://agent.example";
export const TELEGRAM_SECRET = "tg-webhook_secret-0123456789";
export const BOT_ID = 123456;
export const BOT_USERNAME = "eliza_test_bot";
export const APPLICATION_ID = "1300000000000000001";

let nextUpdateId = 500_000;
let nextMessageId = 1;
let nextInteractionId = 1_310_000_000_000_000_000n;

export interface User {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
}

export const ann: User = {
  id: 1001,
  is_bot: false,
  first_name: "Ann",
  last_name: "Lee",
  username: "ann",
};
export const bob: User = { id: 1002, is_bot: false, first_name: "Bob", username: "bob" };
export const dmChat = (user: User = ann) => ({
  id: user.id,
  type: "private" as const,
  first_name: user.first_name,
  username: user.username,
});
export const groupChat = { id: -1001234567890, type: "supergroup" as const, title: "Stretch club" };
export const channelChat = { id: -1009876543210, type: "channel" as const, title: "News" };

export interface TextMessageOptions {
  chat?: { id: number; type: string; title?: string };
  from?: User;
  /** Adds a mention entity for @BOT_USERNAME at the start of the text. */
  mention?: boolean;
  replyToBot?: boolean;
  kind?: "message" | "edited_message" | "channel_post";
  updateId?: number;
}

/** A text update; `update_id` and `message_id` are fresh unless given. */
export function textUpdate(text: string, options: TextMessageOptions = {}): TelegramUpdate {
  const chat = options.chat ?? dmChat(options.from ?? ann);
  const body = options.mention ? `@${BOT_USERNAME} ${text}` : text;
  const message = {
    message_id: nextMessageId++,
    date: 1_900_000_000,
    chat,
    ...(options.kind === "channel_post" ? { sender_chat: chat } : { from: options.from ?? ann }),
    text: body,
    ...(options.mention
      ? { entities: [{ type: "mention", offset: 0, length: BOT_USERNAME.length + 1 }] }
      : {}),
    ...(options.replyToBot
      ? {
          reply_to_message: {
            message_id: 1,
            date: 1_899_999_999,
            chat,
            from: { id: BOT_ID, is_bot: true, first_name: "Eliza", username: BOT_USERNAME },
            text: "an earlier answer",
          },
        }
      : {}),
  };
  return { update_id: options.updateId ?? nextUpdateId++, [options.kind ?? "message"]: message };
}

export function callbackUpdate(data: string, chat = dmChat()): TelegramUpdate {
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: `cbq-${nextUpdateId}`,
      from: ann,
      data,
      message: {
        message_id: nextMessageId++,
        chat,
        from: { id: BOT_ID, is_bot: true, first_name: "Eliza" },
        text: "pick one",
      },
    },
  };
}

/** POST /webhooks/telegram. `secret: null` leaves the header out. */
export function telegramRequest(
  update: TelegramUpdate | string,
  secret: string | null = TELEGRAM_SECRET,
): Request {
  return new Request(`${ORIGIN}/webhooks/telegram`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(secret === null ? {} : { "x-telegram-bot-api-secret-token": secret }),
    },
    body: typeof update === "string" ? update : JSON.stringify(update),
  });
}

export interface AskOptions {
  channelId?: string;
  guildId?: string | null;
  userId?: string;
  id?: string;
  token?: string;
}

/** An APPLICATION_COMMAND interaction for `/ask text:<text>`. */
export function askInteraction(text: string, options: AskOptions = {}) {
  const id = options.id ?? String(nextInteractionId++);
  const user = { id: options.userId ?? "2000000000000000001", username: "ann", global_name: "Ann" };
  const guildId = options.guildId === undefined ? "1400000000000000001" : options.guildId;
  return {
    id,
    application_id: APPLICATION_ID,
    type: 2,
    token: options.token ?? `aW50ZXJhY3Rpb246${id}:token-${id}`,
    version: 1,
    channel_id: options.channelId ?? "1500000000000000001",
    channel: { id: options.channelId ?? "1500000000000000001", type: guildId ? 0 : 1 },
    ...(guildId ? { guild_id: guildId, member: { user, nick: null } } : { user }),
    data: {
      id: "1600000000000000001",
      name: "ask",
      type: 1,
      options: [{ name: "text", type: 3, value: text }],
    },
  };
}

/** A press of a component on the agent's message: a button (2) by default, or a select menu (3). */
export function componentInteraction(customId = "more", componentType = 2) {
  const id = String(nextInteractionId++);
  return {
    id,
    application_id: APPLICATION_ID,
    type: 3,
    token: `component-${id}`,
    version: 1,
    channel_id: "1500000000000000001",
    user: { id: "2000000000000000001", username: "ann" },
    data: { custom_id: customId, component_type: componentType },
  };
}

/** POST /webhooks/discord, signed with the RFC 8032 TEST 1 key. */
export function discordRequest(
  body: string | object,
  options: { timestamp?: string; headers?: Record<string, string> } = {},
): Request {
  return interactionRequest(
    `${ORIGIN}/webhooks/discord`,
    signInteraction(body, options.timestamp),
    options.headers,
  );
}
