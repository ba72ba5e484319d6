// elizaOS 1.x's enum-like constants, same names and values, so plugins that compare against
// them (ChannelType.DM, Role.OWNER, ServiceType.TASK ...) behave the same. ChannelType,
// EventType and ModelType live in eliza-edge's core (core/kernel/types/domain.ts, core/kernel/types/event-types.ts,
// core/kernel/models/types.ts) because the runtime uses them too.

/** What an attachment is. */
export const ContentType = {
  IMAGE: "image",
  VIDEO: "video",
  AUDIO: "audio",
  DOCUMENT: "document",
  LINK: "link",
} as const;
export type ContentType = (typeof ContentType)[keyof typeof ContentType];

/** `memory.metadata.type`. */
export const MemoryType = {
  DOCUMENT: "document",
  FRAGMENT: "fragment",
  MESSAGE: "message",
  DESCRIPTION: "description",
  CUSTOM: "custom",
} as const;
export type MemoryType = (typeof MemoryType)[keyof typeof MemoryType];

/** Well-known `Service.serviceType` values. */
export const ServiceType = {
  TRANSCRIPTION: "transcription",
  VIDEO: "video",
  BROWSER: "browser",
  PDF: "pdf",
  REMOTE_FILES: "aws_s3",
  WEB_SEARCH: "web_search",
  EMAIL: "email",
  TEE: "tee",
  TASK: "task",
  WALLET: "wallet",
  LP_POOL: "lp_pool",
  TOKEN_DATA: "token_data",
  MESSAGE_SERVICE: "message_service",
  MESSAGE: "message",
  POST: "post",
  UNKNOWN: "unknown",
} as const;
export type ServiceType = (typeof ServiceType)[keyof typeof ServiceType];

/** A world member's role (`world.metadata.roles[entityId]`). */
export const Role = {
  OWNER: "OWNER",
  ADMIN: "ADMIN",
  NONE: "NONE",
} as const;
export type Role = (typeof Role)[keyof typeof Role];

/** An agent row's status. */
export const AgentStatus = {
  ACTIVE: "active",
  INACTIVE: "inactive",
} as const;
export type AgentStatus = (typeof AgentStatus)[keyof typeof AgentStatus];

/** Prefixes elizaOS puts on platform-scoped setting names. */
export const PlatformPrefix = {
  DISCORD: "DISCORD",
  TELEGRAM: "TELEGRAM",
  TWITTER: "TWITTER",
} as const;
export type PlatformPrefix = (typeof PlatformPrefix)[keyof typeof PlatformPrefix];

/** Trusted-execution modes (plugin-tee reads them). */
export const TEEMode = {
  OFF: "OFF",
  LOCAL: "LOCAL",
  DOCKER: "DOCKER",
  PRODUCTION: "PRODUCTION",
} as const;
export type TEEMode = (typeof TEEMode)[keyof typeof TEEMode];

/** Trusted-execution vendors. */
export const TeeType = {
  TDX_DSTACK: "tdx_dstack",
} as const;
export type TeeType = (typeof TeeType)[keyof typeof TeeType];

/** Embedding sizes elizaOS's SQL schema knows. */
export const VECTOR_DIMS = {
  SMALL: 384,
  MEDIUM: 512,
  LARGE: 768,
  XL: 1024,
  XXL: 1536,
  XXXL: 3072,
} as const;
export type VECTOR_DIMS = (typeof VECTOR_DIMS)[keyof typeof VECTOR_DIMS];

/** Event names of elizaOS's streaming message bus. */
export const MESSAGE_STREAM_EVENT = {
  messageStreamChunk: "messageStreamChunk",
  messageStreamError: "messageStreamError",
  messageBroadcast: "messageBroadcast",
} as const;
export type MESSAGE_STREAM_EVENT = (typeof MESSAGE_STREAM_EVENT)[keyof typeof MESSAGE_STREAM_EVENT];

/**
 * Socket message kinds of elizaOS's server. A TypeScript numeric enum there, so it maps both
 * ways (`SOCKET_MESSAGE_TYPE.ACK === 4`, `SOCKET_MESSAGE_TYPE[4] === "ACK"`).
 */
export const SOCKET_MESSAGE_TYPE = {
  ROOM_JOINING: 1,
  SEND_MESSAGE: 2,
  MESSAGE: 3,
  ACK: 4,
  THINKING: 5,
  CONTROL: 6,
  1: "ROOM_JOINING",
  2: "SEND_MESSAGE",
  3: "MESSAGE",
  4: "ACK",
  5: "THINKING",
  6: "CONTROL",
} as const;
export type SOCKET_MESSAGE_TYPE = 1 | 2 | 3 | 4 | 5 | 6;

