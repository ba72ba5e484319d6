// The memory search index: HNSW (pgvector) over the pinned width only. The embedding column
// stays an untyped `vector`, so re-pinning EMBEDDING_DIMENSION needs no table rewrite; each
// width gets its own partial expression index,
//   ((embedding::vector(N)) vector_cosine_ops) WHERE vector_dims(embedding) = N,
// so rows of another width are simply outside it (never an error, never an index the planner
// must give up), and search.ts writes the query to match it: the same expression and the
// same predicate, with N as a literal (a bound parameter would not prove the predicate).
// Making the index for a width is a migration step (migrate.ts's caller, or init() where the
// storage owns its schema), never something a query has to guard against.
import { type SQL, sql } from "drizzle-orm";
import type { Db, PostgresDriver } from "./driver.ts";

/**
 * pgvector's HNSW limits: `vector` up to 2,000 dimensions, `halfvec` (pgvector 0.7+) up to
 * 4,000. Wider vectors are searched exactly, by a scan of the rows of that width.
 */
const VECTOR_MAX = 2000;
const HALFVEC_MAX = 4000;

/**
 * Candidates one HNSW scan keeps (pgvector's default is 40). Measured on PGlite with 100,000
 * clustered 384-wide memories (bench/scale/search.ts, bench/search-reach.ts): recall@10
 * against exact search was 0.92-0.95 at 40 and 0.93-0.98 at 100 depending on the build (the
 * graph's levels are random), 0.983 at 200 and 0.988 at 400, for 4.8 / 5.8 / 6.1 ms, on
 * graphs built with pgvector's defaults (BUILD_SETTINGS below does better). Not
 * more: pgvector prices a scan by it, and at 400 the planner already prefers an exact scan
 * of 10,000 rows to the index.
 */
export const EF_SEARCH = 200;

/** The type the index casts the column to for this width; undefined: too wide to index. */
export function indexedType(width: number): "vector" | "halfvec" | undefined {
  if (width <= VECTOR_MAX) return "vector";
  if (width <= HALFVEC_MAX) return "halfvec";
  return undefined;
}

export function hnswIndexName(width: number): string {
  return `memories_embedding_${width}_idx`;
}

/** The rows a search of this width may see: exactly the index's predicate. */
export function ofWidth(embedding: SQL | unknown, width: number): SQL {
  return sql`vector_dims(${embedding}) = ${sql.raw(String(checkedWidth(width)))}`;
}

/**
 * Cosine distance between the column and `query`, spelled as the index for this width spells
 * it, so ORDER BY this LIMIT k is an index scan; the plain `<=>` for a width with no index.
 */
export function indexedDistance(embedding: SQL | unknown, query: string, width: number): SQL {
  const type = indexedType(checkedWidth(width));
  if (!type) return sql`(${embedding} <=> ${query}::vector)`;
  const cast = sql.raw(`${type}(${width})`);
  return sql`((${embedding})::${cast} <=> ${query}::${cast})`;
}

/**
 * The graph's build settings: pgvector's default m (16) and twice its default ef_construction
 * (64). With the default, recall@10 at 100,000 clustered 384-wide memories went from 0.93 to
 * 0.98 from one build to the next (200 candidates a search); with 128 it was 0.998 in each
 * build measured, for a build about as long (90 s on PGlite) and the same search time.
 */
const BUILD_SETTINGS = "m = 16, ef_construction = 128";

export function createIndexSql(width: number): SQL | undefined {
  const type = indexedType(checkedWidth(width));
  if (!type) return undefined;
  const name = sql.identifier(hnswIndexName(width));
  const cast = sql.raw(`${type}(${width})`);
  const ops = sql.raw(`${type}_cosine_ops`);
  return sql`create index if not exists ${name} on "memories" using hnsw (("embedding"::${cast}) ${ops}) with (${sql.raw(BUILD_SETTINGS)}) where ${ofWidth(sql.raw('"embedding"'), width)}`;
}

export type SearchIndexState = "exists" | "created" | "too-wide";

/**
 * Makes the HNSW index for `width` unless it is there. The build reads every row of that
 * width once (a fresh or re-pinned width has none; 100,000 rows take minutes on PGlite), and
 * `maintenance_work_mem` is raised for it so the graph is built in memory.
 */
export async function ensureHnswIndex(
  driver: PostgresDriver,
  width: number,
): Promise<SearchIndexState> {
  const create = createIndexSql(width);
  if (!create) return "too-wide";
  const found = await driver.db.execute(
    sql`select to_regclass(${hnswIndexName(width)}) is not null as present`,
  );
  if (rowsOf<{ present: boolean }>(found)[0]?.present) return "exists";
  const name = sql.identifier(hnswIndexName(width));
  await driver.atomic([
    (db: Db) => db.execute(sql`set local maintenance_work_mem = '256MB'`),
    (db: Db) => db.execute(create),
    // ANALYZE would otherwise sample and sort the indexed vectors, which no plan uses.
    (db: Db) => db.execute(sql`alter index ${name} alter column 1 set statistics 0`),
  ]);
  return "created";
}

/**
 * The session settings the search relies on: EF_SEARCH candidates, and pgvector 0.8's
 * iterative scans, which keep a filtered scan (one room, one agent's knowledge) going until it
 * has its `count` rows instead of returning fewer. An older pgvector lacks the second
 * setting, which is then skipped. `transaction`: for the rest of the current transaction
 * only (Neon HTTP, where every request is a session of its own).
 */
export function searchSettingsSql(scope: "session" | "transaction"): string {
  const local = scope === "transaction";
  const set = (name: string, value: string) =>
    `begin perform set_config('${name}', '${value}', ${local}); exception when others then null; end;`;
  return `do $$ begin ${set("hnsw.ef_search", String(EF_SEARCH))} ${set("hnsw.iterative_scan", "relaxed_order")} end $$`;
}

function checkedWidth(width: number): number {
  if (!Number.isInteger(width) || width <= 0) {
    throw new RangeError(`embedding width must be a positive integer, got ${width}`);
  }
  return width;
}

function rowsOf<R>(result: unknown): R[] {
  return ((result as { rows?: R[] }).rows ?? (result as R[])) as R[];
}
