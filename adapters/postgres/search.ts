// Memory search on Postgres: the nearest rows of the pinned width by cosine distance, through
// the HNSW index for that width (hnsw.ts) when the planner finds it cheaper than reading the
// scope's rows, which it does for anything but a small scope.
//
// The query is shaped so the index can serve it: WHERE holds the index's own predicate
// (vector_dims(embedding) = N, with N a literal) beside the scope, and ORDER BY is nothing
// but the indexed distance, LIMIT count. The threshold and the tie order (newest first) are
// applied to those `count` rows here, which returns what filtering in SQL would: the rows
// within the threshold are a prefix of the nearest ones. Iterative scans may hand rows over
// slightly out of order, so they are sorted again too.
import { and, type SQL, sql } from "drizzle-orm";
import type { Memory, SearchMemoriesParams } from "../../core/kernel/index.ts";
import type { SearchHost } from "../sql/dialect.ts";
import { toMemory } from "../sql/rows.ts";
import type { PostgresDriver } from "./driver.ts";
import { indexedDistance, ofWidth } from "./hnsw.ts";

export async function searchNearest(
  host: SearchHost,
  params: SearchMemoriesParams,
  scope: SQL | undefined,
): Promise<Memory[]> {
  const { memories } = host.tables;
  // The storage checked the vector: finite numbers, of the pinned width once there is one.
  const width = params.embedding.length;
  const query = `[${params.embedding.join(",")}]`;
  // ORDER BY names the output column, so the vector is sent once; the planner sorts by (and
  // matches the index against) that column's expression.
  const distance = indexedDistance(memories.embedding, query, width).as("distance");
  const driver = host.driver as PostgresDriver;
  const rows = await host.run(() =>
    driver.search((db) =>
      db
        .select({ memory: memories, distance })
        .from(memories)
        .where(and(scope, ofWidth(memories.embedding, width)))
        .orderBy(sql`${sql.identifier("distance")}`)
        .limit(params.count ?? 10),
    ),
  );
  const furthest = 1 - (params.match_threshold ?? 0);
  return rows
    .map((row) => ({ memory: row.memory, distance: Number(row.distance) }))
    .filter((row) => row.distance <= furthest)
    .sort((a, b) => a.distance - b.distance || b.memory.createdAt - a.memory.createdAt)
    .map((row) => ({ ...toMemory(row.memory), similarity: 1 - row.distance }));
}
