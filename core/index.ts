// The public surface of eliza-edge's core. Everything a target, adapter, connector or user
// plugin needs is exported here and only here.

export { AgentRuntime } from "./agent/agent-runtime.ts";
export { type CreateAgentOptions, createAgent, modelPluginsFor } from "./agent/create-agent.ts";
export { createAnthropicPlugin } from "./features/anthropic/anthropic.ts";
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
} from "./features/autonomy/index.ts";
export { bootstrapPlugin } from "./features/bootstrap/index.ts";
export {
  createElizaEngine,
  createElizaPlugin,
  ELIZA_GREETING,
  type ElizaEngine,
} from "./features/eliza/index.ts";
export {
  createLocalEmbeddingPlugin,
  embedManyLocally,
} from "./features/local-embedding/local-embedding.ts";
export { memoryPlugin } from "./features/memory/index.ts";
export {
  characterKnowledgeStrings,
  chunkText,
  type IngestReport,
  ingestKnowledge,
  type KnowledgeSource,
} from "./features/memory/knowledge.ts";
export {
  type ImageDescription,
  readImageDescription,
  readImageParams,
} from "./features/model-http/image-description.ts";
export {
  checkObjectParams,
  objectInstruction,
  readObjectAnswer,
} from "./features/model-http/object-request.ts";
export { readServerSentEvents, type ServerSentEvent } from "./features/model-http/sse.ts";
export { parseChunk, streamEvents } from "./features/model-http/stream-read.ts";
export {
  createOpenAIPlugin,
  embedMany,
  type OpenAIPluginOptions,
} from "./features/openai/openai.ts";
export {
  parseReminder,
  REMINDER_TASK,
  type ReminderIntent,
  tasksPlugin,
} from "./features/reminders/index.ts";
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
  bioLines,
  type Character,
  CharacterError,
  type CharacterInput,
  characterAgentId,
  characterSchema,
  parseCharacter,
  parseCharacterJson,
  type TemplateFunction,
} from "./kernel/character/character.ts";
export { DeliveryError } from "./kernel/errors/delivery-error.ts";
export { describeError } from "./kernel/errors/describe-error.ts";
export { createUniqueUuid, randomUuid, stringToUuid, validateUuid } from "./kernel/ids/uuid.ts";
export { envLogger } from "./kernel/logging/env-logger.ts";
export {
  type ConsoleLoggerOptions,
  createConsoleLogger,
  type ElizaLogger,
  jsonLogFormat,
  type Logger,
  type LogLevel,
  redactingLogger,
  silentLogger,
} from "./kernel/logging/logger.ts";
export {
  createRedactor,
  errorText,
  REDACTED,
  type Redactor,
  redactorForEnv,
  redactValue,
  secretValues,
} from "./kernel/logging/redact.ts";
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
} from "./kernel/models/params.ts";
export {
  type PromptSegment,
  PromptSegmentsError,
  withSegmentedPrompt,
} from "./kernel/models/prompt-segments.ts";
export {
  type EmbeddingParams,
  type GenerateTextParams,
  ModelError,
  ModelType,
  type ModelTypeName,
} from "./kernel/models/types.ts";
export {
  anthropicUsage,
  type ModelUsedTokens,
  openAIUsage,
  reportModelUsage,
  type TokenUsage,
} from "./kernel/models/usage.ts";
export { ELIZAOS_SETTING_ALIASES, envSetting } from "./kernel/settings/aliases.ts";
export type { SettingSource, SettingValue } from "./kernel/settings/precedence.ts";
export {
  SECRET_HOSTS_SETTING,
  type SecretBaseUrl,
  secretBaseUrl,
} from "./kernel/settings/secret-base-url.ts";
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
} from "./kernel/storage/contract.ts";
export { parseResponse } from "./kernel/text/parse-response.ts";
export * from "./kernel/types/domain.ts";
export { type EventName, EventType } from "./kernel/types/event-types.ts";
export { wellFormed, wellFormedDeep } from "./kernel/validation/well-formed.ts";
export {
  DEFAULT_MEDIA_MAX_BYTES,
  mediaMaxBytes,
  processAttachments,
} from "./pipeline/media/attachments.ts";
export { type Downloaded, downloadCapped, MediaError } from "./pipeline/media/download.ts";
export { type MediaFetcher, registerMediaFetcher } from "./pipeline/media/fetchers.ts";
export type {
  ElizaMessageService,
  MessageProcessingOptions,
  MessageProcessingResult,
  ResponseDecision,
} from "./pipeline/messages/elizaos-message-service.ts";
export {
  type HandleMessageOptions,
  type HandleMessageResult,
  type MessageCallback,
  type MessageService,
  messageService,
  type TurnObserver,
} from "./pipeline/messages/message-service.ts";
export {
  fillTemplate,
  messageHandlerTemplate,
  replyTemplate,
  shouldRespondTemplate,
} from "./pipeline/messages/templates.ts";
export { acceptWithLimits } from "./pipeline/tasks/accept-with-limits.ts";
export {
  type Acceptance,
  acceptInbound,
  INBOX_TASK,
  type InboundMessage,
  type InboxOptions,
  inboxWorker,
} from "./pipeline/tasks/inbox.ts";
export { runDueTasks } from "./pipeline/tasks/run-due-tasks.ts";
export { executeTaskById, type RunOutcome } from "./pipeline/tasks/run-task.ts";
export {
  startTaskScheduler,
  type TaskScheduler,
  type TaskSchedulerOptions,
} from "./pipeline/tasks/scheduler.ts";
export { type MissingTaskStatus, TaskService } from "./pipeline/tasks/task-service.ts";
export type { RunDueTasksOptions, TickReport } from "./pipeline/tasks/types.ts";
export { type PlannedParams, parseParams } from "./runtime/actions/parse-params.ts";
export type { RuntimeOptions } from "./runtime/agent-runtime-core.ts";
export type { ConnectionParams } from "./runtime/base/connections.ts";
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
} from "./runtime/batcher/index.ts";
export type {
  Action,
  ActionContext,
  ActionExample,
  ActionParameter,
  ActionParameterSchema,
  ActionParameters,
  ActionResult,
  ActionRunOptions,
  EvaluationExample,
  Evaluator,
  EventHandler,
  EventPayload,
  Handler,
  HandlerCallback,
  HandlerOptions,
  IAgentRuntime,
  ModelHandler,
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
  TargetInfo,
  Validator,
} from "./runtime/contract/index.ts";
export type { SendHandler, TaskWorker } from "./runtime/contract/plugin-api.ts";
export type { SendTarget } from "./runtime/contract/shapes.ts";
export {
  canEmbed,
  DEFAULT_EMBEDDING_BUDGET_MS,
  EMBED_TASK,
  embedText,
  embedWithinBudget,
} from "./runtime/embedding/embed.ts";
export type { ControlMessage, ControlMessageParams } from "./runtime/events/control-message.ts";
export type { LocalListener } from "./runtime/events/local-events.ts";
export {
  DEFAULT_ROOM_MESSAGES_PER_MINUTE,
  DEFAULT_USER_MESSAGES_PER_MINUTE,
  MessageRateLimiter,
  type MessageRateLimits,
  RATE_LIMIT_WINDOW_MS,
  type RateLimitVerdict,
  rateLimitRefusal,
} from "./runtime/limits/message-rate-limit.ts";
export {
  createMemoryRateLimitStore,
  DEFAULT_RATE_LIMIT_KEYS,
  type RateLimitStore,
  type RateLimitWindow,
} from "./runtime/limits/rate-limit-store.ts";
export { type ModelCallReport, reportModelCall } from "./runtime/models/call-report.ts";
export { modelSettings } from "./runtime/models/model-settings.ts";
export { LLMMode, type LLMModeName } from "./runtime/models/registry.ts";
export {
  type StreamPart,
  type TextStreamResult,
  textStreamResult,
} from "./runtime/models/text-stream.ts";
export { addHeader, composePrompt, composePromptFromState } from "./runtime/prompts/prompts.ts";
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
} from "./runtime/runs/index.ts";
export { TASK_SERVICE_TYPE } from "./runtime/services/registry.ts";
export { nextCronRun, parseCron, TaskScheduleError } from "./runtime/tasks/cron.ts";
export { initialDueAt, nextDueAt, scheduledAtMs } from "./runtime/tasks/due-time.ts";
export { backoffDelay, nextOccurrence } from "./runtime/tasks/schedule.ts";
export {
  createTask,
  getTaskStatus,
  pauseTask,
  resumeTask,
  type ScheduleTaskParams,
  scheduleTask,
  updateTask,
} from "./runtime/tasks/task-rows.ts";
export type { TaskSchedule, TaskStatus } from "./runtime/tasks/types.ts";
