// Vector maths for backends without a native vector index (memory, D1, DynamoDB): they rank
// in JavaScript, so ranking and the width check are written once here. D1 and DynamoDB score
// the rows a query just read (rankByCosine); the memory backend keeps each row's unit vector
// and ranks with it (rankByUnitVectors).
import { StorageError } from "../storage/index.ts";
import { TopK } from "./top-k.ts";

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
 * The best `count` candidates at or above `threshold`, best first; equal similarities keep
 * the candidates' order. A candidate stored before the width was pinned (or re-pinned) cannot
 * be compared: it is skipped rather than failing the caller's correctly sized query. Only the
 * best `count` are kept as the candidates stream past (top-k.ts), never every score.
 */
export function rankByCosine<T>(
  query: readonly number[],
  candidates: Iterable<T>,
  embeddingOf: (candidate: T) => readonly number[] | null | undefined,
  threshold: number,
  count: number,
): { item: T; similarity: number }[] {
  const top = new TopK<T>(count);
  for (const item of candidates) {
    const embedding = embeddingOf(item);
    if (!embedding || embedding.length !== query.length) continue;
    const similarity = cosineSimilarity(query, embedding);
    if (similarity >= threshold) top.offer(item, similarity);
  }
  return top.best().map(({ item, score }) => ({ item, similarity: score }));
}

/**
 * How far a dot product of two float32 unit vectors can be from the exact cosine of the
 * vectors they were made from: each component rounds by at most 2^-24 of itself, so the sum
 * moves by at most 2^-23 (Cauchy-Schwarz bounds the rest). 1e-6 is eight times that.
 */
const UNIT_SCORE_ERROR = 1e-6;

/**
 * `embedding` scaled to length 1, in float32, for rankByUnitVectors; null for a zero vector
 * (similar to nothing, as cosineSimilarity says).
 */
export function unitVector(embedding: readonly number[]): Float32Array | null {
  let sum = 0;
  for (let i = 0; i < embedding.length; i++) sum += embedding[i]! * embedding[i]!;
  if (sum === 0) return null;
  const scale = 1 / Math.sqrt(sum);
  const unit = new Float32Array(embedding.length);
  for (let i = 0; i < embedding.length; i++) unit[i] = embedding[i]! * scale;
  return unit;
}

// Four sums in turn: independent additions the CPU overlaps (about twice one running sum).
function dot(a: Float32Array, b: Float32Array): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const n = a.length;
  const whole = n - (n % 4);
  let i = 0;
  for (; i < whole; i += 4) {
    s0 += a[i]! * b[i]!;
    s1 += a[i + 1]! * b[i + 1]!;
    s2 += a[i + 2]! * b[i + 2]!;
    s3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < n; i++) s0 += a[i]! * b[i]!;
  return s0 + s1 + s2 + s3;
}

/** Float32 rounding in a stored tail length and in the sums, with room to spare. */
const BOUND_SLACK = 1e-5;

/** dot() of `a`'s components [from, to) against the same components of the row at `at`. */
function dotRange(
  a: Float32Array,
  data: Float32Array,
  at: number,
  from: number,
  to: number,
): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = from;
  let j = at + from;
  const whole = to - ((to - from) % 4);
  for (; i < whole; i += 4, j += 4) {
    s0 += a[i]! * data[j]!;
    s1 += a[i + 1]! * data[j + 1]!;
    s2 += a[i + 2]! * data[j + 2]!;
    s3 += a[i + 3]! * data[j + 3]!;
  }
  for (; i < to; i++, j++) s0 += a[i]! * data[j]!;
  return s0 + s1 + s2 + s3;
}

/** A candidate as rankByUnitVectors reads it: its embedding and that embedding's unitVector. */
export interface UnitEmbedding {
  embedding: readonly number[];
  unit: Float32Array | null;
}

/**
 * rankByCosine's answer, exactly (the same items, order and similarities), for candidates
 * whose unit vectors were computed once when they were stored. Each is scored by one float32
 * dot product (a third of cosine's work on half the bytes); only the few that can be among
 * the best `count` are then scored exactly.
 */
