// Brings the Postgres schema up to date: DATABASE_URL, or embedded PGlite in PGLITE_DIR when it
// is unset. The one code path behind `eliza-edge migrate` and `npm run db:migrate`
// (db-migrate.ts), so both check DATABASE_URL and both refuse a PGlite directory another
// process has open (data-dir-lock.ts). A neon.tech URL goes over Neon's HTTP endpoint (no
// socket needed); any other URL over plain `pg`.
import type { PostgresStorage } from "../../adapters/postgres/index.ts";
import { envSetting } from "../../core/setting-aliases.ts";
import type { NodeEnv } from "./config.ts";
import { checkDatabaseUrl, databaseTimeouts, lockDataDir, pgliteDir } from "./storage.ts";

/** Applies the pending migrations; returns the line to print ("applied ..." / "up to date"). */
export async function migratePostgresFromEnv(env: NodeEnv): Promise<string> {
  const url = envSetting(env, "DATABASE_URL");
  if (url) checkDatabaseUrl(url);
  // PGlite: refused while a server (or anything else) has the directory open.
  const lock = url ? undefined : lockDataDir(pgliteDir(env), "migrate");
  try {
    const storage = await openForMigration(env, url);
    try {
      const { migrateDriver } = await import("../../adapters/postgres/migrate.ts");
      const applied = await migrateDriver(storage.driver);
      return applied.length
        ? `applied ${applied.join(", ")} (${storage.kind})`
        : `schema up to date (${storage.kind})`;
    } finally {
      await storage.close();
    }
  } finally {
    lock?.release();
  }
}

// Drivers are imported lazily: a Neon migration loads neither pg nor PGlite.
async function openForMigration(env: NodeEnv, url: string | undefined): Promise<PostgresStorage> {
  if (url && /\.neon\.tech(:\d+)?\//.test(url)) {
    const { createNeonHttpStorage } = await import("../../adapters/postgres/neon-http.ts");
    const { queryTimeoutMs } = databaseTimeouts(env);
    return createNeonHttpStorage({ connectionString: url, migrate: false, queryTimeoutMs });
  }
  if (url) {
    const { createNodePostgresStorage } = await import("../../adapters/postgres/node-postgres.ts");
    return createNodePostgresStorage({
      connectionString: url,
      migrate: false,
      ...databaseTimeouts(env),
    });
  }
  const { createPgliteStorage } = await import("../../adapters/postgres/pglite.ts");
  return createPgliteStorage({ dataDir: pgliteDir(env), migrate: false });
}
