export type {
  AgentOptions,
  ConnectorSet,
  ConnectorsOption,
  StorageContext,
  StorageOption,
} from "../shared/index.ts";
export {
  createLambdaAgent,
  dynamoStorageFromEnv,
  type LambdaAgentOptions,
  type LambdaEnv,
  lambdaStorageFromEnv,
  type StorageFactory,
} from "./agent.ts";
export * from "./events.ts";
export {
  createLambdaHandler,
  type LambdaContext,
  type LambdaHandler,
  type LambdaHandlerOptions,
  type LambdaInvocation,
} from "./handler.ts";
export { type SelfInvoke, selfInvokeFromEnv } from "./self-invoke.ts";
export { createLambdaStreamingHandler, type LambdaStreamingHandler } from "./streaming.ts";
