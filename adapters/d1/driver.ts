// A Worker's D1 binding as a SqlDriver. D1 has no BEGIN/COMMIT: `db.batch` is its one atomic
// unit (statements run in order, all rolled back if one fails), and it is also how several
// reads share one round trip.
import type { D1Database } from "@cloudflare/workers-types";
import type { BatchItem } from "drizzle-orm/batch";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import type { SqlDb, SqlDriver, Statement } from "../sql/driver.ts";

export type D1Db = DrizzleD1Database<Record<string, never>>;

export function d1Driver(binding: D1Database): SqlDriver {
  const database: D1Db = drizzle(binding);
  // The shared code's builder types are Postgres's; see sql/driver.ts for why this holds.
  const db = database as unknown as SqlDb;
  const batch = (statements: Statement[]) =>
    database.batch(
      statements.map((statement) => statement(db)) as unknown as [
        BatchItem<"sqlite">,
        ...BatchItem<"sqlite">[],
      ],
    ) as Promise<unknown[]>;
  return {
    kind: "d1",
    db,
    atomic: batch,
    readAll: batch,
    execute: (query) => database.run(query),
    // The binding belongs to the Worker; there is no connection to close.
    close: async () => {},
  };
}

/** The D1 database under its own (SQLite) types, for the few D1-only queries. */
export function sqliteDb(db: SqlDb): D1Db {
  return db as unknown as D1Db;
}
