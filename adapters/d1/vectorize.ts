// How far D1's own search reaches, and Cloudflare Vectorize as the index that reaches further.
// Limits are Vectorize's documented ones (developers.cloudflare.com/vectorize/platform/limits).
import type { Vectorize, VectorizeIndex } from "@cloudflare/workers-types";
import { StorageError } from "../../core/kernel/index.ts";
import { chunk } from "../sql/limits.ts";
import type { IndexedMemory, VectorIndex } from "../sql/vector-index.ts";

/**
 * How many of the newest embedded memories in the queried scope and table one search scores.
 * Every candidate crosses the wire as JSON and is scored in the isolate: 1,000 × 1,536 floats
 * is ~30 MB of JSON, about the most a 128 MB Worker should parse per call, and 1,000 × 384
 * (~7 MB) takes a few ms of CPU. Older memories are not found; bind Vectorize to search all.
 */
export const SEARCH_CANDIDATES = 1_000;

/**
 * The metadata each vector carries, and so the metadata indexes the Vectorize index needs
 * (string, created before the first vector is written: Vectorize indexes a property only for
 * vectors written after its index exists, and a filter finds nothing an index does not hold).
 */
export const VECTORIZE_METADATA = ["tableName", "roomId", "agentId", "entityId", "worldId"];

const MAX_TOP_K = 100; // with returnValues false and returnMetadata "none"
const MAX_DIMENSIONS = 1536;
const MAX_ID_BYTES = 64;
const MAX_METADATA_BYTES = 10 * 1024;
/** Vectors per insert/upsert call from a Worker; deletes go in runs of the same size. */
const MAX_BATCH = 1000;

/** Either Vectorize binding generation; only these three calls are used. */
export type VectorizeBinding =
  | Pick<Vectorize, "query" | "upsert" | "deleteByIds">
  | Pick<VectorizeIndex, "query" | "upsert" | "deleteByIds">;

/**
 * A Vectorize index (cosine metric, EMBEDDING_DIMENSION wide, metadata indexes on
 * VECTORIZE_METADATA) as the storage's vector index: embeddings are upserted there with the
 * fields searches filter on, and queried there. Writes are asynchronous in Vectorize (seconds
 * until a query sees them); the rows in D1 decide what a search returns.
 */
export function vectorizeIndex(binding: VectorizeBinding): VectorIndex {
  return {
    maxTopK: MAX_TOP_K,
    maxDimension: MAX_DIMENSIONS,
    check(memory) {
      if (utf8Bytes(memory.id) > MAX_ID_BYTES) {
        throw new StorageError(
          "INVALID_INPUT",
          `memory id is over Vectorize's ${MAX_ID_BYTES} bytes, so its embedding cannot be indexed`,
        );
      }
      if (utf8Bytes(JSON.stringify(metadataOf(memory))) > MAX_METADATA_BYTES) {
        throw new StorageError(
          "INVALID_INPUT",
          `memory's table name and ids are over Vectorize's ${MAX_METADATA_BYTES} bytes of metadata`,
        );
      }
    },
    async upsert(rows) {
      const vectors = rows.flatMap((row) =>
        row.embedding ? [{ id: row.id, values: row.embedding, metadata: metadataOf(row) }] : [],
      );
      for (const part of chunk(vectors, MAX_BATCH)) await binding.upsert(part);
    },
    async remove(ids) {
      for (const part of chunk(ids, MAX_BATCH)) await binding.deleteByIds(part);
    },
    async query(embedding, filter, topK) {
      try {
        const result = await binding.query(embedding, { topK, filter, returnMetadata: "none" });
        return result.matches.map((match) => ({ id: match.id, score: match.score }));
      } catch (error) {
        throw queryError(error);
      }
    },
  };
}

function metadataOf(row: IndexedMemory): Record<string, string> {
  const metadata: Record<string, string> = { tableName: row.tableName, roomId: row.roomId };
  if (row.worldId) metadata.worldId = row.worldId;
  if (row.entityId) metadata.entityId = row.entityId;
  if (row.agentId) metadata.agentId = row.agentId;
  return metadata;
}

/**
 * A failed query as a StorageError: a width the index was not created with is the caller's
 * (the binding says "expected N dimensions"); anything else is Vectorize being unavailable.
 */
function queryError(error: unknown): StorageError {
  const message = error instanceof Error ? error.message : String(error);
  if (/expected \d+ dimensions/i.test(message)) {
    return new StorageError(
      "EMBEDDING_DIMENSION_MISMATCH",
      `Vectorize refused the query vector (${message})`,
      { cause: error },
    );
  }
  return new StorageError("UNAVAILABLE", `Vectorize query failed (${message})`, { cause: error });
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