export function rankByUnitVectors<T>(
  query: readonly number[],
  candidates: Iterable<T>,
  vectorOf: (candidate: T) => UnitEmbedding | null | undefined,
  threshold: number,
  count: number,
): { item: T; similarity: number }[] {
  const unitQuery = unitVector(query);
  const approximate = new TopK<Kept<T>>(count, 2 * UNIT_SCORE_ERROR);
  const lowest = threshold - UNIT_SCORE_ERROR;
  let order = 0;
  for (const item of candidates) {
    const vector = vectorOf(item);
    if (!vector) continue;
    // The unit vector's own length: reading the embedding array too costs a cache miss a row.
    const unit = vector.unit;
    if ((unit ? unit.length : vector.embedding.length) !== query.length) continue;
    order++;
    const score = unitQuery && unit ? dot(unitQuery, unit) : 0;
    if (score < lowest || score < approximate.floor) continue;
    approximate.offer({ item, order, embedding: vector.embedding }, score);
  }
  return rescored(query, approximate, threshold, count);
}

/**
 * Unit vectors of one width side by side, `width` floats per item (zeros for a zero vector):
 * what a search reads one after the other instead of from each item's own allocation.
 */
export interface PackedUnits<T> {
  items: readonly T[];
  data: Float32Array;
  width: number;
  /** Each item's length over its second half of components (from `width >> 1`). */
  tails: Float32Array;
}

/** The length of `v`'s components from `from` on, `at` floats into `data` (a row's tail). */
export function tailNorm(data: Float32Array, at: number, from: number, width: number): number {
  let sum = 0;
  for (let i = at + from; i < at + width; i++) sum += data[i]! * data[i]!;
  return Math.sqrt(sum);
}

/**
 * rankByUnitVectors over packed vectors, items taken last to first (a room's newest first).
 * `accept` (the scope) and `embeddingOf` are asked only of the few items that score well
 * enough to be kept: at 100,000 items, touching each one's object was most of the time.
 */
export function rankPackedUnits<T>(
  query: readonly number[],
  packed: PackedUnits<T>,
  accept: (item: T) => boolean,
  embeddingOf: (item: T) => readonly number[],
  threshold: number,
  count: number,
): { item: T; similarity: number }[] {
  const unitQuery = unitVector(query);
  const { items, data, width } = packed;
  const approximate = new TopK<Kept<T>>(count, 2 * UNIT_SCORE_ERROR);
  if (width !== query.length) return [];
  // The bar a score must clear, raised as better ones are kept (a local: read 100,000 times).
  let bar = threshold - UNIT_SCORE_ERROR;
  // Most rows are decided by their first half: its product plus the most the second half can
  // add (Cauchy-Schwarz: the two tails' lengths multiplied) already falls short of the bar.
  const half = width >> 1;
  const q = unitQuery ?? new Float32Array(width);
  const qTail = tailNorm(q, 0, half, width);
  const { tails } = packed;
  for (let i = items.length - 1; i >= 0; i--) {
    const at = i * width;
    const head = dotRange(q, data, at, 0, half);
    if (head + qTail * tails[i]! + BOUND_SLACK < bar) continue;
    const score = head + dotRange(q, data, at, half, width);
    if (score < bar) continue;
    const item = items[i]!;
    if (!accept(item)) continue;
    approximate.offer({ item, order: items.length - i, embedding: embeddingOf(item) }, score);
    bar = Math.max(threshold - UNIT_SCORE_ERROR, approximate.floor);
  }
  return rescored(query, approximate, threshold, count);
}

type Kept<T> = { item: T; order: number; embedding: readonly number[] };

/** The approximate best rescored exactly, in candidate order again so ties rank as rankByCosine's. */
function rescored<T>(
  query: readonly number[],
  approximate: TopK<Kept<T>>,
  threshold: number,
  count: number,
): { item: T; similarity: number }[] {
  const kept = approximate
    .best()
    .map(({ item }) => item)
    .sort((a, b) => a.order - b.order);
  return rankByCosine(query, kept, (k) => k.embedding, threshold, count).map(
    ({ item, similarity }) => ({ item: item.item, similarity }),
  );
}
