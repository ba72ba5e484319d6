// elizaOS type names plugins annotate with, as aliases of eliza-edge's own types where they
// exist and elizaOS-shaped interfaces where not. Types only: nothing here exists at run time.
import type { ModelTypeName } from "../models/types.ts";
import type { AgentRuntime } from "../runtime/agent-runtime.ts";
import type { StorageAdapter } from "../storage.ts";
import type { Content, Memory, UUID } from "../types.ts";

/** elizaOS's runtime interface: eliza-edge's AgentRuntime. */
export type IAgentRuntime = AgentRuntime;
/** elizaOS's database interface: eliza-edge's storage contract. */
export type IDatabaseAdapter = StorageAdapter;

export type { Character } from "../character.ts";
export type { GenerateTextParams, ModelHandler, ModelTypeName } from "../models/types.ts";
export type { TaskWorker } from "../tasks/types.ts";
export type {
  Agent,
  Component,
  Content,
  Entity,
  Log,
  Memory,
  Metadata,
  Participant,
  Relationship,
  Room,
  Task,
  UUID,
  World,
} from "../types.ts";
export type { LogListener } from "./logger.ts";
export type { MemoryMetadata } from "./memory.ts";
export type { IStreamingContextManager, StreamingContext } from "./streaming.ts";
export type { OnboardingConfig, Setting, WorldSettings } from "./world-settings.ts";

/** An attachment (elizaOS's Media). */
export interface Media {
  id: string;
  url: string;
  title?: string;
  source?: string;
  description?: string;
  text?: string;
  contentType?: string;
}

export interface TextEmbeddingParams {
  text: string;
}

export interface TokenizeTextParams {
  prompt: string;
  modelType: ModelTypeName;
}

export interface DetokenizeTextParams {
  tokens: number[];
  modelType: ModelTypeName;
}

export interface ObjectGenerationParams {
  prompt: string;
  schema?: Record<string, unknown>;
  output?: "object" | "array" | "enum";
  enumValues?: string[];
  modelType?: ModelTypeName;
  temperature?: number;
  stopSequences?: string[];
}

export interface ImageDescriptionParams {
  imageUrl: string;
  prompt?: string;
}

/** What MESSAGE_RECEIVED/MESSAGE_SENT handlers get. */
export interface MessagePayload {
  runtime: AgentRuntime;
  message: Memory;
  callback?: (content: Content) => Promise<Memory[]>;
  source?: string;
  onComplete?: () => void;
}

export interface WorldPayload {
  runtime: AgentRuntime;
  world: {
    id: UUID;
    name?: string;
    agentId: UUID;
    serverId?: string;
    metadata?: Record<string, unknown>;
  };
  rooms: unknown[];
  entities: unknown[];
  source: string;
}

export interface EntityPayload {
  runtime: AgentRuntime;
  entityId: UUID;
  worldId?: UUID;
  roomId?: UUID;
  metadata?: Record<string, unknown>;
  source: string;
}

export interface RunEventPayload {
  runtime: AgentRuntime;
  runId: UUID;
  messageId: UUID;
  roomId: UUID;
  entityId: UUID;
  startTime: number;
  status: "started" | "completed" | "timeout";
  endTime?: number;
  duration?: number;
  error?: string;
  source?: string;
}

export type EventPayloads = Record<string, Record<string, unknown>>;
export type PluginEvents = Record<string, Array<(payload: never) => Promise<void> | void>>;
