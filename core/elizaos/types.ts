import type { StorageAdapter } from "../kernel/index.ts";
import type { ServiceType } from "./enums.ts";
import type { MemoryMetadata } from "./memory.ts";

/** elizaOS's database interface: eliza-edge's storage contract. */
export type IDatabaseAdapter = StorageAdapter;

export type {
  Agent,
  Character,
  Component,
  Content,
  Entity,
  GenerateTextParams,
  Log,
  Media,
  Memory,
  Metadata,
  ModelTypeName,
  Participant,
  Relationship,
  Room,
  Task,
  UUID,
  World,
} from "../kernel/index.ts";
export type { IStreamingContextManager, StreamingContext, TaskWorker } from "../runtime/index.ts";
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
