// The public surface of eliza-edge's core. Everything a target, adapter, connector or user
// plugin needs is exported here and only here.
export { type CreateAgentOptions, createAgent, modelPluginsFor } from "./agent.ts";
export {
  AUTONOMY_SERVICE_TYPE,
  AUTONOMY_TASK_NAME,
  type AutonomyRunReport,
  AutonomyService,
  type AutonomySettings,
  type AutonomyStatus,
  autonomyPlace,
  autonomyPlugin,
  readAutonomySettings,
  runAutonomousStep,
  runAutonomy,
} from "./autonomy/index.ts";
export {
  BATCHER_DRAIN_TASK,
  BatcherDisposedError,
  type BatcherResult,
  type BatcherStats,
  type DrainMeta,
  PromptBatcher,
  type PromptBatcherSettings,
  type PromptSection,
  resolvePromptBatcherSettings,
  type SchemaRow,
  type SectionFields,
  type SectionFrequency,
  type SectionOptions,
  type ThinkOptions,
} from "./batcher/index.ts";
export {
  bioLines,
  type Character,
  CharacterError,
  type CharacterInput,
  characterAgentId,
  characterSchema,
  parseCharacter,
  parseCharacterJson,
  type TemplateFunction,
} from "./character.ts";
export { describeError } from "./describe-error.ts";
export { addHeader, composePrompt, composePromptFromState } from "./elizaos/prompts.ts";
export { envLogger } from "./env-logger.ts";
export {
  type AppEnv,
  type AppOptions,
  acceptInBackground,
  type Connector,
  createApp,
  DEFAULT_MAX_BODY_BYTES,
  runInBackground,
  setting,
  type WebhookAcceptance,
} from "./http/app.ts";
export { CRON_SECRET_MIN_LENGTH, secretMatches } from "./http/auth.ts";
export { readJson } from "./http/body.ts";
export { ApiError, errorBody, toErrorResponse } from "./http/errors.ts";
export { isLoopbackHostHeader, isLoopbackHostname } from "./http/loopback-guard.ts";
export {
  DEFAULT_ROOM_MESSAGES_PER_MINUTE,
  DEFAULT_USER_MESSAGES_PER_MINUTE,
  MessageRateLimiter,
  type MessageRateLimits,
  RATE_LIMIT_WINDOW_MS,
  type RateLimitVerdict,
  rateLimitRefusal,
} from "./limits/message-rate-limit.ts";
export {
  createMemoryRateLimitStore,
  DEFAULT_RATE_LIMIT_KEYS,
  type RateLimitStore,
  type RateLimitWindow,
} from "./limits/rate-limit-store.ts";
export {
  type ConsoleLoggerOptions,
  createConsoleLogger,
  type ElizaLogger,
  jsonLogFormat,
  type Logger,
  type LogLevel,
  redactingLogger,
  silentLogger,
} from "./logger.ts";
export {
  DEFAULT_MEDIA_MAX_BYTES,
  mediaMaxBytes,
  processAttachments,
} from "./media/attachments.ts";
export { type Downloaded, downloadCapped, MediaError } from "./media/download.ts";
export { type MediaFetcher, registerMediaFetcher } from "./media/fetchers.ts";
export {
  canEmbed,
  DEFAULT_EMBEDDING_BUDGET_MS,
  EMBED_TASK,
  embedText,
  embedWithinBudget,
} from "./memory/embed.ts";
export {
  characterKnowledgeStrings,
  chunkText,
  type IngestReport,
  ingestKnowledge,
  type KnowledgeSource,
} from "./memory/knowledge.ts";
export { DeliveryError } from "./messages/delivery-error.ts";
export type {
  ElizaMessageService,
  MessageProcessingOptions,
  MessageProcessingResult,
  ResponseDecision,
} from "./messages/elizaos-message-service.ts";
export {
  type HandleMessageOptions,
  type HandleMessageResult,
  type MessageCallback,
  type MessageService,
  messageService,
  type TurnObserver,
} from "./messages/message-service.ts";
export { type PlannedParams, parseParams } from "./messages/parse-params.ts";
export { parseResponse } from "./messages/parse-response.ts";
export {
  fillTemplate,
  messageHandlerTemplate,
  replyTemplate,
  shouldRespondTemplate,
} from "./messages/templates.ts";
export { createAnthropicPlugin } from "./models/anthropic.ts";
export { type ModelCallReport, reportModelCall } from "./models/call-report.ts";
export {
  createElizaEngine,
  createElizaPlugin,
  ELIZA_GREETING,
  type ElizaEngine,
} from "./models/eliza/index.ts";
export {
  type ImageDescription,
  readImageDescription,
  readImageParams,
} from "./models/image-description.ts";
export { createLocalEmbeddingPlugin, embedManyLocally } from "./models/local-embedding.ts";
export { checkObjectParams, objectInstruction, readObjectAnswer } from "./models/object-request.ts";
export { createOpenAIPlugin, embedMany, type OpenAIPluginOptions } from "./models/openai.ts";
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
} from "./models/params.ts";
export {
  type PromptSegment,
  PromptSegmentsError,
  withSegmentedPrompt,
} from "./models/prompt-segments.ts";
export { readServerSentEvents, type ServerSentEvent } from "./models/sse.ts";
export { parseChunk, streamEvents } from "./models/stream-read.ts";
export { type StreamPart, type TextStreamResult, textStreamResult } from "./models/text-stream.ts";
export {
  type EmbeddingParams,
  type GenerateTextParams,
  ModelError,
  type ModelHandler,
  ModelType,
  type ModelTypeName,
} from "./models/types.ts";
export {
  anthropicUsage,
  type ModelUsedTokens,
  openAIUsage,
  reportModelUsage,
  type TokenUsage,
} from "./models/usage.ts";
export type {
  Action,
  ActionContext,
  ActionExample,
  ActionParameter,
  ActionParameterSchema,
  ActionParameters,
  ActionResult,
  EvaluationExample,
  Evaluator,
  EventHandler,
  EventPayload,
  Handler,
  HandlerCallback,
  HandlerOptions,
  Plugin,
  PreEvaluatorResult,
  Provider,
  ProviderResult,
  Route,
  RouteRequest,
  RouteResponse,
  Service,
  ServiceClass,
  ServiceDefinition,
  State,
  Validator,
} from "./plugin.ts";
export { bootstrapPlugin } from "./plugins/bootstrap/index.ts";
export { memoryPlugin } from "./plugins/memory/index.ts";
export {
  parseReminder,
  REMINDER_TASK,
  type ReminderIntent,
  tasksPlugin,
} from "./plugins/tasks/index.ts";
export {
  createRedactor,
  errorText,
  REDACTED,
  type Redactor,
  redactorForEnv,
  redactValue,
  secretValues,
} from "./redact.ts";
export {
  DEFAULT_LOG_RETENTION_DAYS,
  getRun,
  type ListRunsParams,
  listRuns,
  logRetentionMs,
  RUN_LOG_TYPE,
  type RunActionSummary,
  type RunCounts,
  type RunDetail,
  type RunEvent,
  type RunEventType,
  type RunKind,
  type RunLogBody,
  type RunPage,
  RunRecord,
  type RunScope,
  type RunStatus,
  type RunSummary,
  type RunSummaryQuery,
  runSummaries,
  setRunScope,
} from "./runs/index.ts";
export {
  type ActionRunOptions,
  AgentRuntime,
  type ConnectionParams,
  type RuntimeOptions,
  type SettingSource,
  type SettingValue,
  type TargetInfo,
} from "./runtime/agent-runtime.ts";
export type { ControlMessage, ControlMessageParams } from "./runtime/control-message.ts";
export { type EventName, EventType } from "./runtime/events.ts";
export type { LocalListener } from "./runtime/local-events.ts";
export { modelSettings } from "./runtime/model-settings.ts";
export { LLMMode, type LLMModeName } from "./runtime/models.ts";
export { SECRET_HOSTS_SETTING, type SecretBaseUrl, secretBaseUrl } from "./secret-base-url.ts";
export { ELIZAOS_SETTING_ALIASES, envSetting } from "./setting-aliases.ts";
export {
  type ClaimDueTasksParams,
  type ClaimTaskParams,
  type GetMemoriesParams,
  type ReleaseTasksParams,
  type ReleaseTasksResult,
  type SearchMemoriesParams,
  type StorageAdapter,
  StorageError,
  type StorageErrorCode,
  type StorageOp,
  type StorageRead,
  type StorageReadResult,
  type SweepReport,
  type TaskRelease,
} from "./storage.ts";
export { acceptWithLimits } from "./tasks/accept-with-limits.ts";
export { nextCronRun, parseCron, TaskScheduleError } from "./tasks/cron.ts";
export { initialDueAt, nextDueAt, scheduledAtMs } from "./tasks/due-time.ts";
export {
  type Acceptance,
  acceptInbound,
  INBOX_TASK,
  type InboundMessage,
  type InboxOptions,
  inboxWorker,
} from "./tasks/inbox.ts";
export { runDueTasks } from "./tasks/run-due-tasks.ts";
export type { RunOutcome } from "./tasks/run-task.ts";
export { backoffDelay, nextOccurrence } from "./tasks/schedule.ts";
export {
  startTaskScheduler,
  type TaskScheduler,
  type TaskSchedulerOptions,
} from "./tasks/scheduler.ts";
export { type MissingTaskStatus, TASK_SERVICE_TYPE, TaskService } from "./tasks/service.ts";
export {
  createTask,
  executeTaskById,
  getTaskStatus,
  pauseTask,
  resumeTask,
  type ScheduleTaskParams,
  scheduleTask,
  updateTask,
} from "./tasks/task-service.ts";
export type {
  RunDueTasksOptions,
  SendHandler,
  SendTarget,
  TaskSchedule,
  TaskStatus,
  TaskWorker,
  TickReport,
} from "./tasks/types.ts";
export * from "./types.ts";
export { createUniqueUuid, randomUuid, stringToUuid, validateUuid } from "./uuid.ts";
export { wellFormed, wellFormedDeep } from "./well-formed.ts";
