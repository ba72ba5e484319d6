// How far D1's own search reaches, and Cloudflare Vectorize as the index that reaches further.
import type { Vectorize, VectorizeIndex } from "@cloudflare/workers-types";
import type { VectorIndex } from "../sql/vector-index.ts";

/**
 * How many of the newest embedded memories in the queried scope and table one search scores.
 * Every candidate crosses the wire as JSON and is scored in the isolate: 1,000 × 1,536 floats
 * is ~30 MB of JSON, about the most a 128 MB Worker should parse per call, and 1,000 × 384
 * (~7 MB) takes a few ms of CPU. Older memories are not found; bind Vectorize to search all.
 */
export const SEARCH_CANDIDATES = 1_000;

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
