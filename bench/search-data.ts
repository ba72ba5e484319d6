// The memories and queries bench:search-reach searches, made from their index alone (each
// vector from its own seed), so every backend gets the same data without holding 100k
// vectors in memory: clustered, as real embeddings are, with each query a perturbed copy of a
// stored memory, so it has true nearest neighbours to find.

export const WIDTH = 384;
const CLUSTERS = 50;
const SPREAD = 0.6;
const QUERY_NOISE = 0.3;

/** mulberry32: a small seeded PRNG. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(next: () => number) {
  return () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

const centers = Array.from({ length: CLUSTERS }, (_, c) => {
  const draw = gaussian(random(1_000_003 * (c + 1)));
  return Array.from({ length: WIDTH }, draw);
});

/** Four decimals: what is stored, so D1's JSON stays short and every backend gets the same. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Memory `i`'s embedding. */
export function memoryVector(i: number): number[] {
  const center = centers[i % CLUSTERS]!;
  const draw = gaussian(random(0x9e3779b9 ^ (i + 1)));
  return center.map((c) => round(c + SPREAD * draw()));
}

/** The `count` query vectors for a set of `size` memories, and which memory each perturbs. */
export function queries(size: number, count: number): { source: number; vector: number[] }[] {
  const pick = random(424_242 + size);
  return Array.from({ length: count }, (_, q) => {
    const source = Math.floor(pick() * size);
    const draw = gaussian(random(777_777 + q));
    return { source, vector: memoryVector(source).map((v) => v + QUERY_NOISE * draw()) };
  });
}

/** The exact top `k` memories (by cosine) of each query: one pass over all `size` memories. */
export function groundTruth(size: number, queryVectors: number[][], k: number): number[][] {
  const unit = queryVectors.map(normalized);
  const best = unit.map(() => [] as { i: number; score: number }[]);
  for (let i = 0; i < size; i++) {
    const v = normalized(memoryVector(i));
    unit.forEach((q, n) => {
      let score = 0;
      for (let d = 0; d < WIDTH; d++) score += q[d]! * v[d]!;
      const top = best[n]!;
      if (top.length < k || score > top[top.length - 1]!.score) {
        top.push({ i, score });
        top.sort((a, b) => b.score - a.score);
        if (top.length > k) top.pop();
      }
    });
  }
  return best.map((top) => top.map(({ i }) => i));
}

function normalized(v: number[]): number[] {
  const length = Math.sqrt(v.reduce((sum, x) => sum + x * x, 0)) || 1;
  return v.map((x) => x / length);
}
