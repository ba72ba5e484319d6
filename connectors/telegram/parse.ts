// Update → inbound message. Chat → room and world, sender → entity, all through
// createUniqueUuid so ids are stable per agent; private chats are DMs, groups are GROUPs the
// agent answers when mentioned or replied to, channels are FEEDs.
import {
  type AgentRuntime,
  ChannelType,
  createUniqueUuid,
  type InboundMessage,
} from "../../core/index.ts";
import { attachmentsOf } from "./media.ts";
import { malformedUpdate } from "./shape.ts";
import type {
  TelegramChat,
  TelegramEntity,
  TelegramMessage,
  TelegramUpdate,
  TelegramUser,
} from "./types.ts";

export interface TelegramBot {
  /** Names the bot in dedupe keys: its numeric id, or a hash of its token. */
  key: string;
  id?: number;
  /** Without the @. Unknown until getMe answered or TELEGRAM_BOT_USERNAME is set. */
  username?: string;
}

export type ParsedUpdate =
  | { kind: "ignore"; reason: string; callbackQueryId?: string }
  /** Fields of the wrong type: acknowledged and dropped, like an ignored update, but logged. */
  | { kind: "malformed"; reason: string }
  | { kind: "message"; inbound: InboundMessage; callbackQueryId?: string };

/** Where a reply to a Telegram chat goes; stored in inbox tasks and reminder tasks. */
export interface TelegramTarget {
  source: "telegram";
  chatId: number;
  messageThreadId?: number;
  replyToMessageId?: number;
}

const UPDATE_KINDS = ["message", "edited_message", "channel_post", "edited_channel_post"] as const;

/** The message an update carries, and what kind of update it is. */
export function messageOf(
  update: TelegramUpdate,
): { kind: string; message: TelegramMessage } | undefined {
  for (const kind of UPDATE_KINDS) {
    const message = update[kind];
    if (isMessage(message)) return { kind, message };
  }
  const query = update.callback_query;
  if (query && isMessage(query.message)) return { kind: "callback_query", message: query.message };
  return undefined;
}

/** True when reading a mention needs the bot's @username (a group message with an @mention). */
export function needsUsername(update: TelegramUpdate): boolean {
  if (malformedUpdate(update)) return false;
  const found = messageOf(update);
  if (!found || found.kind === "callback_query" || found.message.chat.type === "private") {
    return false;
  }
  const entities = entitiesOf(found.message);
  return entities.some(
    (e) =>
      e.type === "mention" ||
      (e.type === "bot_command" &&
        textOf(found.message)
          .slice(e.offset, e.offset + e.length)
          .includes("@")),
  );
}

export function parseUpdate(
  runtime: AgentRuntime,
  update: TelegramUpdate,
  bot: TelegramBot,
): ParsedUpdate {
  const problem = malformedUpdate(update);
  if (problem) return { kind: "malformed", reason: problem };
  const query = update.callback_query;
  if (query && typeof query === "object" && typeof query.id === "string") {
    if (!isMessage(query.message) || !isUser(query.from)) {
      return {
        kind: "ignore",
        reason: "callback query without a message",
        callbackQueryId: query.id,
      };
    }
    const text = typeof query.data === "string" ? query.data.trim() : "";
    if (!text)
      return { kind: "ignore", reason: "callback query without data", callbackQueryId: query.id };
    return {
      kind: "message",
      callbackQueryId: query.id,
      // A button press answers the bot's own message: always addressed to the agent.
      inbound: build(runtime, update, bot, query.message, query.from, text, {
        kind: "callback_query",
        addressed: true,
      }),
    };
  }
  const found = messageOf(update);
  if (!found) {
    const kinds = Object.keys(update).filter((k) => k !== "update_id");
    return { kind: "ignore", reason: `update kind ${kinds.join(",") || "(none)"} is not handled` };
  }
  const { message } = found;
  const text = textOf(message).trim();
  const attachments = attachmentsOf(message);
  if (!text && !attachments.length) return { kind: "ignore", reason: "message without text" };
  const sender = message.from;
  if (sender && bot.id !== undefined && sender.id === bot.id) {
    return { kind: "ignore", reason: "the bot's own message" };
  }
  const inbound = build(runtime, update, bot, message, sender, text, { kind: found.kind });
  if (attachments.length) inbound.message.content.attachments = attachments;
  return { kind: "message", inbound };
}

