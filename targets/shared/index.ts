export { createTargetAgent, prepareTargetAgent, type TargetAgentOptions } from "./agent.ts";
export {
  type AgentDefinition,
  type AgentOptions,
  type ConnectorsOption,
  defineAgent,
  givenStorage,
  type StorageContext,
  type StorageFactory,
  type StorageOption,
  storageContext,
  type TargetEnv,
} from "./agent-options.ts";
export { type AgentFactory, agentPerIsolate } from "./agent-per-isolate.ts";
export { characterFromEnv, positiveIntSetting } from "./character.ts";
export { type ConnectorSet, connectorsFor } from "./connectors.ts";
export {
  type Deadlines,
  LAMBDA_DEADLINES,
  NODE_DEADLINES,
  VERCEL_DEADLINES,
  WORKER_DEADLINES,
  withDeadlines,
} from "./deadlines.ts";
export { allowsNoDatabase, noDatabaseStorage, warnNoDatabase } from "./no-database.ts";
export { version } from "./version.ts";
