// The two real backends the elizaOS runtime tests run on: the in-memory storage and the
// Postgres adapter on embedded PGlite (one PGlite per test file; a storage per agent on it).
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createPgliteStorage } from "../../adapters/postgres/index.ts";
import {
  AgentRuntime,
  characterAgentId,
  type Plugin,
  parseCharacter,
  type StorageAdapter,
} from "../../core/index.ts";
import { randomUuid } from "../../core/kernel/ids/uuid.ts";

export interface Backend {
  name: string;
  storage(agentId: ReturnType<typeof characterAgentId>): Promise<StorageAdapter>;
}

let pglite: Promise<PGlite> | undefined;
afterAll(async () => {
  if (pglite) await (await pglite).close();
});

export const backends: Backend[] = [
  { name: "memory", storage: async (agentId) => createMemoryStorage({ agentId }) },
  {
    name: "pglite",
    storage: async (agentId) => {
      pglite ??= PGlite.create({ extensions: { vector } });
      const storage = await createPgliteStorage({ client: await pglite, agentId });
      await storage.init();
      return storage;
    },
  },
];

export interface RuntimeSetup {
  plugins?: Plugin[];
  settings?: Record<string, unknown>;
  secrets?: Record<string, string | number | boolean>;
  env?: Record<string, unknown>;
  bio?: string;
}

/** A runtime with a fresh character name, so agents on one shared database never collide. */
export async function runtimeOn(backend: Backend, setup: RuntimeSetup = {}): Promise<AgentRuntime> {
  const character = parseCharacter({
    name: `Agent ${randomUuid().slice(0, 8)}`,
    settings: setup.settings ?? {},
    secrets: setup.secrets ?? {},
    bio: setup.bio ?? [],
  });
  const agentId = characterAgentId(character);
  const runtime = new AgentRuntime({
    character,
    storage: await backend.storage(agentId),
    plugins: setup.plugins,
    env: setup.env,
  });
  runtime.logger.warn = () => {};
  runtime.logger.error = () => {};
  return runtime;
}
