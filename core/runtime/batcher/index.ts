export { PromptBatcher } from "./batcher.ts";
export { BATCHER_DRAIN_TASK } from "./drain-task.ts";
export { batcherDrainWorker } from "./drain-worker.ts";
export { estimateTokens, packingLimit, planCalls } from "./pack.ts";
export type { SectionOptions, ThinkOptions } from "./section-options.ts";
export { resolvePromptBatcherSettings } from "./settings.ts";
export {
  BatcherDisposedError,
  type BatcherResult,
  type BatcherStats,
  type CallPlan,
  type DrainMeta,
  type PromptBatcherSettings,
  type PromptSection,
  type ResolvedSection,
  type SchemaRow,
  type SectionFields,
  type SectionFrequency,
} from "./types.ts";
