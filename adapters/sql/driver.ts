// What the shared SQL storage needs from a database: a drizzle handle, one atomic unit, and a
// way to send several reads at once. One small driver per client library fills it in
// (d1/driver.ts; postgres/pglite.ts, neon-http.ts, neon-pool.ts, node-postgres.ts).
//
// The shared code is written once against drizzle's Postgres builder types: drizzle's SQLite
// builders offer the same fluent calls (select/insert/update/delete, onConflict, returning)
// over tables whose properties have the same names (checked in d1/dialect.ts), so the D1
// driver hands its database over under these types. The conformance suite, run on both
// dialects, is what proves the two agree at run time.

import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as pg from "../postgres/schema.ts";

export type SqlDb = PgDatabase<PgQueryResultHKT>;

/** A statement built on whichever handle runs it: the database or an open transaction. */
export type Statement = (db: SqlDb) => BatchItem<"pg">;

export type SqlKind = "d1" | "pglite" | "neon-http" | "neon-ws" | "postgres";

export interface SqlDriver {
  readonly kind: SqlKind;
  readonly db: SqlDb;
  /**
   * Runs the statements in order as one atomic unit and returns each one's result. D1 and
   * Neon HTTP have no interactive transactions, so statements never branch on earlier
   * results: conditions are written into the SQL.
   */
  atomic(statements: Statement[]): Promise<unknown[]>;
  /** Independent reads, in one round trip where the driver can send a batch. */
  readAll(statements: Statement[]): Promise<unknown[]>;
  /** A statement that returns nothing the caller reads (a ping, a TRUNCATE). */
  execute(query: SQL): Promise<unknown>;
  close(): Promise<void>;
}

/** The tables every dialect defines, under the same property names. */
export type SqlTables = typeof pg.allTables;

/**
 * A driver over a stateless client whose one batch call is the atomic unit and also how reads
 * share a round trip (D1's `db.batch`, Neon HTTP's non-interactive transaction).
 */
export function batchingDriver(
  kind: SqlKind,
  db: SqlDb,
  batch: (items: unknown[]) => Promise<unknown[]>,
  execute: (query: SQL) => Promise<unknown>,
): SqlDriver {
  const run = (statements: Statement[]) => batch(statements.map((statement) => statement(db)));
  // Nothing to close: a request or a binding, not a connection.
  return { kind, db, atomic: run, readAll: run, execute, close: async () => {} };
}

/** readAll for drivers that hold a pool or one in-process connection: plain concurrency. */
export function readConcurrently(db: SqlDb, statements: Statement[]): Promise<unknown[]> {
  return Promise.all(statements.map((statement) => statement(db)));
}

/** atomic for drivers with interactive transactions (PGlite, a WebSocket Pool, pg). */
export async function atomicInTransaction(db: SqlDb, statements: Statement[]): Promise<unknown[]> {
  return db.transaction(async (tx) => {
    const results: unknown[] = [];
    for (const statement of statements) results.push(await statement(tx as unknown as SqlDb));
    return results;
  });
}
