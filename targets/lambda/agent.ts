// The agent as a Lambda builds it: by default DynamoDB storage (DYNAMODB_TABLE,
// DYNAMODB_ENDPOINT), or, when DATABASE_URL is set, Postgres on Neon over HTTP (the same as
// Vercel's: shared/neon-storage.ts), for memory search at any scale where DynamoDB scores only
// the newest 1,000 embedded memories in scope. Made once per container on first use and
// reused by later invocations (Lambda runs one invocation per container at a time).
// Each driver is imported only when the env picks it: the bundle carries DynamoDB's adapter
// with the AWS SDK, and the Neon driver, in chunks of their own (build.ts), so a cold start
// loads neither until the first request builds the agent on one of them, and never the other.
import { type AgentRuntime, setting } from "../../core/index.ts";
import { loadDriver } from "../shared/drivers.ts";
import {
  type AgentOptions,
  createTargetAgent,
  defineAgent,
  positiveIntSetting,
  type StorageFactory,
  type TargetEnv,
} from "../shared/index.ts";

export type LambdaEnv = TargetEnv;

/** DATABASE_URL selects Postgres (it wins over the DYNAMODB_TABLE serverless.yml always sets). */
export const lambdaStorageFromEnv: StorageFactory = async (env, agent) => {
  if (setting(env, "DATABASE_URL") === undefined) return dynamoStorageFromEnv(env, agent);
  const { neonStorageFromEnv } = await loadDriver(
    "neon",
    () => import("../shared/neon-storage.ts"),
  );
  return neonStorageFromEnv(env, agent);
};

export const dynamoStorageFromEnv: StorageFactory = async (env, { agentId }) => {
  const tableName = setting(env, "DYNAMODB_TABLE");
  if (!tableName) {
    throw new Error(
      "DYNAMODB_TABLE is not set: name the table the stack created (or set DATABASE_URL for Postgres)",
    );
  }
  const { createDynamoStorage } = await loadDriver(
    "dynamodb",
    () => import("../../adapters/dynamodb/index.ts"),
  );
  return createDynamoStorage({
    tableName,
    endpoint: setting(env, "DYNAMODB_ENDPOINT"),
    region: setting(env, "AWS_REGION"),
    agentId,
    embeddingDimension: positiveIntSetting(env, "EMBEDDING_DIMENSION"),
    // Bounded waits (adapters/dynamodb/client.ts): a stalled table answers 503, never a 504.
    connectTimeoutMs: positiveIntSetting(env, "DYNAMODB_CONNECT_TIMEOUT_MS"),
    requestTimeoutMs: positiveIntSetting(env, "DYNAMODB_REQUEST_TIMEOUT_MS"),
    maxAttempts: positiveIntSetting(env, "DYNAMODB_MAX_ATTEMPTS"),
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
    envStorage: lambdaStorageFromEnv,
    database: {
      configured: (e) =>
        setting(e, "DYNAMODB_TABLE") !== undefined || setting(e, "DATABASE_URL") !== undefined,
      missing: "neither DYNAMODB_TABLE nor DATABASE_URL is set",
    },
  });
}
export type { StorageFactory } from "../shared/index.ts";
