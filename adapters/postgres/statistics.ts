// Planner statistics where nothing else gathers them. PGlite runs no autovacuum, so a table
// that grew from nothing to 100,000 rows still looks empty to the planner, which then picks
// plans fit for an empty table (a bitmap scan of a whole room and a sort; an exact scan instead
// of the HNSW index). This does what autovacuum's analyze step does, on the same rule: a table
// is analyzed once rows changed since its last ANALYZE exceed 50 + 10% of its size. Checking
// is one catalog query; an ANALYZE reads a sample of at most 30,000 rows of each table, so it
// stays bounded however large the table grows (about 150 ms for memories on PGlite once past
// 30,000 rows, with the wide columns no query filters on left out: migration 0004).
import { getTableName, sql } from "drizzle-orm";
import type { PostgresDriver } from "./driver.ts";
import { allTables } from "./schema.ts";

const TABLES = Object.values(allTables).map((table) => getTableName(table));

/** ANALYZEs this schema's tables that changed enough since their last one; returns their names. */
export async function refreshStatistics(driver: PostgresDriver): Promise<string[]> {
  const names = sql.join(
    TABLES.map((name) => sql`${name}`),
    sql`, `,
  );
  // Counts this process wrote are flushed to the shared statistics at most once a second;
  // the first statement makes sure the check below sees all of them.
  await driver.execute(sql`select pg_stat_force_next_flush()`);
  const result = await driver.db.execute(
    sql`select c.relname as name from pg_class c
        where c.relnamespace = current_schema()::regnamespace and c.relname in (${names})
          and pg_stat_get_mod_since_analyze(c.oid) > 50 + 0.1 * greatest(c.reltuples, 0)`,
  );
  const stale = ((result as { rows?: { name: string }[] }).rows ?? []).map((row) => row.name);
  if (stale.length === 0) return [];
  const tables = sql.join(
    stale.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await driver.execute(sql`analyze ${tables}`);
  return stale;
}
