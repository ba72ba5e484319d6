// Domain types, shaped like @elizaos/core 1.x so characters, plugins and stored rows carry over.

/** A v4-shaped UUID string. Branded loosely: any string passes, helpers keep them well-formed. */
export type UUID = `${string}-${string}-${string}-${string}-${string}`;

export type Metadata = Record<string, unknown>;

export const ChannelType = {
  SELF: "SELF",
  DM: "DM",
  GROUP: "GROUP",
  VOICE_DM: "VOICE_DM",
  VOICE_GROUP: "VOICE_GROUP",
  FEED: "FEED",
  THREAD: "THREAD",
  WORLD: "WORLD",
  FORUM: "FORUM",
  API: "API",
} as const;
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];

/** What a message or reply says. Extra fields are allowed, as in elizaOS. */
export interface Content {
  text?: string;
  thought?: string;
  actions?: string[];
  providers?: string[];
  source?: string;
  target?: string;
  url?: string;
  /** The message this one answers (elizaOS name). */
  inReplyTo?: UUID;
  channelType?: ChannelType;
  /** elizaOS's Media: images, audio, documents that came with the message or go with a reply. */
  attachments?: Media[];
  /**
   * Choices offered under a reply (eliza-edge's): Telegram inline keyboard buttons, Discord
   * message buttons. A press comes back as a message whose text is the choice's value.
   */
  choices?: (string | Choice)[];
  /** elizaOS's Telegram link buttons: `{kind: "url" | "login", text, url}`. */
  buttons?: { kind?: string; text: string; url: string }[];
  [key: string]: unknown;
}

/** elizaOS's Media (an attachment); `contentType` is image, video, audio, document or link. */
export interface Media {
  id: string;
  url: string;
  title?: string;
  source?: string;
  description?: string;
  text?: string;
  contentType?: string;
  [key: string]: unknown;
}

/** One pressable choice: `label` is shown, `value` (default the label) comes back as text. */
export interface Choice {
  label: string;
  value?: string;
}

/** Table names used by the runtime; adapters accept any string. */
export const MemoryTable = {
  MESSAGES: "messages",
  FACTS: "facts",
  DOCUMENTS: "documents",
  FRAGMENTS: "fragments",
  DESCRIPTIONS: "descriptions",
} as const;

export interface Memory {
  id?: UUID;
  entityId: UUID;
  agentId?: UUID;
  roomId: UUID;
  worldId?: UUID;
  content: Content;
  embedding?: number[];
  /** Milliseconds since epoch. Set by createMemory when absent. */
  createdAt?: number;
  unique?: boolean;
  /** Filled by searchMemories: cosine similarity in [-1, 1]. */
  similarity?: number;
  metadata?: Metadata;
}

export interface Entity {
  id?: UUID;
  names: string[];
  metadata?: Metadata;
  agentId: UUID;
  components?: Component[];
}

export interface Component {
  id: UUID;
  entityId: UUID;
  agentId: UUID;
  roomId: UUID;
  worldId: UUID;
  sourceEntityId: UUID;
  type: string;
  createdAt: number;
  data: Metadata;
}

export interface World {
  id: UUID;
  name?: string;
  agentId: UUID;
  serverId?: string;
  /** elizaOS 1.7's name for `serverId`; the runtime fills it on read and stores it as serverId. */
  messageServerId?: string;
  metadata?: Metadata;
}

export interface Room {
  id: UUID;
  name?: string;
  agentId?: UUID;
  source: string;
  type: ChannelType;
  channelId?: string;
  serverId?: string;
  /** elizaOS 1.7's name for `serverId`; the runtime fills it on read and stores it as serverId. */
  messageServerId?: string;
  worldId?: UUID;
  metadata?: Metadata;
}

export type ParticipantState = "FOLLOWED" | "MUTED" | null;

export interface Participant {
  id: UUID;
  entityId: UUID;
  roomId: UUID;
}

export interface Relationship {
  id: UUID;
  sourceEntityId: UUID;
  targetEntityId: UUID;
  agentId: UUID;
  tags: string[];
  metadata: Metadata;
  createdAt?: number;
}

export interface Agent {
  id: UUID;
  name: string;
  enabled?: boolean;
  createdAt?: number;
  updatedAt?: number;
  /** The character the agent runs, stored as given. */
  character?: Metadata;
}

export interface Log {
  id: UUID;
  entityId: UUID;
  roomId?: UUID;
  type: string;
  body: Metadata;
  createdAt: number;
}

/**
 * A unit of later work. elizaOS's shape plus the fields serverless scheduling needs:
 * `dueAt` says when it may run, and a lease says who is running it until when.
 */
export interface Task {
  id?: UUID;
  name: string;
  description?: string;
  agentId?: UUID;
  roomId?: UUID;
  worldId?: UUID;
  entityId?: UUID;
  tags: string[];
  metadata?: Metadata;
  /** Milliseconds since epoch. A task without it is never claimed by claimDueTasks. */
  dueAt?: number | null;
  leaseOwner?: string | null;
  leaseExpiresAt?: number | null;
  createdAt?: number;
  updatedAt?: number;
}
