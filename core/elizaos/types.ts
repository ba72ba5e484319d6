import type { StorageAdapter } from "../kernel/storage/contract.ts";
import type { ServiceType } from "./enums.ts";
import type { MemoryMetadata } from "./memory.ts";

/** elizaOS's database interface: eliza-edge's storage contract. */
export type IDatabaseAdapter = StorageAdapter;

export type { Character } from "../kernel/character/character.ts";
export type { GenerateTextParams, ModelTypeName } from "../kernel/models/types.ts";
export type {
  Agent,
  Component,
  Content,
  Entity,
  Log,
  Media,
  Memory,
  Metadata,
  Participant,
  Relationship,
  Room,
  Task,
  UUID,
  World,
} from "../kernel/types/domain.ts";
export type { TaskWorker } from "../runtime/contract/plugin-api.ts";
export type { IStreamingContextManager, StreamingContext } from "../runtime/streaming/streaming.ts";
export type {
  ActionEventPayload,
  ControlMessagePayload,
  EmbeddingGenerationPayload,
  EntityPayload,
  EvaluatorEventPayload,
  EventPayloadMap,
  EventPayloads,
  InvokePayload,
  MessagePayload,
  ModelEventPayload,
  PluginEvents,
  RunEventPayload,
  WorldPayload,
} from "./event-payloads.ts";
export type { LogListener } from "./logger.ts";
export type { MemoryMetadata } from "./memory.ts";
export type { OnboardingConfig, Setting, WorldSettings } from "./world-settings.ts";

/** How a message addressed the agent (connectors fill it). */
export interface MentionContext {
  isMention: boolean;
  isReply: boolean;
  isThread: boolean;
  mentionType?: "platform_mention" | "reply" | "thread" | "none";
}

export type CustomMetadata = MemoryMetadata;
export type DocumentMetadata = MemoryMetadata;
export type FragmentMetadata = MemoryMetadata;
export type MessageMetadata = MemoryMetadata;
export type DescriptionMetadata = MemoryMetadata;
export type MemoryScope = "shared" | "private" | "room";
export type ServiceTypeName = (typeof ServiceType)[keyof typeof ServiceType];
