// The features layer: built-in plugins on the public plugin API only (bootstrap, reminders,
// memory and knowledge, autonomy, the offline ELIZA model, the OpenAI, Anthropic and local
// embedding providers). Nothing below imports them; createAgent (core/agent) lists them.
export { createAnthropicPlugin } from "./anthropic/index.ts";
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
export { bootstrapPlugin } from "./bootstrap/index.ts";
export {
  createElizaEngine,
  createElizaPlugin,
  ELIZA_GREETING,
  ELIZA_PLUGIN_NAME,
  type ElizaEngine,
  warmElizaEngine,
} from "./eliza/index.ts";
export { createLocalEmbeddingPlugin, embedManyLocally } from "./local-embedding/index.ts";
export {
  characterKnowledgeStrings,
  chunkText,
  DEFAULT_KNOWLEDGE_FRAGMENTS_PER_TICK,
  type IngestBudget,
  type IngestReport,
  ingestKnowledge,
  KNOWLEDGE_TASK,
  type KnowledgeFiles,
  type KnowledgeSource,
  type KnowledgeStart,
  knowledgeFromBundle,
  memoryPlugin,
  scheduleKnowledgeIngest,
} from "./memory/index.ts";
export {
  checkObjectParams,
  type ImageDescription,
  objectInstruction,
  parseChunk,
  readImageDescription,
  readImageParams,
  readObjectAnswer,
  readServerSentEvents,
  type ServerSentEvent,
  streamEvents,
} from "./model-http/index.ts";
export {
  createOpenAIPlugin,
  embeddingsOff,
  embedMany,
  type OpenAIPluginOptions,
} from "./openai/index.ts";
export {
  parseReminder,
  REMINDER_TASK,
  type ReminderIntent,
  tasksPlugin,
} from "./reminders/index.ts";
