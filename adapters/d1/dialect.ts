// SQLite as D1 runs it: string arrays and metadata are JSON text (searched with json_each and
// json_extract), rows keep insertion order in rowid, a statement binds at most 100 parameters
// and a row holds at most 1 MB. Search scans candidates in the isolate (search.ts).
import { type AnyColumn, and, inArray, or, sql } from "drizzle-orm";
import { wellFormedDeep } from "../../core/kernel/index.ts";
import type { SqlDialect } from "../sql/dialect.ts";
import type { SqlTables } from "../sql/driver.ts";
import { toStorageError } from "./errors.ts";
import { MAX_ROW_BYTES } from "./limits.ts";
import * as schema from "./schema.ts";
import { pinDimension, searchByScan } from "./search.ts";

export const sqliteDialect: SqlDialect = {
  tables: schema as unknown as SqlTables,
  maxParams: 100,
  maxRowBytes: MAX_ROW_BYTES,
  maxDimension: Number.MAX_SAFE_INTEGER,
  sweepEveryWrites: 100,
  insertionOrder: () => sql`rowid`,
  residual: (column) => sql`+${column}`,
  hasAllTags: (column, tags) => and(...tags.map((tag) => jsonArrayHas(column, tag))),
  hasAnyTag: (column, tags) => or(...tags.map((tag) => jsonArrayHas(column, tag))),
  // JSON true reads back from json_extract as 1.
  notPaused: (metadata) => sql`json_extract(${metadata}, '$.paused') IS NOT 1`,
  inSelect: (column, select) => inArray(column, select),
  // D1 runs one statement at a time, so the pick and the lease are one step without locks.
  lockForClaim: (query) => query,
  // JSON text, so null stays distinguishable from an absent row (getCache → undefined).
  writeCacheValue: (value) => JSON.stringify(wellFormedDeep(value)) ?? "null",
  readCacheValue: (stored) => JSON.parse(String(stored)),
  toStorageError,
  search: searchByScan,
  pinDimension,
};

/** The JSON array in `column` holds `value`, matched exactly (no LIKE). */
function jsonArrayHas(column: AnyColumn, value: string) {
  return sql`exists (select 1 from json_each(${column}) where json_each.value = ${value})`;
}

// The shared code reads and writes these columns by name: each SQLite table has every column
// of its Postgres twin but Postgres's insertion-order `seq` (SQLite has rowid). A missing one
// fails to compile here, named in the error.
type Columns<T> = T extends { $inferSelect: infer R } ? keyof R : never;
type Missing = {
  [K in keyof SqlTables]: Exclude<Columns<SqlTables[K]>, Columns<(typeof schema)[K]> | "seq">;
}[keyof SqlTables];
type None<T extends never> = T;
export type SqliteTablesMatch = None<Missing>;
