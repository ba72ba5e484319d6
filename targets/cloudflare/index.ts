export type {
  AgentOptions,
  ConnectorSet,
  ConnectorsOption,
  StorageContext,
  StorageFactory,
  StorageOption,
} from "../shared/index.ts";
export { createWorkerAgent, d1StorageFromEnv } from "./agent.ts";
export type { WorkerContext, WorkerEnv, WorkerScheduledController } from "./env.ts";
export { createWorker, type Worker, type WorkerOptions } from "./worker.ts";
export {
  createWorkersAiPlugin,
  DEFAULT_WORKERS_AI_EMBEDDING_MODEL,
  DEFAULT_WORKERS_AI_IMAGE_MODEL,
  DEFAULT_WORKERS_AI_LARGE_MODEL,
  DEFAULT_WORKERS_AI_SMALL_MODEL,
  WORKERS_AI_PRIORITY,
  type WorkersAiBinding,
} from "./workers-ai.ts";
export {
  DEFAULT_WORKERS_AI_TRANSCRIPTION_MODEL,
  DEFAULT_WORKERS_AI_VISION_MODEL,
} from "./workers-ai-media.ts";
