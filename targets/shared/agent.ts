// The agent as an edge target builds it: what the user defined in code (character, storage,
// models, plugins), the env for the rest (CHARACTER_JSON or the bundled file, the target's
// database, the provider whose key is set), and the connectors' plugins. Targets differ only
// in their env storage and their own model providers.

import {
  type AgentRuntime,
  type Plugin,
  type PreparedAgent,
  prepareAgent,
} from "../../core/index.ts";
import type { ParsedCharacter } from "../../core/kernel/index.ts";
import {
  type AgentDefinition,
  givenStorage,
  type StorageFactory,
  storageContext,
  type TargetEnv,
} from "./agent-options.ts";
import { characterFromEnv } from "./character.ts";
import { connectorsFor } from "./connectors.ts";
import { allowsNoDatabase, noDatabaseStorage, warnNoDatabase } from "./no-database.ts";

export interface TargetAgentOptions<Env = TargetEnv> {
  /**
   * The agent defined in code; the env fills in what it leaves out. Its `connectors` are the
   * ones the target serves (resolved once, so routes and send handlers match), else the env's.
   */
  definition: AgentDefinition<Env>;
  /** The target's database from the env, used when the definition gives no storage. */
  envStorage: StorageFactory<Env>;
  /**
   * The target's own database, for ALLOW_NO_DATABASE: when `configured(env)` is false and the
   * flag is set, the in-memory storage replaces `envStorage`, with one startup warning naming
   * `missing`. Without the flag `envStorage` runs and gives its own error.
   */
  database?: { configured(env: Env): boolean; missing: string };
  /** Model providers the target adds from its env (Workers AI); off when `models` is given. */
  targetModels?: (env: Env) => Plugin[];
  /** The agent's clock; tests move it to fire tasks without waiting. */
  now?: () => number;
}

export async function createTargetAgent<Env>(
  env: Env,
  options: TargetAgentOptions<Env>,
): Promise<AgentRuntime> {
  return (await prepareTargetAgent(env, options)).start();
}

/**
 * createTargetAgent's part that does no I/O of its own: the character, the storage object, the
 * runtime constructed. A storage factory of the user's may still do I/O; where that is
 * forbidden (a Worker's global scope) this rejects, and the caller builds in a request instead.
 */
export async function prepareTargetAgent<Env>(
  env: Env,
  options: TargetAgentOptions<Env>,
): Promise<PreparedAgent> {
  // Bindings and vars alike: settings are read from it by name.
  const settings = env as unknown as Record<string, unknown>;
  const { definition, database } = options;
  const character: ParsedCharacter = definition.character ?? characterFromEnv(settings);
  const inMemory =
    definition.storage === undefined &&
    database !== undefined &&
    !database.configured(env) &&
    allowsNoDatabase(settings);
  const storage = definition.storage
    ? await givenStorage(definition.storage, env, character)
    : inMemory
      ? noDatabaseStorage(settings, character)
      : await options.envStorage(env, storageContext(character));
  const targetModels = definition.models ? [] : (options.targetModels?.(env) ?? []);
  const connectors = connectorsFor(settings, definition.connectors);
  const prepared = await prepareAgent({
    character,
    storage,
    env: settings,
    // An edge deployment is production: startup warns of a missing SECRET_SALT.
    production: true,
    // No timer on a Worker, Lambda or Vercel: their schedules call runDueTasks().
    serverless: true,
    // Workers Logs, CloudWatch and Vercel's log drains index JSON lines field by field.
    logJsonDefault: true,
    plugins: [...targetModels, ...connectors.plugins, ...definition.plugins],
    models: definition.models,
    knowledgeFiles: definition.knowledgeFiles,
    now: options.now,
  });
  let started: Promise<AgentRuntime> | undefined;
  const start = async () => {
    // Idempotent: creates tables where the backend does that itself (D1's are migrated by wrangler).
    await storage.init();
    const runtime = await prepared.start();
    if (inMemory && database) warnNoDatabase(runtime, database.missing);
    return runtime;
  };
  return { runtime: prepared.runtime, start: () => (started ??= start()) };
}
