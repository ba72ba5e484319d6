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

export async function createTargetAgent(
  env: TargetEnv,
  storageFor: StorageFactory,
  plugins: Plugin[] = [],
): Promise<AgentRuntime> {
  const character = characterFromEnv(env);
  const storage = await storageFor(env, character);
  await storage.init();
  return createAgent({ character, storage, env, plugins });
}
