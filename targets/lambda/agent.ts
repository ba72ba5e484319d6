// The agent as a Lambda builds it: by default DynamoDB storage (DYNAMODB_TABLE,
// DYNAMODB_ENDPOINT), made once per container on first use and reused by later invocations
// (the AWS SDK client keeps its own connection pool; Lambda runs one invocation per container
// at a time).
import { createDynamoStorage } from "../../adapters/dynamodb/index.ts";
import { type AgentRuntime, setting } from "../../core/index.ts";
import {
  type AgentOptions,
  createTargetAgent,
  defineAgent,
  positiveIntSetting,
  type StorageFactory,
  type TargetEnv,
} from "../shared/index.ts";

export type LambdaEnv = TargetEnv;

export const dynamoStorageFromEnv: StorageFactory = (env, { agentId }) => {
  const tableName = setting(env, "DYNAMODB_TABLE");
  if (!tableName) {
    throw new Error("DYNAMODB_TABLE is not set: name the table the stack created");
  }
  return createDynamoStorage({
    tableName,
    endpoint: setting(env, "DYNAMODB_ENDPOINT"),
    region: setting(env, "AWS_REGION"),
    agentId,
    embeddingDimension: positiveIntSetting(env, "EMBEDDING_DIMENSION"),
  });
};

export interface LambdaAgentOptions extends AgentOptions<LambdaEnv> {
  /** The agent's clock; tests move it to fire tasks without waiting. */
  now?: () => number;
}

export function createLambdaAgent(
  env: LambdaEnv,
  options: LambdaAgentOptions = {},
): Promise<AgentRuntime> {
  return createTargetAgent(env, {
    definition: defineAgent(options),
    now: options.now,
    envStorage: dynamoStorageFromEnv,
    database: {
      configured: (e) => setting(e, "DYNAMODB_TABLE") !== undefined,
      missing: "DYNAMODB_TABLE is not set",
    },
  });
}
export type { StorageFactory } from "../shared/index.ts";
