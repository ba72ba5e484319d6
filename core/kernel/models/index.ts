// Model types, parameters and token usage, named as in elizaOS; prompt segments.

export { markModelFailure, modelFailureOf } from "./model-failure.ts";
export type {
  DetokenizeTextParams,
  ElizaGenerateTextParams,
  GenerateTextOptions,
  GenerateTextResult,
  ImageDescriptionParams,
  ImageGenerationParams,
  JSONSchema,
  ModelUsedPayload,
  ObjectGenerationParams,
  TextEmbeddingInput,
  TextEmbeddingParams,
  TextToSpeechParams,
  TokenizeTextParams,
  TranscriptionParams,
} from "./params.ts";
export {
  type PromptSegment,
  PromptSegmentsError,
  promptSegmentsOf,
  segmentRuns,
  stableFirst,
  withSegmentedPrompt,
} from "./prompt-segments.ts";
export {
  type EmbeddingParams,
  type GenerateTextParams,
  ModelError,
  ModelType,
  type ModelTypeName,
} from "./types.ts";
export {
  addUsage,
  anthropicUsage,
  isPlainObject,
  type ModelUsedTokens,
  modelUsedTokens,
  openAIUsage,
  reportModelUsage,
  type TokenUsage,
  withUsageSink,
} from "./usage.ts";
