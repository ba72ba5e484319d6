export type {
  AgentOptions,
  ConnectorSet,
  ConnectorsOption,
  StorageContext,
  StorageFactory,
  StorageOption,
} from "../shared/index.ts";
export { isLoopback, loadCharacter } from "./config.ts";
export { type NodeServer, type NodeServerOptions, startNodeServer } from "./server.ts";
export {
  type EmbeddingSidecar,
  type EmbeddingSidecarOptions,
  startEmbeddingSidecar,
} from "./sidecar-process.ts";
export { DEFAULT_PGLITE_DIR, storageFromEnv } from "./storage.ts";