function build(
  runtime: AgentRuntime,
  update: TelegramUpdate,
  bot: TelegramBot,
  message: TelegramMessage,
  sender: TelegramUser | undefined,
  text: string,
  how: { kind: string; addressed?: boolean },
): InboundMessage {
  const chat = message.chat;
  const type = channelTypeOf(chat);
  const topic = message.is_topic_message ? message.message_thread_id : undefined;
  const roomId = createUniqueUuid(
    runtime,
    topic === undefined ? `telegram:chat:${chat.id}` : `telegram:chat:${chat.id}:topic:${topic}`,
  );
  const worldId = createUniqueUuid(runtime, `telegram:world:${chat.id}`);
  // Channel posts have no user: the channel (or the chat posting as itself) speaks.
  const speaker = sender ?? message.sender_chat ?? chat;
  const entityId = createUniqueUuid(
    runtime,
    sender ? `telegram:user:${sender.id}` : `telegram:chat-sender:${speaker.id}`,
  );
  const name = displayName(speaker);
  const userName = "username" in speaker ? speaker.username : undefined;

  const mentionsAgent = how.addressed || (type !== ChannelType.DM && mentions(message, bot));
  const isReplyToAgent =
    how.addressed || (bot.id !== undefined && message.reply_to_message?.from?.id === bot.id);

  const target: TelegramTarget = {
    source: "telegram",
    chatId: chat.id,
    ...(topic === undefined ? {} : { messageThreadId: topic }),
  };
  return {
    key: `telegram:${bot.key}:${update.update_id}`,
    message: {
      entityId,
      roomId,
      worldId,
      content: {
        text,
        source: "telegram",
        channelType: type,
        ...(mentionsAgent ? { mentionsAgent: true } : {}),
        ...(isReplyToAgent ? { isReplyToAgent: true } : {}),
        ...(how.kind.startsWith("edited_") ? { edited: true } : {}),
      },
      metadata: {
        telegram: {
          updateId: update.update_id,
          kind: how.kind,
          chatId: chat.id,
          chatType: chat.type,
          messageId: message.message_id,
          ...(sender ? { fromId: sender.id } : {}),
        },
        // Read by the reminder actions: a reminder set here is delivered to this chat.
        target,
      },
    },
    connection: {
      entityId,
      roomId,
      worldId,
      source: "telegram",
      type,
      channelId: String(chat.id),
      serverId: String(chat.id),
      worldName: chat.title ?? displayName(chat),
      ...(name ? { name } : {}),
      ...(userName ? { userName } : {}),
    },
    target: { ...target, roomId, entityId, replyToMessageId: message.message_id },
  };
}

function channelTypeOf(chat: TelegramChat): ChannelType {
  switch (chat.type) {
    case "private":
      return ChannelType.DM;
    case "channel":
      return ChannelType.FEED;
    default:
      return ChannelType.GROUP;
  }
}

/** @username, a text_mention of the bot, or a /command@username. */
function mentions(message: TelegramMessage, bot: TelegramBot): boolean {
  const text = textOf(message);
  const entities = entitiesOf(message);
  const handle = bot.username ? `@${bot.username.toLowerCase()}` : undefined;
  return entities.some((entity) => {
    const part = text.slice(entity.offset, entity.offset + entity.length).toLowerCase();
    if (entity.type === "text_mention") return bot.id !== undefined && entity.user?.id === bot.id;
    if (entity.type === "mention") return handle !== undefined && part === handle;
    if (entity.type === "bot_command") {
      // A bare /command in a group goes to every bot; /command@name only to that one.
      const at = part.indexOf("@");
      return at === -1 || (handle !== undefined && part.slice(at) === handle);
    }
    return false;
  });
}

/**
 * Longest entity read: a @username is at most 33 characters, a /command@username about 66.
 * Without the bound, thousands of entities each claiming the whole text would each copy it.
 */
const MAX_ENTITY_CHARS = 128;

function entitiesOf(message: TelegramMessage): TelegramEntity[] {
  const list = message.entities ?? message.caption_entities;
  return Array.isArray(list)
    ? list.filter(
        (e) =>
          typeof e?.offset === "number" &&
          typeof e.length === "number" &&
          e.offset >= 0 &&
          e.length >= 0 &&
          e.length <= MAX_ENTITY_CHARS,
      )
    : [];
}

function textOf(message: TelegramMessage): string {
  return typeof message.text === "string"
    ? message.text
    : typeof message.caption === "string"
      ? message.caption
      : "";
}

function displayName(who: TelegramUser | TelegramChat): string | undefined {
  if ("title" in who && who.title) return who.title;
  const full = [who.first_name, who.last_name].filter(Boolean).join(" ");
  return full || who.username || undefined;
}

function isMessage(value: unknown): value is TelegramMessage {
  const m = value as TelegramMessage | undefined;
  return (
    !!m &&
    typeof m === "object" &&
    typeof m.message_id === "number" &&
    !!m.chat &&
    typeof m.chat === "object" &&
    typeof m.chat.id === "number" &&
    typeof m.chat.type === "string"
  );
}

function isUser(value: unknown): value is TelegramUser {
  const u = value as TelegramUser | undefined;
  return !!u && typeof u === "object" && typeof u.id === "number";
}