/** Setting names model plugins read (each maps to itself). */
export const MODEL_SETTINGS = Object.freeze(
  Object.fromEntries(
    [
      "DEFAULT_MAX_TOKENS",
      "DEFAULT_TEMPERATURE",
      "DEFAULT_TOP_P",
      "DEFAULT_TOP_K",
      "DEFAULT_MIN_P",
      "DEFAULT_SEED",
      "DEFAULT_REPETITION_PENALTY",
      "DEFAULT_FREQUENCY_PENALTY",
      "DEFAULT_PRESENCE_PENALTY",
      "TEXT_SMALL_MAX_TOKENS",
      "TEXT_SMALL_TEMPERATURE",
      "TEXT_SMALL_TOP_P",
      "TEXT_SMALL_TOP_K",
      "TEXT_SMALL_MIN_P",
      "TEXT_SMALL_SEED",
      "TEXT_SMALL_REPETITION_PENALTY",
      "TEXT_SMALL_FREQUENCY_PENALTY",
      "TEXT_SMALL_PRESENCE_PENALTY",
      "TEXT_LARGE_MAX_TOKENS",
      "TEXT_LARGE_TEMPERATURE",
      "TEXT_LARGE_TOP_P",
      "TEXT_LARGE_TOP_K",
      "TEXT_LARGE_MIN_P",
      "TEXT_LARGE_SEED",
      "TEXT_LARGE_REPETITION_PENALTY",
      "TEXT_LARGE_FREQUENCY_PENALTY",
      "TEXT_LARGE_PRESENCE_PENALTY",
      "OBJECT_SMALL_MAX_TOKENS",
      "OBJECT_SMALL_TEMPERATURE",
      "OBJECT_SMALL_TOP_P",
      "OBJECT_SMALL_TOP_K",
      "OBJECT_SMALL_MIN_P",
      "OBJECT_SMALL_SEED",
      "OBJECT_SMALL_REPETITION_PENALTY",
      "OBJECT_SMALL_FREQUENCY_PENALTY",
      "OBJECT_SMALL_PRESENCE_PENALTY",
      "OBJECT_LARGE_MAX_TOKENS",
      "OBJECT_LARGE_TEMPERATURE",
      "OBJECT_LARGE_TOP_P",
      "OBJECT_LARGE_TOP_K",
      "OBJECT_LARGE_MIN_P",
      "OBJECT_LARGE_SEED",
      "OBJECT_LARGE_REPETITION_PENALTY",
      "OBJECT_LARGE_FREQUENCY_PENALTY",
      "OBJECT_LARGE_PRESENCE_PENALTY",
      "TEXT_REASONING_SMALL_MAX_TOKENS",
      "TEXT_REASONING_SMALL_TEMPERATURE",
      "TEXT_REASONING_SMALL_TOP_P",
      "TEXT_REASONING_SMALL_TOP_K",
      "TEXT_REASONING_SMALL_MIN_P",
      "TEXT_REASONING_SMALL_SEED",
      "TEXT_REASONING_SMALL_REPETITION_PENALTY",
      "TEXT_REASONING_SMALL_FREQUENCY_PENALTY",
      "TEXT_REASONING_SMALL_PRESENCE_PENALTY",
      "TEXT_REASONING_LARGE_MAX_TOKENS",
      "TEXT_REASONING_LARGE_TEMPERATURE",
      "TEXT_REASONING_LARGE_TOP_P",
      "TEXT_REASONING_LARGE_TOP_K",
      "TEXT_REASONING_LARGE_MIN_P",
      "TEXT_REASONING_LARGE_SEED",
      "TEXT_REASONING_LARGE_REPETITION_PENALTY",
      "TEXT_REASONING_LARGE_FREQUENCY_PENALTY",
      "TEXT_REASONING_LARGE_PRESENCE_PENALTY",
      "TEXT_COMPLETION_MAX_TOKENS",
      "TEXT_COMPLETION_TEMPERATURE",
      "TEXT_COMPLETION_TOP_P",
      "TEXT_COMPLETION_TOP_K",
      "TEXT_COMPLETION_MIN_P",
      "TEXT_COMPLETION_SEED",
      "TEXT_COMPLETION_REPETITION_PENALTY",
      "TEXT_COMPLETION_FREQUENCY_PENALTY",
      "TEXT_COMPLETION_PRESENCE_PENALTY",
      "MODEL_MAX_TOKEN",
      "MODEL_TEMPERATURE",
      "MODEL_FREQ_PENALTY",
      "MODEL_PRESENCE_PENALTY",
    ].map((k) => [k, k]),
  ),
) as Readonly<Record<string, string>>;
