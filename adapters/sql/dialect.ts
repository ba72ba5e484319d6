// What differs between SQLite (D1) and Postgres once the queries themselves are shared: how a
// few expressions are spelled, how a cache value is stored, the engine's limits, error codes,
// and nearest-neighbour search. d1/dialect.ts and postgres/dialect.ts each fill this in.
import type { AnyColumn, SQL, SQLWrapper } from "drizzle-orm";
import type { Memory, SearchMemoriesParams } from "../../core/kernel/index.ts";
import type { SqlDriver, SqlTables } from "./driver.ts";

export interface SqlDialect {
  readonly tables: SqlTables;
  /** Bound parameters one statement may carry; longer IN lists and inserts are chunked. */
  readonly maxParams: number;
  /** The largest memory row in bytes, where the engine caps a row (D1). */
  readonly maxRowBytes?: number;
  /** The widest embedding the engine's vector type holds. */
  readonly maxDimension: number;
  /**
   * Sweep expired claims and cache rows along with every Nth claim or cache write (D1: a
   * Worker may have no cron trigger to sweep them); absent: only sweepExpired sweeps.
   */
  readonly sweepEveryWrites?: number;
  /** Breaks ties of equal created_at by insertion order: SQLite's rowid, Postgres's seq. */
  insertionOrder(table: "memories" | "logs" | "tasks"): SQL | AnyColumn;
  /**
   * The column as a filter the planner may not pick an index for (SQLite's unary `+`), where
   * another index must lead: without statistics SQLite ties (table, agent) against (room,
   * table) and may walk every row of the agent to find a room's. Absent: the column as is.
   */
  residual?(column: AnyColumn): SQL;
  /** The string-array column holds every one of `tags`, matched exactly. */
  hasAllTags(column: AnyColumn, tags: string[]): SQL | undefined;
  /** The string-array column holds at least one of `tags`. */
  hasAnyTag(column: AnyColumn, tags: string[]): SQL | undefined;
  /** A task's metadata does not hold `paused: true`. */
  notPaused(metadata: AnyColumn): SQL;
  /**
   * `column` is one of the values `select` (one column, bounded by a LIMIT) returns: how a
   * DELETE names the rows a subquery picked. Postgres takes them as an array, so the rows are
   * fetched by key whatever the planner guesses of the table (a plain IN may become a hash
   * join over the whole table); SQLite's IN already is a lookup per value.
   */
  inSelect(column: AnyColumn, select: SQLWrapper): SQL;
  /** Row locks on the due-task pick where the engine has them (FOR UPDATE SKIP LOCKED). */
  lockForClaim(query: SQLWrapper): SQLWrapper;
  /** A cache value as stored (JSON text or jsonb) and back. */
  writeCacheValue(value: unknown): unknown;
  readCacheValue(stored: unknown): unknown;
  /** Driver errors a caller can act on, as StorageErrors; anything else unchanged. */
  toStorageError(error: unknown): unknown;
  /** Nearest memories by cosine similarity within `scope`, best first, without an index. */
  search(host: SearchHost, params: SearchMemoriesParams, scope: SQL | undefined): Promise<Memory[]>;
  /** Records the pinned width where the database itself enforces it (D1's trigger). */
  pinDimension?(host: SearchHost, dimension: number): Promise<void>;
}

/** What a dialect's search may use of the storage. */
export interface SearchHost {
  readonly driver: SqlDriver;
  readonly tables: SqlTables;
  /** The pinned width once known; a dialect that can read it from the database sets it. */
  dimension: number | undefined;
  run<T>(query: () => PromiseLike<T>): Promise<T>;
  /** The memories of `matches`, in their order, with their similarity. */
  loadMatches(matches: { id: string; similarity: number }[]): Promise<Memory[]>;
}
