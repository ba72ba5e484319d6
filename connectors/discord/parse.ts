// Interaction → inbound message. Channel → room, guild → world (a DM is its own world),
// user → entity. A slash command is addressed to the agent by definition, so it always counts
// as a mention, in a guild channel too.
import {
  type AgentRuntime,
  ChannelType,
  createUniqueUuid,
  type InboundMessage,
} from "../../core/index.ts";
import { attachmentsOf } from "./media.ts";
import type { CommandOption, Interaction } from "./types.ts";

/** An interaction token works for 15 minutes; stop using it a little before. */
export const INTERACTION_TOKEN_MS = 15 * 60_000;
const TOKEN_MARGIN_MS = 30_000;

/** Where a reply goes. Reminders keep only the channel: the token will be long dead. */
export interface DiscordTarget {
  source: "discord";
  channelId: string;
  guildId?: string;
  applicationId?: string;
  interactionId?: string;
  interactionToken?: string;
  /** ms since epoch (the runtime's clock); after it, replies go to the channel as the bot. */
  interactionExpiresAt?: number;
}

/** Who and where a Discord message is, as both /ask and Gateway messages name it. */
export interface DiscordSpeaker {
  channelId: string;
  guildId?: string;
  userId: string;
  type: ChannelType;
  name?: string;
  userName?: string;
}

/**
 * The ids of a Discord conversation (channel → room, guild → world, a DM its own world, user
 * → entity), the channel a reply goes to, and the connection to ensure: one mapping, so a
 * mention and an /ask in a channel are one conversation.
 */
export function discordConversation(runtime: AgentRuntime, speaker: DiscordSpeaker) {
  const { channelId, guildId, type, name, userName } = speaker;
  const roomId = createUniqueUuid(runtime, `discord:channel:${channelId}`);
  const worldId = createUniqueUuid(
    runtime,
    guildId ? `discord:guild:${guildId}` : `discord:dm:${channelId}`,
  );
  const entityId = createUniqueUuid(runtime, `discord:user:${speaker.userId}`);
  const channel: DiscordTarget = { source: "discord", channelId, ...(guildId ? { guildId } : {}) };
  const connection: InboundMessage["connection"] = {
    entityId,
    roomId,
    worldId,
    source: "discord",
    type,
    channelId,
    serverId: guildId ?? channelId,
    worldName: guildId ? `discord guild ${guildId}` : `discord DM ${channelId}`,
    ...(name ? { name } : {}),
    ...(userName ? { userName } : {}),
  };
  return { roomId, worldId, entityId, channel, connection };
}

// Discord channel types (developers/resources/channel#channel-object-channel-types).
const DM_CHANNELS = new Set([1, 3]);
const THREAD_CHANNELS = new Set([10, 11, 12]);
const ATTACHMENT_OPTION = 11;
/** Option names taken as the user's words, in this order. */
const TEXT_OPTIONS = ["text", "message", "prompt", "question", "query"];

export function isInteraction(value: unknown): value is Interaction {
  const i = value as Interaction | undefined;
  return (
    !!i &&
    typeof i === "object" &&
    typeof i.id === "string" &&
    typeof i.type === "number" &&
    typeof i.token === "string" &&
    typeof i.application_id === "string"
  );
}

/** The words a command carries: its text option, else every option value, else its name. */
export function commandText(interaction: Interaction): string {
  const data = interaction.data;
  const options = flatten(data?.options ?? []);
  for (const name of TEXT_OPTIONS) {
    const option = options.find((o) => o.name === name && typeof o.value === "string");
    if (option) return String(option.value).trim();
  }
  // An attachment option's value is the file's id, not words.
  const values = options
    .filter((o) => o.value !== undefined && o.type !== ATTACHMENT_OPTION)
    .map((o) => String(o.value));
  return values.length ? values.join(" ").trim() : data?.name ? `/${data.name}` : "";
}

export function parseInteraction(
  runtime: AgentRuntime,
  interaction: Interaction,
  text: string,
): InboundMessage | undefined {
  // Discord signs what it sends, but a wrong type must still be a polite refusal, not a 5xx.
  const user = objectOr(interaction.member?.user) ?? objectOr(interaction.user);
  const channelId = stringOr(interaction.channel_id) ?? stringOr(objectOr(interaction.channel)?.id);
  if (!user || typeof user.id !== "string" || !channelId) return undefined;
  const guildId = stringOr(interaction.guild_id);
  const channelType = numberOr(objectOr(interaction.channel)?.type);
  const type =
    !guildId || (channelType !== undefined && DM_CHANNELS.has(channelType))
      ? ChannelType.DM
      : channelType !== undefined && THREAD_CHANNELS.has(channelType)
        ? ChannelType.THREAD
        : ChannelType.GROUP;
  const name =
    stringOr(objectOr(interaction.member)?.nick) ??
    stringOr(user.global_name) ??
    stringOr(user.username);
  const userName = stringOr(user.username);
  const { roomId, worldId, entityId, channel, connection } = discordConversation(runtime, {
    channelId,
    ...(guildId ? { guildId } : {}),
    userId: user.id,
    type,
    ...(name ? { name } : {}),
    ...(userName ? { userName } : {}),
  });
  const command = stringOr(objectOr(interaction.data)?.name);
  const interactionTarget: DiscordTarget = {
    ...channel,
    applicationId: interaction.application_id,
    interactionId: interaction.id,
    interactionToken: interaction.token,
    interactionExpiresAt: runtime.now() + INTERACTION_TOKEN_MS - TOKEN_MARGIN_MS,
  };
  const attachments = attachmentsOf(interaction);
  return {
    key: `discord:${interaction.application_id}:${interaction.id}`,
    message: {
      entityId,
      roomId,
      worldId,
      content: {
        text,
        source: "discord",
        channelType: type,
        mentionsAgent: true,
        ...(command ? { command } : {}),
        ...(attachments.length ? { attachments } : {}),
      },
      metadata: {
        discord: {
          interactionId: interaction.id,
          applicationId: interaction.application_id,
          channelId,
          ...(guildId ? { guildId } : {}),
          userId: user.id,
          // Lets the connector clear "thinking…" when the agent decides to say nothing.
          reply: interactionTarget,
        },
        // Read by the reminder actions: a reminder set here is posted to this channel.
        target: channel,
      },
    },
    connection,
    target: { ...interactionTarget, roomId, entityId },
  };
}

function objectOr<T>(value: T | null | undefined): T | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
}

function stringOr(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function numberOr(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

function flatten(options: CommandOption[]): CommandOption[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((o) =>
    o && typeof o === "object" ? [o, ...flatten(o.options ?? [])] : [],
  );
}
