// The prompt batcher's shapes, named as in elizaOS (PromptSection, DrainMeta, BatcherResult,
// BatcherStats): several small structured questions ("sections") answered by one model call.

import type {
  Logger,
  Memory,
  ModelTypeName,
  StorageAdapter,
  Task,
  UUID,
} from "../../kernel/index.ts";

/**
 * What the batcher needs of its runtime. Sections' callbacks receive the runtime the batcher
 * was built with (`R`): the agent's whole runtime, as in elizaOS.
 */
export interface BatcherHost {
  readonly agentId: UUID;
  readonly character: { name: string; bio?: unknown; topics?: unknown };
  readonly logger: Logger;
  readonly storage: StorageAdapter;
  now(): number;
  useModel<T = string>(type: ModelTypeName, params: unknown): Promise<T>;
  composeState(
    message: Memory,
    includeList?: string[] | null,
    onlyInclude?: boolean,
  ): Promise<{ text?: string }>;
  createTask(task: Omit<Task, "tags"> & { tags?: string[] }): Promise<UUID>;
}

/** One field a section asks the model for (elizaOS's SchemaRow). */
export interface SchemaRow {
  field: string;
  description: string;
  /** A section whose answer lacks a required field counts as malformed (retried, then fallback). */
  required?: boolean;
}

/**
 * "once": answered at the next drain, then removed (askOnce, askNow).
 * "per-drain": answered at the next drain of its affinity group, then removed (onDrain).
 * "recurring": answered at every drain of its group, at most every minCycleMs (think).
 */
export type SectionFrequency = "once" | "per-drain" | "recurring";

export type SectionPriority = "background" | "normal" | "immediate";

export type SectionModel = "small" | "large";

export interface SectionExecOptions {
  temperature?: number;
  maxTokens?: number;
  stopSequences?: string[];
}

export type SectionFields = Record<string, unknown>;

export interface PromptSection<R = BatcherHost> {
  /** Idempotency key: registering an id already pending is a no-op that resolves to null. */
  id: string;
  frequency: SectionFrequency;
  /** Providers composed into the section's context ("*" = all); none = the character only. */
  providers?: string[];
  contextBuilder?(runtime: R, messages: Memory[]): Promise<string> | string;
  preamble?: string;
  priority?: SectionPriority;
  model?: SectionModel;
  /** Never packed with other sections. */
  isolated?: boolean;
  schema: SchemaRow[];
  onResult?: (fields: SectionFields, meta: DrainMeta) => void | Promise<void>;
  fallback?: () => SectionFields;
  /** Returns the fields to deliver, or null when the answer is unusable (then retried). */
  validate?: (fields: SectionFields) => SectionFields | null;
  shouldRun?(runtime: R): Promise<boolean> | boolean;
  /** Extra single-section calls after a malformed answer; 0–2, default 0. */
  maxRetries?: number;
  /** Keep a valid answer in the storage cache this long; a later drain delivers it without a call. */
  cacheTtlMs?: number;
  /** Ask the model even when a cached answer exists (the new answer replaces it). */
  forceRegenerate?: boolean;
  /** Recurring sections: the least time between two answers. */
  minCycleMs?: number;
  /** Sections of one group are drained together; default "default". */
  affinityKey?: string;
  execOptions?: SectionExecOptions;
}

/** What a drain tells each section besides its fields. */
export interface DrainMeta {
  drainId: string;
  timestamp: number;
  /** The messages buffered for the group when it drained. */
  messages: Memory[];
  sectionId: string;
  actualModel: SectionModel;
  /** Other sections answered by the same model call. */
  packedWith: string[];
  retryAttempt: number;
  fallbackUsed: boolean;
  /** Delivered from the cache (cacheTtlMs), without a model call. */
  cacheHit: boolean;
}

/** What a section's promise resolves to (askOnce and askNow unwrap it to the fields). */
export interface BatcherResult<T = SectionFields> {
  fields: T;
  meta: DrainMeta;
}

export interface BatcherStats {
  totalDrains: number;
  /** Model calls made by drains (packed calls plus single-section retries). */
  totalCalls: number;
  totalFallbacks: number;
  /** Sections answered from the cache (cacheTtlMs). */
  totalCacheHits: number;
  avgSectionsPerCall: number;
}

/** PROMPT_BATCHER_* settings (elizaOS's names and defaults). */
export interface PromptBatcherSettings {
  /** Buffered messages in a group that make tick() drain it. */
  batchSize: number;
  /** Longest time between two BATCHER_DRAIN runs of a group (its task's interval). */
  maxDrainIntervalMs: number;
  /** Most sections one model call answers. */
  maxSectionsPerCall: number;
  /** 0–1: how full a call is packed against maxTokensPerCall. */
  packingDensity: number;
  /** Token budget of one packed call (estimated at 4 characters a token). */
  maxTokensPerCall: number;
  /** Model calls one drain runs at once. */
  maxParallelCalls: number;
  /** 0–1: 1 keeps small-model and large-model sections apart; lower lets the large model take both. */
  modelSeparation: number;
}

/** A section with its context resolved for one drain. */
export interface ResolvedSection {
  section: PromptSection;
  context: string;
  estimatedTokens: number;
}

/** One model call a drain makes. */
export interface CallPlan {
  sections: ResolvedSection[];
  model: SectionModel;
  estimatedTokens: number;
}

/** A section promise rejected because the batcher was disposed before answering it. */
export class BatcherDisposedError extends Error {
  constructor() {
    super("PromptBatcher has been disposed");
    this.name = "BatcherDisposedError";
  }
}
