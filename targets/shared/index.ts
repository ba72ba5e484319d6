export {
  createTargetAgent,
  type StorageFactory,
  type TargetAgentOptions,
  type TargetEnv,
} from "./agent.ts";
export { type AgentFactory, agentPerIsolate } from "./agent-per-isolate.ts";
export { characterFromEnv, positiveIntSetting } from "./character.ts";
export { type ConnectorSet, connectorsFor } from "./connectors.ts";
export { allowsNoDatabase, noDatabaseStorage, warnNoDatabase } from "./no-database.ts";
export { version } from "./version.ts";
