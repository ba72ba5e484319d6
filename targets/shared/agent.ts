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
}

export async function createTargetAgent(
  env: TargetEnv,
  options: TargetAgentOptions,
): Promise<AgentRuntime> {
  const character = characterFromEnv(env);
  const storage = await options.storage(env, character);
  await storage.init();
  return createAgent({ character, storage, env, plugins: options.plugins, now: options.now });
}
