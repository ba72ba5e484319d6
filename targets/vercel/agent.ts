// The agent as a Vercel function builds it: by default Postgres on Neon over HTTP
// (shared/neon-storage.ts: one fetch per query, the schema applied at deploy time).
import { type AgentRuntime, setting } from "../../core/index.ts";
import {
  type AgentOptions,
  createTargetAgent,
  defineAgent,
  type TargetEnv,
} from "../shared/index.ts";
import { neonStorageFromEnv } from "../shared/neon-storage.ts";

export { neonStorageFromEnv };

export type VercelEnv = TargetEnv;

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
