// Which database the Node target uses: Postgres when DATABASE_URL is set, memory when
// ALLOW_NO_DATABASE asks for it, else embedded PGlite on disk so conversations survive restarts.
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createNodePostgresStorage, createPgliteStorage } from "../../adapters/postgres/index.ts";
import type { StorageAdapter, UUID } from "../../core/index.ts";
import type { NodeEnv } from "./config.ts";

export const DEFAULT_PGLITE_DIR = ".eliza-edge/db";

export async function storageFromEnv(
  env: NodeEnv,
  options: { agentId: UUID; cwd?: string },
): Promise<StorageAdapter> {
  const { agentId } = options;
  let storage: StorageAdapter;
  if (env.DATABASE_URL) {
    storage = createNodePostgresStorage({ connectionString: env.DATABASE_URL, agentId });
  } else if (env.ALLOW_NO_DATABASE === "true") {
    storage = createMemoryStorage({ agentId });
  } else {
    const dataDir = resolve(options.cwd ?? process.cwd(), env.PGLITE_DIR ?? DEFAULT_PGLITE_DIR);
    await mkdir(dataDir, { recursive: true });
    storage = await createPgliteStorage({ dataDir, agentId });
  }
  // Creates tables or applies migrations; idempotent, so every start runs it.
  await storage.init();
  return storage;
}
