// The agent as a Worker builds it: by default D1 storage over the `DB` binding (with Vectorize
// when bound) and Workers AI as a keyless model provider when `AI` is bound. No client is kept
// beyond what the bindings are: D1 and Vectorize calls are per request by nature.
import { createD1Storage } from "../../adapters/d1/index.ts";
import type { AgentRuntime, Plugin, PreparedAgent } from "../../core/index.ts";
import {
  type AgentOptions,
  defineAgent,
  positiveIntSetting,
  prepareTargetAgent,
  type StorageFactory,
} from "../shared/index.ts";
import type { WorkerEnv } from "./env.ts";
import { createWorkersAiPlugin } from "./workers-ai.ts";

/** The D1 storage of the `DB` binding; its schema is applied by `wrangler d1 migrations apply`. */
export const d1StorageFromEnv: StorageFactory<WorkerEnv> = (env, { agentId }) => {
  if (!env.DB) {
    throw new Error(
      'The D1 binding "DB" is missing: add [[d1_databases]] binding = "DB" to wrangler.toml',
    );
  }
  return createD1Storage(env.DB, {
    agentId,
    embeddingDimension: positiveIntSetting(env, "EMBEDDING_DIMENSION"),
    vectorize: env.VECTORIZE,
  });
};

/**
 * `Env` is the Worker's env type (the user's own, or WorkerEnv). `options` is what createWorker
 * takes (or, as before, just more plugins).
 */
export async function createWorkerAgent<Env = WorkerEnv>(
  env: Env,
  options: AgentOptions<Env> | Plugin[] = {},
): Promise<AgentRuntime> {
  return (await prepareWorkerAgent(env, options)).start();
}

/** createWorkerAgent's part that does no I/O (the Worker's global scope); `start()` does the rest. */
export function prepareWorkerAgent<Env = WorkerEnv>(
  env: Env,
  options: AgentOptions<Env> | Plugin[] = {},
): Promise<PreparedAgent> {
  const definition = defineAgent(Array.isArray(options) ? { plugins: options } : options);
  // The kit's own bindings (DB, VECTORIZE, AI) are read by name, whatever the user's env type.
  const bindings = (e: Env) => e as unknown as WorkerEnv;
  return prepareTargetAgent(env, {
    definition,
    envStorage: (e, agent) => d1StorageFromEnv(bindings(e), agent),
    database: {
      configured: (e) => Boolean(bindings(e).DB),
      missing: 'the D1 binding "DB" is missing',
    },
    targetModels: (e) => {
      const { AI } = bindings(e);
      return AI ? [createWorkersAiPlugin(AI)] : [];
    },
  });
}
