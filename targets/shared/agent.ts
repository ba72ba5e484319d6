// The agent as an edge target builds it: the character from the env (or the bundled file),
// the target's storage, and the connectors' plugins. Targets differ only in the storage.
import {
  type AgentRuntime,
  type Character,
  createAgent,
  type Plugin,
  type StorageAdapter,
} from "../../core/index.ts";
import { characterFromEnv } from "./character.ts";
import { allowsNoDatabase, noDatabaseStorage, warnNoDatabase } from "./no-database.ts";

export type TargetEnv = Record<string, string | undefined>;

/** Builds the storage; tests and other backends pass their own. */
export type StorageFactory = (
  env: TargetEnv,
  character: Character,
) => StorageAdapter | Promise<StorageAdapter>;

export interface TargetAgentOptions {
  storage: StorageFactory;
  plugins?: Plugin[];
  /** The agent's clock; tests move it to fire tasks without waiting. */
  now?: () => number;
  /**
   * The target's own database, for ALLOW_NO_DATABASE: when `configured(env)` is false and the
   * flag is set, the in-memory storage replaces `storage`, with one startup warning naming
   * `missing`. Without the flag `storage` runs and gives its own error.
   */
  database?: { configured(env: TargetEnv): boolean; missing: string };
}

export async function createTargetAgent(
  env: TargetEnv,
  options: TargetAgentOptions,
): Promise<AgentRuntime> {
  const character = characterFromEnv(env);
  const { database } = options;
  const inMemory = database !== undefined && !database.configured(env) && allowsNoDatabase(env);
  const storage = inMemory
    ? noDatabaseStorage(env, character)
    : await options.storage(env, character);
  await storage.init();
  const runtime = await createAgent({
    character,
    storage,
    env,
    // An edge deployment is production: startup warns of a missing SECRET_SALT.
    production: true,
    // No timer on Lambda or Vercel: their schedules call runDueTasks().
    serverless: true,
    plugins: options.plugins,
    now: options.now,
  });
  if (inMemory && database) warnNoDatabase(runtime, database.missing);
  return runtime;
}
