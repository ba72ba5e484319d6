// What PostgresStorage needs from a driver: a drizzle pg database, one atomic unit, and close.
// Each driver file (pglite.ts, neon-http.ts, neon-pool.ts, node-postgres.ts) fills this in a
// few lines; all SQL lives in storage.ts.
import type { BatchItem } from "drizzle-orm/batch";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

export type PostgresKind = "pglite" | "neon-http" | "neon-ws" | "postgres";

export type Db = PgDatabase<PgQueryResultHKT>;

/** A statement built on whichever handle runs it: the database or an open transaction. */
export type Statement = (db: Db) => BatchItem<"pg">;

export interface PostgresDriver {
  readonly kind: PostgresKind;
  readonly db: Db;
  /**
   * Runs the statements in order as one atomic unit and returns each one's result. Neon HTTP
   * has no interactive transactions, so statements cannot branch on earlier results: write
   * conditions into the SQL.
   */
  atomic(statements: Statement[]): Promise<unknown[]>;
  close(): Promise<void>;
}

/** `atomic` for drivers with interactive transactions (PGlite, WebSocket Pool, pg). */
export async function atomicInTransaction(db: Db, statements: Statement[]): Promise<unknown[]> {
  return db.transaction(async (tx) => {
    const results: unknown[] = [];
    for (const statement of statements) {
      results.push(await (statement(tx as unknown as Db) as unknown as PromiseLike<unknown>));
    }
    return results;
  });
}
