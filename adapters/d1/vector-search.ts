// Vector search without a vector index: cosine in JavaScript over a bounded candidate set,
// or Cloudflare Vectorize when the Worker has a binding for it.
import type { Vectorize, VectorizeIndex } from "@cloudflare/workers-types";
import { cosineSimilarity } from "../../core/vector.ts";

/**
 * How many of the newest embedded memories in the queried scope and table one search scores.
 * D1 has no vector index, so every candidate crosses the wire as JSON and is scored in the
 * isolate: 1,000 × 1,536 floats is ~30 MB of JSON, about the most a 128 MB Worker should
 * parse per call, and 1,000 × 384 (~7 MB) takes a few ms of CPU. Older memories are not
 * found by search; bind Vectorize to search everything.
 */
export const SEARCH_CANDIDATES = 1_000;

/** Either Vectorize binding generation; only these three calls are used. */
export type VectorizeBinding =
  | Pick<Vectorize, "query" | "upsert" | "deleteByIds">
  | Pick<VectorizeIndex, "query" | "upsert" | "deleteByIds">;

/** Vectorize's topK ceiling when neither values nor full metadata are returned. */
export const VECTORIZE_MAX_TOP_K = 100;

export interface Scored {
  id: string;
  similarity: number;
}

/** The best `count` candidates at or above `threshold`, best first. */
export function rankByCosine(
  query: readonly number[],
  candidates: readonly { id: string; embedding: readonly number[] | null }[],
  threshold: number,
  count: number,
): Scored[] {
  const scored: Scored[] = [];
  for (const candidate of candidates) {
    // A row stored before the width was pinned (or re-pinned) cannot be compared; skip it
    // rather than fail the whole search for the caller's correctly sized query.
    if (!candidate.embedding || candidate.embedding.length !== query.length) continue;
    const similarity = cosineSimilarity(query, candidate.embedding);
    if (similarity >= threshold) scored.push({ id: candidate.id, similarity });
  }
  scored.sort((a, b) => b.similarity - a.similarity);
  return scored.slice(0, Math.max(0, count));
}
