// Vector search without a vector index: cosine in the isolate over the newest candidates of
// the scope. The pinned width lives in the database (meta), where a trigger enforces it for
// every isolate; a cold isolate learns it in the same round trip as its first candidates.
import type { Vectorize, VectorizeIndex } from "@cloudflare/workers-types";
import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SearchMemoriesParams } from "../../core/storage.ts";
import type { Memory } from "../../core/types.ts";
import { assertEmbeddingDimension, rankByCosine } from "../../core/vector.ts";
import type { SearchHost } from "../sql/dialect.ts";
import type { SqlDb } from "../sql/driver.ts";
import type { VectorIndex } from "../sql/vector-index.ts";
import { sqliteDb } from "./driver.ts";
import { EMBEDDING_DIMENSION_KEY, meta } from "./schema.ts";

/**
 * How many of the newest embedded memories in the queried scope and table one search scores.
 * Every candidate crosses the wire as JSON and is scored in the isolate: 1,000 × 1,536 floats
 * is ~30 MB of JSON, about the most a 128 MB Worker should parse per call, and 1,000 × 384
 * (~7 MB) takes a few ms of CPU. Older memories are not found; bind Vectorize to search all.
 */
export const SEARCH_CANDIDATES = 1_000;

export async function searchByScan(
  host: SearchHost,
  params: SearchMemoriesParams,
  scope: SQL | undefined,
): Promise<Memory[]> {
  const { memories } = host.tables;
  const candidates = (db: SqlDb) =>
    db
      .select({ id: memories.id, embedding: memories.embedding })
      .from(memories)
      .where(and(scope, isNotNull(memories.embedding)))
      .orderBy(desc(memories.createdAt), desc(sql`rowid`))
      .limit(SEARCH_CANDIDATES);
  type Candidate = { id: string; embedding: number[] | null };
  let rows: Candidate[];
  if (host.dimension === undefined) {
    const [pinned, found] = (await host.run(() =>
      host.driver.readAll([(db) => pinnedDimension(db) as unknown as BatchItem<"pg">, candidates]),
    )) as [{ value: string }[], Candidate[]];
    const width = Number(pinned[0]?.value);
    if (Number.isInteger(width) && width > 0) host.dimension = width;
    assertEmbeddingDimension(params.embedding, host.dimension);
    rows = found;
  } else {
    rows = await host.run(() => candidates(host.driver.db));
  }
  const ranked = rankByCosine(
    params.embedding,
    rows,
    (row) => row.embedding,
    params.match_threshold ?? 0,
    params.count ?? 10,
  );
  return host.loadMatches(ranked.map(({ item, similarity }) => ({ id: item.id, similarity })));
}

export async function pinDimension(host: SearchHost, dimension: number): Promise<void> {
  await host.run(() =>
    sqliteDb(host.driver.db)
      .insert(meta)
      .values({ key: EMBEDDING_DIMENSION_KEY, value: String(dimension) })
      .onConflictDoUpdate({ target: meta.key, set: { value: String(dimension) } }),
  );
}

function pinnedDimension(db: SqlDb) {
  return sqliteDb(db)
    .select({ value: meta.value })
    .from(meta)
    .where(eq(meta.key, EMBEDDING_DIMENSION_KEY));
}

/** Either Vectorize binding generation; only these three calls are used. */
export type VectorizeBinding =
  | Pick<Vectorize, "query" | "upsert" | "deleteByIds">
  | Pick<VectorizeIndex, "query" | "upsert" | "deleteByIds">;

/**
 * A Vectorize index (cosine metric, EMBEDDING_DIMENSION wide) as the storage's vector index:
 * embeddings are upserted there with the fields searches filter on, and queried there.
 */
export function vectorizeIndex(binding: VectorizeBinding): VectorIndex {
  return {
    // Vectorize's topK ceiling when neither values nor full metadata are returned.
    maxTopK: 100,
    async upsert(rows) {
      await binding.upsert(
        rows.flatMap((row) => {
          if (!row.embedding) return [];
          const metadata: Record<string, string> = { tableName: row.tableName, roomId: row.roomId };
          if (row.worldId) metadata.worldId = row.worldId;
          if (row.entityId) metadata.entityId = row.entityId;
          if (row.agentId) metadata.agentId = row.agentId;
          return [{ id: row.id, values: row.embedding, metadata }];
        }),
      );
    },
    async remove(ids) {
      await binding.deleteByIds(ids);
    },
    async query(embedding, filter, topK) {
      const result = await binding.query(embedding, { topK, filter });
      return result.matches.map((match) => ({ id: match.id, score: match.score }));
    },
  };
}
