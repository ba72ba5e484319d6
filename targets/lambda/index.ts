export {
  createLambdaAgent,
  dynamoStorageFromEnv,
  type LambdaEnv,
  type StorageFactory,
} from "./agent.ts";
export * from "./events.ts";
export {
  createLambdaHandler,
  type LambdaContext,
  type LambdaHandler,
  type LambdaHandlerOptions,
} from "./handler.ts";
export { type SelfInvoke, selfInvokeFromEnv } from "./self-invoke.ts";
