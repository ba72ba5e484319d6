// A Postgres driver is the shared SqlDriver (sql/driver.ts) for one client library: PGlite,
// Neon over HTTP, Neon's WebSocket Pool, or pg. Each driver file fills it in a few lines.
import type { SQL } from "drizzle-orm";
import {
  atomicInTransaction,
  readConcurrently,
  type SqlDb,
  type SqlDriver,
  type SqlKind,
} from "../sql/driver.ts";

export type { SqlDb as Db, Statement } from "../sql/driver.ts";

export type PostgresKind = Exclude<SqlKind, "d1">;

export interface PostgresDriver extends SqlDriver {
  readonly kind: PostgresKind;
  /**
   * Runs a memory search with the HNSW settings in effect (hnsw.ts, searchSettingsSql): set
   * once per session where sessions last (PGlite, each pooled connection), in the same
   * request where they do not (Neon HTTP).
   */
  search<T>(read: (db: SqlDb) => PromiseLike<T>): Promise<T>;
}

/**
 * A driver over a client with interactive transactions (PGlite, a Pool): atomic units are
 * transactions and independent reads run concurrently. `prepareSearch` runs before each
 * search (once per session is the driver's business).
 */
export function transactionalDriver(
  kind: PostgresKind,
  db: SqlDb,
  close: () => Promise<void>,
  prepareSearch: () => Promise<void> = async () => {},
): PostgresDriver {
  return {
    kind,
    db,
    atomic: (statements) => atomicInTransaction(db, statements),
    readAll: (statements) => readConcurrently(db, statements),
    execute: (query: SQL) => db.execute(query),
    search: async (read) => {
      await prepareSearch();
      return read(db);
    },
    close,
  };
}
