export { isLoopback, loadCharacter } from "./config.ts";
export {
  type NodeServer,
  type NodeServerOptions,
  startNodeServer,
  storageFromEnv,
} from "./server.ts";
