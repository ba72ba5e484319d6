// Brings the Postgres schema up to date: DATABASE_URL, or embedded PGlite in PGLITE_DIR when it
// is unset. The one code path behind `eliza-edge migrate` and `npm run db:migrate`
// (db-migrate.ts), so both check DATABASE_URL and both refuse a PGlite directory another
// process has open (data-dir-lock.ts). A neon.tech URL goes over Neon's HTTP endpoint (no
// socket needed); any other URL over plain `pg`.
import type { PostgresStorage } from "../../adapters/postgres/index.ts";
import { envSetting } from "../../core/kernel/index.ts";
import { positiveIntSetting } from "../shared/character.ts";
import { loadDriver } from "../shared/drivers.ts";
import type { NodeEnv } from "./config.ts";
import { checkDatabaseUrl, databaseTimeouts, lockDataDir, pgliteDir } from "./storage.ts";

/**
 * Applies the pending migrations and, with EMBEDDING_DIMENSION set, makes the memory search
 * index for that width (re-pinning the width is this step); returns the line to print
 * ("applied ..." / "up to date", then the index).
 */
export async function migratePostgresFromEnv(env: NodeEnv): Promise<string> {
  const width = positiveIntSetting(env, "EMBEDDING_DIMENSION");
  const url = envSetting(env, "DATABASE_URL");
  if (url) checkDatabaseUrl(url);
  // PGlite: refused while a server (or anything else) has the directory open.
  const lock = url ? undefined : lockDataDir(pgliteDir(env), "migrate");
  try {
    const storage = await openForMigration(env, url);
    try {
      const { migrateDriver } = await import("../../adapters/postgres/migrate.ts");
      const applied = await migrateDriver(storage.driver);
      const line = applied.length
        ? `applied ${applied.join(", ")} (${storage.kind})`
        : `schema up to date (${storage.kind})`;
      await storage.refreshStatistics();
      if (width === undefined) return line;
      const index = await storage.ensureSearchIndex(width);
      return `${line}; search index for width ${width}: ${SEARCH_INDEX_STATES[index]}`;
    } finally {
      await storage.close();
    }
  } finally {
    lock?.release();
  }
}

const SEARCH_INDEX_STATES = {
  exists: "already there",
  created: "built",
  "too-wide": "none (pgvector indexes at most 4,000 dimensions; searches scan)",
  unsupported: "none (this pgvector has no HNSW for it; searches scan)",
} as const;

/**
 * A migration's statements default to 10 minutes, not a request's 10 s: building the search
 * index over a large table that already holds that width's memories takes a while.
 * DATABASE_QUERY_TIMEOUT_MS still sets it.
 */
const MIGRATION_QUERY_TIMEOUT_MS = 10 * 60_000;

// Drivers are imported lazily: a Neon migration loads neither pg nor PGlite.
async function openForMigration(env: NodeEnv, url: string | undefined): Promise<PostgresStorage> {
  const timeouts = databaseTimeouts(env);
  const queryTimeoutMs = timeouts.queryTimeoutMs ?? MIGRATION_QUERY_TIMEOUT_MS;
  if (url && /\.neon\.tech(:\d+)?\//.test(url)) {
    const { createNeonHttpStorage } = await loadDriver(
      "neon",
      () => import("../../adapters/postgres/neon-http.ts"),
    );
    return createNeonHttpStorage({ connectionString: url, migrate: false, queryTimeoutMs });
  }
  if (url) {
    const { createNodePostgresStorage } = await loadDriver(
      "pg",
      () => import("../../adapters/postgres/node-postgres.ts"),
    );
    return createNodePostgresStorage({
      connectionString: url,
      migrate: false,
      ...timeouts,
      queryTimeoutMs,
    });
  }
  const { createPgliteStorage } = await loadDriver(
    "pglite",
    () => import("../../adapters/postgres/pglite.ts"),
  );
  return createPgliteStorage({ dataDir: pgliteDir(env), migrate: false });
}
