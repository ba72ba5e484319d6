// Vector maths for backends without a native vector index (memory, D1, DynamoDB): they rank
// in JavaScript, so ranking and the width check are written once here.
import { StorageError } from "./storage.ts";

/**
 * Cosine similarity in [-1, 1]. A zero vector has no direction, so it is similar to nothing
 * (0) rather than NaN, which would poison sorting.
 */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) {
    throw new StorageError(
      "EMBEDDING_DIMENSION_MISMATCH",
      `cannot compare vectors of width ${a.length} and ${b.length}`,
    );
  }
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  // Clamp: rounding can push |cos| a hair past 1.
  return Math.max(-1, Math.min(1, dot / Math.sqrt(normA * normB)));
}

/**
 * Throws EMBEDDING_DIMENSION_MISMATCH unless `embedding` has exactly `dimension` finite
 * numbers. `dimension` undefined means the width is not pinned yet: any non-empty vector of
 * finite numbers passes.
 */
export function assertEmbeddingDimension(
  embedding: readonly unknown[],
  dimension: number | undefined,
): asserts embedding is number[] {
  if (embedding.length === 0 || (dimension !== undefined && embedding.length !== dimension)) {
    throw new StorageError(
      "EMBEDDING_DIMENSION_MISMATCH",
      `embedding has ${embedding.length} dimensions; EMBEDDING_DIMENSION is ${dimension ?? "not set"}`,
    );
  }
  for (const value of embedding) {
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new StorageError(
        "EMBEDDING_DIMENSION_MISMATCH",
        `embedding holds a non-finite value (${String(value)}); every component must be a number`,
      );
    }
  }
}

/** Validates a width for ensureEmbeddingDimension: a positive integer. */
export function assertValidDimension(dimension: number): void {
  if (!Number.isInteger(dimension) || dimension <= 0) {
    throw new RangeError(`embedding dimension must be a positive integer, got ${dimension}`);
  }
}

/**
 * The best `count` candidates at or above `threshold`, best first. A candidate stored before
 * the width was pinned (or re-pinned) cannot be compared: it is skipped rather than failing the
 * caller's correctly sized query.
 */
export function rankByCosine<T>(
  query: readonly number[],
  candidates: readonly T[],
  embeddingOf: (candidate: T) => readonly number[] | null | undefined,
  threshold: number,
  count: number,
): { item: T; similarity: number }[] {
  const scored: { item: T; similarity: number }[] = [];
  for (const item of candidates) {
    const embedding = embeddingOf(item);
    if (!embedding || embedding.length !== query.length) continue;
    const similarity = cosineSimilarity(query, embedding);
    if (similarity >= threshold) scored.push({ item, similarity });
  }
  scored.sort((a, b) => b.similarity - a.similarity);
  return scored.slice(0, Math.max(0, count));
}
