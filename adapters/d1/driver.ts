// A Worker's D1 binding as a SqlDriver. D1 has no BEGIN/COMMIT: `db.batch` is its one atomic
// unit (statements run in order, all rolled back if one fails), and it is also how several
// reads share one round trip.
import type { D1Database } from "@cloudflare/workers-types";
import type { BatchItem } from "drizzle-orm/batch";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import { batchingDriver, type SqlDb, type SqlDriver } from "../sql/driver.ts";

export type D1Db = DrizzleD1Database<Record<string, never>>;

export function d1Driver(binding: D1Database): SqlDriver {
  const database: D1Db = drizzle(binding);
  // The shared code's builder types are Postgres's; see sql/driver.ts for why this holds.
  return batchingDriver(
    "d1",
    database as unknown as SqlDb,
    (items) => database.batch(items as [BatchItem<"sqlite">]) as Promise<unknown[]>,
    (query) => database.run(query),
  );
}

/** The D1 database under its own (SQLite) types, for the few D1-only queries. */
export function sqliteDb(db: SqlDb): D1Db {
  return db as unknown as D1Db;
}
