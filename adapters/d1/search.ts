// Vector search without a vector index: cosine in the isolate over the newest candidates of
// the scope. The pinned width lives in the database (meta), where a trigger enforces it for
// every isolate; a cold isolate learns it in the same round trip as its first candidates.
import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  assertEmbeddingDimension,
  type Memory,
  rankByCosine,
  type SearchMemoriesParams,
} from "../../core/kernel/index.ts";
import type { SearchHost } from "../sql/dialect.ts";
import type { SqlDb } from "../sql/driver.ts";
import { sqliteDb } from "./driver.ts";
import { EMBEDDING_DIMENSION_KEY, meta } from "./schema.ts";
import { SEARCH_CANDIDATES } from "./vectorize.ts";

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
