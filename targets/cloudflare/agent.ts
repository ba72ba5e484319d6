// The agent as a Worker builds it: D1 storage over the `DB` binding (with Vectorize when
// bound), Workers AI as a keyless model provider when `AI` is bound. No client is kept
// beyond what the bindings are: D1 and Vectorize calls are per request by nature.
import { createD1Storage } from "../../adapters/d1/index.ts";
import { type AgentRuntime, characterAgentId, createAgent, type Plugin } from "../../core/index.ts";
import {
  allowsNoDatabase,
  characterFromEnv,
  noDatabaseStorage,
  positiveIntSetting,
  warnNoDatabase,
} from "../shared/index.ts";
import type { WorkerEnv } from "./env.ts";
import { createWorkersAiPlugin } from "./workers-ai.ts";

export async function createWorkerAgent(
  env: WorkerEnv,
  plugins: Plugin[] = [],
): Promise<AgentRuntime> {
  const inMemory = !env.DB && allowsNoDatabase(env);
  if (!env.DB && !inMemory) {
    throw new Error(
      'The D1 binding "DB" is missing: add [[d1_databases]] binding = "DB" to wrangler.toml',
    );
  }
  const character = characterFromEnv(env);
  const storage = inMemory
    ? noDatabaseStorage(env, character)
    : createD1Storage(env.DB, {
        agentId: characterAgentId(character),
        embeddingDimension: positiveIntSetting(env, "EMBEDDING_DIMENSION"),
        vectorize: env.VECTORIZE,
      });
  // D1's schema is applied by `wrangler d1 migrations apply`; the memory storage sets itself up.
  if (inMemory) await storage.init();
  const runtime = await createAgent({
    character,
    storage,
    env,
    // An edge deployment is production: startup warns of a missing SECRET_SALT.
    production: true,
    // No timer in an isolate: the Worker's `scheduled` handler calls runDueTasks().
    serverless: true,
    plugins: [...(env.AI ? [createWorkersAiPlugin(env.AI)] : []), ...plugins],
  });
  if (inMemory) warnNoDatabase(runtime, 'the D1 binding "DB" is missing');
  return runtime;
}
