// elizaOS's event payload types, for plugins' `events` handlers. Types only.
import type {
  Content,
  Entity,
  Memory,
  ModelTypeName,
  ModelUsedTokens,
  Room,
  TokenUsage,
  UUID,
  World,
} from "../kernel/index.ts";
import type { HandlerCallback, IAgentRuntime } from "../runtime/index.ts";

export interface EventPayload {
  runtime: IAgentRuntime;
  source?: string;
  onComplete?: () => void;
}

/** What MESSAGE_RECEIVED/MESSAGE_SENT handlers get. */
export interface MessagePayload extends EventPayload {
  message: Memory;
  callback?: HandlerCallback;
}

export interface WorldPayload extends EventPayload {
  world: World;
  rooms: Room[];
  entities: Entity[];
}

export interface EntityPayload extends EventPayload {
  entityId: UUID;
  worldId?: UUID;
  roomId?: UUID;
  metadata?: Record<string, unknown>;
}

export interface InvokePayload extends EventPayload {
  worldId: UUID;
  userId: string;
  roomId: UUID;
  callback?: HandlerCallback;
}

export interface RunEventPayload extends EventPayload {
  runId: UUID;
  messageId: UUID;
  roomId: UUID;
  entityId: UUID;
  startTime: number;
  status: "started" | "completed" | "timeout";
  endTime?: number;
  duration?: number;
  error?: string;
  /** eliza-edge, on RUN_ENDED: tokens of the turn's own model calls (should-respond, planner). */
  usage?: TokenUsage;
}

export interface ActionEventPayload extends EventPayload {
  roomId: UUID;
  world: UUID;
  content: Content;
  messageId?: UUID;
}

export interface EvaluatorEventPayload extends EventPayload {
  evaluatorId: UUID;
  evaluatorName: string;
  startTime?: number;
  completed?: boolean;
  error?: Error;
}

export interface ModelEventPayload extends EventPayload {
  provider: string;
  type: ModelTypeName;
  prompt: string;
  /** With newer elizaOS's cache fields when the provider reported them. */
  tokens?: ModelUsedTokens;
  /** eliza-edge: the run of the message loop's own calls. */
  runId?: UUID;
}

export interface EmbeddingGenerationPayload extends EventPayload {
  memory: Memory;
  priority?: "high" | "normal" | "low";
  retryCount?: number;
  maxRetries?: number;
  embedding?: number[];
  error?: unknown;
  runId?: UUID;
}

export interface ControlMessagePayload extends EventPayload {
  message: {
    type: "control";
    payload: { action: "disable_input" | "enable_input"; target?: string; [key: string]: unknown };
    roomId: UUID;
  };
}

export interface EventPayloadMap {
  WORLD_JOINED: WorldPayload;
  WORLD_CONNECTED: WorldPayload;
  WORLD_LEFT: WorldPayload;
  ENTITY_JOINED: EntityPayload;
  ENTITY_LEFT: EntityPayload;
  ENTITY_UPDATED: EntityPayload;
  MESSAGE_RECEIVED: MessagePayload;
  MESSAGE_SENT: MessagePayload;
  MESSAGE_DELETED: MessagePayload;
  VOICE_MESSAGE_RECEIVED: MessagePayload;
  VOICE_MESSAGE_SENT: MessagePayload;
  REACTION_RECEIVED: MessagePayload;
  POST_GENERATED: InvokePayload;
  INTERACTION_RECEIVED: MessagePayload;
  RUN_STARTED: RunEventPayload;
  RUN_ENDED: RunEventPayload;
  RUN_TIMEOUT: RunEventPayload;
  ACTION_STARTED: ActionEventPayload;
  ACTION_COMPLETED: ActionEventPayload;
  EVALUATOR_STARTED: EvaluatorEventPayload;
  EVALUATOR_COMPLETED: EvaluatorEventPayload;
  MODEL_USED: ModelEventPayload;
  EMBEDDING_GENERATION_REQUESTED: EmbeddingGenerationPayload;
  EMBEDDING_GENERATION_COMPLETED: EmbeddingGenerationPayload;
  EMBEDDING_GENERATION_FAILED: EmbeddingGenerationPayload;
  CONTROL_MESSAGE: ControlMessagePayload;
}

export type EventPayloads = EventPayloadMap;

/** A plugin's `events`: handlers by event name. */
export type PluginEvents = {
  [K in keyof EventPayloadMap]?: Array<(payload: EventPayloadMap[K]) => Promise<void>>;
} & Record<string, Array<(payload: never) => Promise<void> | void>>;
