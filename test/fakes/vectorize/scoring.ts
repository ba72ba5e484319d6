// Scoring for the stand-in: every metric from one dot product and the two norms, in loops the
// engine keeps monomorphic (one over float32 values, one over 8-bit codes), and the best
// `topK` kept as they come instead of sorting every score: 100k × 384 stays well under a second.

export type Metric = "cosine" | "euclidean" | "dot-product";

export function dotFloat(query: Float32Array, values: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < query.length; i++) sum += query[i]! * values[i]!;
  return sum;
}

/** The dot product with a quantized vector: its codes times its one step. */
export function dotCodes(query: Float32Array, codes: Int8Array, step: number): number {
  let sum = 0;
  for (let i = 0; i < query.length; i++) sum += query[i]! * codes[i]!;
  return sum * step;
}

export function norm(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * values[i]!;
  return Math.sqrt(sum);
}

/** The score Vectorize reports: cosine similarity, the dot product, or euclidean distance. */
export function score(metric: Metric, dot: number, queryNorm: number, targetNorm: number) {
  if (metric === "dot-product") return dot;
  if (metric === "euclidean") {
    return Math.sqrt(Math.max(0, queryNorm * queryNorm + targetNorm * targetNorm - 2 * dot));
  }
  return queryNorm === 0 || targetNorm === 0 ? 0 : dot / (queryNorm * targetNorm);
}

/** Symmetric 8-bit quantization with one step per vector. */
export function quantized(values: Float32Array): { codes: Int8Array; step: number } {
  let max = 0;
  for (const v of values) max = Math.max(max, Math.abs(v));
  const step = max === 0 ? 1 : max / 127;
  return { codes: Int8Array.from(values, (v) => Math.round(v / step)), step };
}

/** The best `k` items seen, closest first; ties by id, so answers do not depend on order. */
export class TopK<T extends { id: string }> {
  private readonly best: { item: T; key: number; score: number }[] = [];
  constructor(
    private readonly k: number,
    /** Euclidean: a lower score is closer. */
    private readonly lowerIsCloser: boolean,
  ) {}

  offer(item: T, score: number): void {
    const key = this.lowerIsCloser ? -score : score;
    const { best, k } = this;
    const last = best[best.length - 1];
    if (best.length === k && last && !before(key, item.id, last.key, last.item.id)) return;
    let at = best.length;
    while (at > 0 && before(key, item.id, best[at - 1]!.key, best[at - 1]!.item.id)) at--;
    best.splice(at, 0, { item, key, score });
    if (best.length > k) best.pop();
  }

  results(): { item: T; score: number }[] {
    return this.best.map(({ item, score }) => ({ item, score }));
  }
}

function before(key: number, id: string, otherKey: number, otherId: string): boolean {
  return key > otherKey || (key === otherKey && id < otherId);
}
