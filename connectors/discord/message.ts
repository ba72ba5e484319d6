// A channel message from the Gateway (MESSAGE_CREATE) → inbound message, in the same rooms,
// worlds and entities as /ask (parse.ts): a mention in a channel and an /ask in it are one
// conversation. As elizaOS's Discord plugin: DMs are addressed to the agent, in a server a
// mention of the bot or a reply to it is; other messages are remembered and the agent decides.
// Bots (the agent itself included) are ignored. Deduplicated by message id in the inbox.
import { type AgentRuntime, ChannelType, type InboundMessage } from "../../core/index.ts";
import { mediaOf } from "./media.ts";
import { discordConversation } from "./parse.ts";
import type { DiscordAttachment, DiscordUser } from "./types.ts";

/** developers/resources/message#message-object: the parts read here. */
export interface GatewayMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  author: DiscordUser;
  content?: string;
  mentions?: DiscordUser[];
  attachments?: DiscordAttachment[];
  member?: { nick?: string | null };
  referenced_message?: { author?: DiscordUser } | null;
}

export type ParsedMessage =
  | { kind: "ignore"; reason: string }
  | { kind: "message"; inbound: InboundMessage };

const SNOWFLAKE = /^\d{1,25}$/;

export function parseGatewayMessage(
  runtime: AgentRuntime,
  message: GatewayMessage,
  botUserId: string,
): ParsedMessage {
  const author = message?.author;
  if (
    !message ||
    typeof message.id !== "string" ||
    !SNOWFLAKE.test(message.id) ||
    typeof message.channel_id !== "string" ||
    !SNOWFLAKE.test(message.channel_id) ||
    !author ||
    typeof author.id !== "string"
  ) {
    return { kind: "ignore", reason: "not a message" };
  }
  if (author.id === botUserId || author.bot === true) return { kind: "ignore", reason: "a bot" };
  const guildId = typeof message.guild_id === "string" ? message.guild_id : undefined;
  const raw = typeof message.content === "string" ? message.content : "";
  // The bot's own mention is how it was addressed, not part of what was said.
  const text = (
    SNOWFLAKE.test(botUserId) ? raw.replace(new RegExp(`<@!?${botUserId}>`, "g"), "") : raw
  ).trim();
  const attachments = (Array.isArray(message.attachments) ? message.attachments : []).flatMap((a) =>
    mediaOf(a),
  );
  if (!text && !attachments.length) return { kind: "ignore", reason: "no text" };
  const type = guildId ? ChannelType.GROUP : ChannelType.DM;
  const mentioned =
    Array.isArray(message.mentions) && message.mentions.some((u) => u?.id === botUserId);
  const isReplyToAgent = message.referenced_message?.author?.id === botUserId;
  const channelId = message.channel_id;
  const name =
    (typeof message.member?.nick === "string" && message.member.nick) ||
    (typeof author.global_name === "string" && author.global_name) ||
    author.username;
  const { roomId, worldId, entityId, channel, connection } = discordConversation(runtime, {
    channelId,
    ...(guildId ? { guildId } : {}),
    userId: author.id,
    type,
    ...(name ? { name } : {}),
    ...(author.username ? { userName: author.username } : {}),
  });
  return {
    kind: "message",
    inbound: {
      // The interactions route's keys are discord:<app>:<interaction id>; ids never collide.
      key: `discord:message:${message.id}`,
      message: {
        entityId,
        roomId,
        worldId,
        content: {
          text,
          source: "discord",
          channelType: type,
          ...(mentioned ? { mentionsAgent: true } : {}),
          ...(isReplyToAgent ? { isReplyToAgent: true } : {}),
          ...(attachments.length ? { attachments } : {}),
        },
        metadata: {
          discord: {
            messageId: message.id,
            channelId,
            userId: author.id,
            ...(guildId ? { guildId } : {}),
          },
          target: channel,
        },
      },
      connection,
      target: { ...channel, roomId, entityId, replyToMessageId: message.id },
    },
  };
}
