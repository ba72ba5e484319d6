export type {
  AgentOptions,
  ConnectorSet,
  ConnectorsOption,
  StorageContext,
  StorageOption,
} from "../shared/index.ts";
export {
  createVercelAgent,
  neonStorageFromEnv,
  type StorageFactory,
  type VercelAgentOptions,
  type VercelEnv,
} from "./agent.ts";
export { createVercelHandler, type VercelHandler, type VercelHandlerOptions } from "./handler.ts";
