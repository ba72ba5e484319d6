// The agent as a Lambda builds it: DynamoDB storage (DYNAMODB_TABLE, DYNAMODB_ENDPOINT), made
// once per container on first use and reused by later invocations (the AWS SDK client keeps
// its own connection pool; Lambda runs one invocation per container at a time).
import { createDynamoStorage } from "../../adapters/dynamodb/index.ts";
import {
  type AgentRuntime,
  type Character,
  characterAgentId,
  createAgent,
  type Plugin,
  type StorageAdapter,
  setting,
} from "../../core/index.ts";
import { characterFromEnv, positiveIntSetting } from "../shared/index.ts";

export type LambdaEnv = Record<string, string | undefined>;

/** Builds the storage; tests and other backends pass their own. */
export type StorageFactory = (
  env: LambdaEnv,
  character: Character,
) => StorageAdapter | Promise<StorageAdapter>;

export const dynamoStorageFromEnv: StorageFactory = (env, character) => {
  const tableName = setting(env, "DYNAMODB_TABLE");
  if (!tableName) {
    throw new Error("DYNAMODB_TABLE is not set: name the table the stack created");
  }
  return createDynamoStorage({
    tableName,
    endpoint: setting(env, "DYNAMODB_ENDPOINT"),
    region: setting(env, "AWS_REGION"),
    agentId: characterAgentId(character),
    embeddingDimension: positiveIntSetting(env, "EMBEDDING_DIMENSION"),
  });
};

export async function createLambdaAgent(
  env: LambdaEnv,
  options: { storage?: StorageFactory; plugins?: Plugin[] } = {},
): Promise<AgentRuntime> {
  const character = characterFromEnv(env);
  const storage = await (options.storage ?? dynamoStorageFromEnv)(env, character);
  await storage.init();
  return createAgent({
    character,
    storage,
    env,
    plugins: options.plugins,
  });
}
