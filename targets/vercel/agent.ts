// The agent as a Vercel function builds it: by default Postgres on Neon over HTTP (one fetch
// per query, nothing to keep open between invocations). The schema is applied at deploy time
// with `npm run db:migrate`, never by a function, so a cold start costs no migration check.
// neon-http.ts is imported directly: the adapter's index also exports PGlite, which a
// function must not carry.
import { createNeonHttpStorage } from "../../adapters/postgres/neon-http.ts";
import { type AgentRuntime, setting } from "../../core/index.ts";
import {
  type AgentOptions,
  createTargetAgent,
  defineAgent,
  positiveIntSetting,
  type StorageFactory,
  type TargetEnv,
} from "../shared/index.ts";

export type VercelEnv = TargetEnv;

export const neonStorageFromEnv: StorageFactory = (env, { agentId }) => {
  const connectionString = setting(env, "DATABASE_URL");
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: add the Neon connection string to the project");
  }
  return createNeonHttpStorage({
    connectionString,
    agentId,
    migrate: false,
    // The same setting and default as the Node target's pooled Postgres: a hung database
    // fails the request with 503 instead of holding the function until Vercel kills it.
    queryTimeoutMs: positiveIntSetting(env, "DATABASE_QUERY_TIMEOUT_MS"),
  });
};

export interface VercelAgentOptions extends AgentOptions<VercelEnv> {
  /** The agent's clock; tests move it to fire tasks without waiting. */
  now?: () => number;
}

export function createVercelAgent(
  env: VercelEnv,
  options: VercelAgentOptions = {},
): Promise<AgentRuntime> {
  return createTargetAgent(env, {
    definition: defineAgent(options),
    now: options.now,
    envStorage: neonStorageFromEnv,
    database: {
      configured: (e) => setting(e, "DATABASE_URL") !== undefined,
      missing: "DATABASE_URL is not set",
    },
  });
}
export type { StorageFactory } from "../shared/index.ts";
