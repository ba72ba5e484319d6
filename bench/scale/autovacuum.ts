// What autovacuum would have done by now. Postgres and Neon gather planner statistics by
// themselves; the benches' "neon-http" backend is PGlite behind the Neon HTTP shim, which has
// no autovacuum, and the storage refreshes statistics itself only when it knows it is on
// PGlite (adapters/postgres/statistics.ts). Without this, Neon's figures would be those of a
// database that never analyzed anything, which no Neon database is.
import { sql } from "drizzle-orm";
import { PostgresStorage } from "../../adapters/postgres/index.ts";
import type { StorageAdapter } from "../../core/index.ts";

export async function autovacuumAnalyze(storage: StorageAdapter): Promise<void> {
  if (storage instanceof PostgresStorage && storage.kind !== "pglite") {
    await storage.driver.execute(sql`analyze`);
  }
}
