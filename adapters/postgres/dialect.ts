// Postgres (15 through 18, PGlite included): string arrays are text[], metadata is jsonb, rows
// keep insertion order in an identity column, the due-task pick takes row locks, and memories
// are ranked by pgvector's cosine distance in SQL.
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  desc,
  isNotNull,
  type SQL,
  sql,
} from "drizzle-orm";
import type { SearchMemoriesParams } from "../../core/storage.ts";
import type { Memory } from "../../core/types.ts";
import type { SearchHost, SqlDialect } from "../sql/dialect.ts";
import type { SqlTables } from "../sql/driver.ts";
import { toMemory } from "../sql/rows.ts";
import { toStorageError } from "./errors.ts";
import { allTables } from "./schema.ts";

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
  lockForClaim: (query) =>
    (query as unknown as { for(strength: "update", config: { skipLocked: true }): SQL }).for(
      "update",
      { skipLocked: true },
    ),
  // JSON has no undefined; stored as null like JSON.stringify does inside arrays.
  writeCacheValue: (value) => (value === undefined ? null : value),
  readCacheValue: (stored) => stored,
  toStorageError,
  search,
};

async function search(
  host: SearchHost,
  params: SearchMemoriesParams,
  scope: SQL | undefined,
): Promise<Memory[]> {
  const { memories } = host.tables;
  const query = `[${params.embedding.join(",")}]`;
  // The CASE keeps `<=>` away from rows of another width (left from an earlier
  // EMBEDDING_DIMENSION), where pgvector would raise instead of skipping them; WHERE clauses
  // alone promise no evaluation order.
  const distance = sql<number>`(case when vector_dims(${memories.embedding}) = ${params.embedding.length} then ${memories.embedding} <=> ${query}::vector end)`;
  const threshold = params.match_threshold ?? 0;
  const rows = await host.run(() =>
    host.driver.db
      .select({ memory: memories, distance })
      .from(memories)
      .where(and(scope, isNotNull(memories.embedding), sql`${distance} <= ${1 - threshold}`))
      .orderBy(asc(distance), desc(memories.createdAt))
      .limit(params.count ?? 10),
  );
  return rows.map((row) => ({ ...toMemory(row.memory), similarity: 1 - Number(row.distance) }));
}
