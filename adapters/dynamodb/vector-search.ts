// Vector search without a vector index: cosine in JavaScript over a bounded candidate set.
import { cosineSimilarity } from "../../core/vector.ts";

/**
 * How many of the newest embedded memories of the queried scope (room, else entity, else
 * world, else the whole table) and table one search scores. Each candidate is read from the
 * scope's GSI partition, newest first, and a Query page holds at most 1 MB: 1,000
 * candidates of 384 float32 components (~2 KB each with text) take two or three pages,
 * of 1,536 components about seven. Older memories are not found by search; pass the
 * `searchCandidates` option to trade reach for read cost.
 */
export const SEARCH_CANDIDATES = 1_000;

export interface Scored<T> {
  row: T;
  similarity: number;
}

/** The best `count` candidates at or above `threshold`, best first. */
export function rankByCosine<T>(
  query: readonly number[],
  candidates: readonly { row: T; embedding: readonly number[] }[],
  threshold: number,
  count: number,
): Scored<T>[] {
  const scored: Scored<T>[] = [];
  for (const { row, embedding } of candidates) {
    // A row stored before the width was re-pinned cannot be compared; skip it rather than
    // fail the caller's correctly sized query.
    if (embedding.length !== query.length) continue;
    const similarity = cosineSimilarity(query, embedding);
    if (similarity >= threshold) scored.push({ row, similarity });
  }
  scored.sort((a, b) => b.similarity - a.similarity);
  return scored.slice(0, Math.max(0, count));
}
