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
    storage = createNodePostgresStorage({
      connectionString: env.DATABASE_URL,
      agentId,
      connectTimeoutMs: timeoutSetting(env, "DATABASE_CONNECT_TIMEOUT_MS"),
      queryTimeoutMs: timeoutSetting(env, "DATABASE_QUERY_TIMEOUT_MS"),
    });
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

/** A positive whole number of ms, or undefined for the adapter's default. */
function timeoutSetting(
  env: NodeEnv,
  name: "DATABASE_CONNECT_TIMEOUT_MS" | "DATABASE_QUERY_TIMEOUT_MS",
): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number of milliseconds, got "${raw}"`);
  }
  return value;
}
