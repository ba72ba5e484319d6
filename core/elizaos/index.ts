// eliza-edge/elizaos: the @elizaos/core 1.x surface published plugins import. Bundlers alias
// `@elizaos/core` here (see the README's "Bringing an elizaOS agent"). Every value name
// @elizaos/core 1.7.2 exports is exported (test/elizaos/compat-exports.test.ts checks it):
// implemented with elizaOS's behaviour where it can run on serverless, or refused with an
// explanatory Error at call time (refused.ts). Explicit exports here shadow the same names from
// eliza-edge's own core surface (`export *`), which has different shapes for a few of them.

export { AgentRuntime } from "../agent/index.ts";
export * from "../index.ts";
export type { ElizaLogger, LogEntry, LogFn } from "../kernel/index.ts";
export {
  alloc,
  BM25,
  type BM25Options,
  type BufferLike,
  BufferUtils,
  byteLength,
  ChannelType,
  concat,
  createUniqueUuid,
  EventType,
  equals,
  fromBytes,
  fromHex,
  fromString,
  isBuffer,
  ModelType,
  normalizeJsonString,
  parseBooleanFromText,
  parseJSONObjectLikeElizaOS as parseJSONObjectFromText,
  parseKeyValueXml,
  randomBytes,
  type SearchResult,
  safeReplacer,
  slice,
  stringToUuid,
  toHex,
  toString,
  validateUuid,
} from "../kernel/index.ts";
export {
  ActionStreamFilter,
  addHeader,
  composeActionExamples,
  composePrompt,
  composePromptFromState,
  createStreamingContext,
  createStreamingRetryState,
  formatActionNames,
  formatActionParameters,
  formatActions,
  formatEntities,
  formatMessages,
  formatPosts,
  formatTimestamp,
  getStreamingContext,
  getStreamingContextManager,
  type IStreamExtractor,
  type IStreamingContextManager,
  type IStreamingRetryState,
  isStreamableModelType,
  PassthroughExtractor,
  ResponseStreamExtractor,
  runWithStreamingContext,
  StreamError,
  type StreamErrorCode,
  type StreamingContext,
  setStreamingContextManager,
  type TemplateType,
  truncateToCompleteSentence,
  XmlTagExtractor,
} from "../runtime/index.ts";
export {
  buildCharacterPlugins,
  characterSchema,
  contentSchema,
  directoryItemSchema,
  isValidCharacter,
  knowledgeItemSchema,
  mediaSchema,
  mergeCharacterDefaults,
  messageExampleSchema,
  parseAndValidateCharacter,
  parseCharacter,
  secretsSchema,
  settingsSchema,
  styleSchema,
  templateTypeSchema,
  validateCharacter,
  validateCharacterConfig,
} from "./characters.ts";
export { DatabaseAdapter } from "./database-adapter.ts";
export { type EntityDetails, findEntityByName, getEntityDetails } from "./entities.ts";
export * from "./enums.ts";
export * from "./environment.ts";
export * from "./helpers.ts";
export * from "./logger.ts";
export * from "./memory.ts";
export * from "./plugins.ts";
export * from "./refused.ts";
export { getRequestContext, type RequestContext } from "./request-context.ts";
export * from "./roles.ts";
export * from "./server-health.ts";
export {
  createService,
  createServiceError,
  defineService,
  getTypedService,
  Service,
  ServiceBuilder,
  type ServiceClass,
  type ServiceDefinition,
  type ServiceError,
  type TypedService,
} from "./service.ts";
// Explicit, so elizaOS's texts shadow eliza-edge's own templates of the same names (../index.ts).
export {
  booleanFooter,
  imageDescriptionTemplate,
  messageHandlerTemplate,
  multiStepDecisionTemplate,
  multiStepSummaryTemplate,
  postCreationTemplate,
  shouldRespondTemplate,
} from "./templates.ts";
export * from "./types.ts";
export * from "./world-settings.ts";
export { decryptStringValue as decryptSecret } from "./world-settings.ts";
