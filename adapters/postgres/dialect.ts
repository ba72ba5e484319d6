// Postgres (15 through 18, PGlite included): string arrays are text[], metadata is jsonb, rows
// keep insertion order in an identity column, the due-task pick takes row locks, and memories
// are ranked by pgvector's cosine distance in SQL, through an HNSW index (search.ts).
import { arrayContains, arrayOverlaps, type SQL, sql } from "drizzle-orm";
import type { SqlDialect } from "../sql/dialect.ts";
import type { SqlTables } from "../sql/driver.ts";
import { toStorageError } from "./errors.ts";
import { allTables } from "./schema.ts";
import { searchNearest } from "./search.ts";

export const postgresDialect: SqlDialect = {
  tables: allTables satisfies SqlTables,
  // The wire protocol's Int16 parameter count.
  maxParams: 65_535,
  // pgvector's own limit for the `vector` type.
  maxDimension: 16_000,
  // Tasks have no seq: ties of created_at (and of due_at) go by id.
  insertionOrder: (table) => (table === "tasks" ? allTables.tasks.id : allTables[table].seq),
  hasAllTags: (column, tags) => arrayContains(column, tags),
  hasAnyTag: (column, tags) => arrayOverlaps(column, tags),
  notPaused: (metadata) => sql`(${metadata} -> 'paused') IS DISTINCT FROM 'true'::jsonb`,
  inSelect: (column, select) => sql`${column} = any(array(${select}))`,
  lockForClaim: (query) =>
    (query as unknown as { for(strength: "update", config: { skipLocked: true }): SQL }).for(
      "update",
      { skipLocked: true },
    ),
  // JSON has no undefined; stored as null like JSON.stringify does inside arrays.
  writeCacheValue: (value) => (value === undefined ? null : value),
  readCacheValue: (stored) => stored,
  toStorageError,
  search: searchNearest,
};
