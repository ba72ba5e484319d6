// Embeddings for search tests and benches, made deterministically from a seed. Real text
// embeddings are clustered (texts about one topic lie close together), and that structure is
// what an approximate index such as HNSW exploits: uniformly random vectors in hundreds of
// dimensions have no near neighbours at all (every pair is about equally far apart), so
// recall measured on them says nothing about recall on real memories. These are a Gaussian
// mixture instead: `topics` unit centres, each point a centre plus per-component noise,
// normalised, and queries drawn from the same topics, never equal to a stored point.

export interface ClusteredSpace {
  /**
   * A stream of points of the mixture, unit length, rounded to 5 decimals (as stored). Streams
   * with different seeds share the topics: one for the stored memories, one for the queries.
   * `topics`: only the topics numbered from..to-1 (say, knowledge on other subjects than chat).
   */
  points(seed: number, topics?: [from: number, to: number]): () => number[];
}

export function clusteredSpace(
  width: number,
  options: { seed?: number; topics?: number; noise?: number } = {},
): ClusteredSpace {
  const noise = options.noise ?? 0.06;
  const gaussian = gaussians(lcg(options.seed ?? 7));
  const centres = Array.from({ length: options.topics ?? 200 }, () =>
    unit(Array.from({ length: width }, gaussian)),
  );
  return {
    points(seed, [from, to] = [0, centres.length]) {
      const random = lcg(seed);
      const jitter = gaussians(random);
      return () => {
        const centre = centres[from + Math.floor(random() * (to - from))]!;
        return unit(centre.map((x) => x + jitter() * noise)).map((x) => Math.round(x * 1e5) / 1e5);
      };
    },
  };
}

/** Standard normal draws from `random` (Box-Muller; 1 - u keeps the logarithm finite). */
function gaussians(random: () => number): () => number {
  return () => {
    const u = 1 - random();
    const v = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

/** The indexes of the `k` stored vectors most cosine-similar to `query`, best first. */
export function exactNearest(query: number[], stored: number[][], k: number): number[] {
  const scored = stored.map((vector, index) => ({ index, similarity: cosine(query, vector) }));
  scored.sort((a, b) => b.similarity - a.similarity);
  return scored.slice(0, k).map((s) => s.index);
}

/** The share of `exact` that `found` holds (recall@k when both hold k). */
export function recall(found: readonly unknown[], exact: readonly unknown[]): number {
  const wanted = new Set(exact);
  return exact.length === 0 ? 1 : found.filter((x) => wanted.has(x)).length / exact.length;
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

function unit(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  return vector.map((x) => x / norm);
}

/** A linear congruential generator: floats in [0, 1), the same sequence for the same seed. */
export function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}
