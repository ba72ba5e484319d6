import { describe, expect, it } from "vitest";
import { StorageError } from "../../core/kernel/storage/contract.ts";
import { TopK } from "../../core/kernel/vectors/top-k.ts";
import {
  assertEmbeddingDimension,
  assertValidDimension,
  cosineSimilarity,
  rankByCosine,
  rankByUnitVectors,
  unitVector,
} from "../../core/kernel/vectors/vector.ts";

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof StorageError ? error.code : `not a StorageError: ${String(error)}`;
  }
  return undefined;
}

describe("cosineSimilarity", () => {
  it("is 1 for the same direction whatever the length, -1 for opposite, 0 for orthogonal", () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 2, 3], [-1, -2, -3])).toBeCloseTo(-1, 12);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
    expect(cosineSimilarity([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it("never leaves [-1, 1] through rounding", () => {
    const v = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7];
    const s = cosineSimilarity(v, v);
    expect(s).toBeLessThanOrEqual(1);
    expect(s).toBeCloseTo(1, 12);
  });

  it("scores a zero vector as 0 rather than NaN", () => {
    expect(cosineSimilarity([0, 0, 0], [1, 2, 3])).toBe(0);
    expect(cosineSimilarity([1, 2, 3], [0, 0, 0])).toBe(0);
    expect(cosineSimilarity([0, 0], [0, 0])).toBe(0);
  });

  it("refuses vectors of different widths", () => {
    expect(codeOf(() => cosineSimilarity([1, 2], [1, 2, 3]))).toBe("EMBEDDING_DIMENSION_MISMATCH");
  });
});

describe("assertEmbeddingDimension", () => {
  it("accepts exactly the pinned width", () => {
    expect(codeOf(() => assertEmbeddingDimension([0.1, 0.2, 0.3], 3))).toBeUndefined();
  });

  it("rejects narrower, wider and empty vectors, naming both widths", () => {
    expect(codeOf(() => assertEmbeddingDimension([1, 2], 3))).toBe("EMBEDDING_DIMENSION_MISMATCH");
    expect(codeOf(() => assertEmbeddingDimension([1, 2, 3, 4], 3))).toBe(
      "EMBEDDING_DIMENSION_MISMATCH",
    );
    expect(codeOf(() => assertEmbeddingDimension([], 3))).toBe("EMBEDDING_DIMENSION_MISMATCH");
    expect(() => assertEmbeddingDimension([1, 2], 384)).toThrow(/2 dimensions.*384/);
  });

  it("rejects NaN, Infinity and non-numbers, which would poison every ranking", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, "1", null, undefined]) {
      expect(codeOf(() => assertEmbeddingDimension([1, bad, 3], 3))).toBe(
        "EMBEDDING_DIMENSION_MISMATCH",
      );
    }
  });

  it("accepts any non-empty width while none is pinned", () => {
    expect(codeOf(() => assertEmbeddingDimension([1], undefined))).toBeUndefined();
    expect(codeOf(() => assertEmbeddingDimension(new Array(1536).fill(0.5), undefined))).toBe(
      undefined,
    );
    expect(codeOf(() => assertEmbeddingDimension([], undefined))).toBe(
      "EMBEDDING_DIMENSION_MISMATCH",
    );
  });
});

describe("assertValidDimension", () => {
  it("accepts positive integers only", () => {
    expect(() => assertValidDimension(384)).not.toThrow();
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => assertValidDimension(bad)).toThrow(RangeError);
    }
  });
});

describe("TopK", () => {
  const offerAll = (top: TopK<string>, scores: [string, number][]) => {
    for (const [item, score] of scores) top.offer(item, score);
    return top.best().map((r) => r.item);
  };
  const scores: [string, number][] = [
    ["a", 0.1],
    ["b", 0.9],
    ["c", 0.5],
    ["d", 0.9],
    ["e", 0.7],
    ["f", 0.5],
  ];

  it("keeps the best count, best first, the earlier of equal scores first", () => {
    expect(offerAll(new TopK(3), scores)).toEqual(["b", "d", "e"]);
    expect(offerAll(new TopK(5), scores)).toEqual(["b", "d", "e", "c", "f"]);
    // The same ranking a stable sort of every score gives.
    const sorted = [...scores].sort((x, y) => y[1] - x[1]).map(([item]) => item);
    for (let count = 0; count <= scores.length + 1; count++) {
      expect(offerAll(new TopK(count), scores)).toEqual(sorted.slice(0, count));
    }
  });

  it("counts as slice would: fractions truncate, NaN and negatives keep nothing", () => {
    expect(offerAll(new TopK(2.7), scores)).toEqual(["b", "d"]);
    expect(offerAll(new TopK(Number.NaN), scores)).toEqual([]);
    expect(offerAll(new TopK(-1), scores)).toEqual([]);
    expect(offerAll(new TopK(Number.POSITIVE_INFINITY), scores)).toHaveLength(6);
  });

  it("with slack, also keeps what is within slack of the count-th best", () => {
    const near: [string, number][] = [
      ["x", 0.5],
      ["y", 0.8],
      ["z", 0.4999],
      ["w", 0.49],
    ];
    expect(offerAll(new TopK(2, 0.001), near)).toEqual(["y", "x", "z"]);
  });
});

describe("rankByUnitVectors", () => {
  // A fixed-seed generator, so a failure reproduces.
  function vectors(seed: number, width: number) {
    let state = seed;
    return () =>
      Array.from({ length: width }, () => {
        state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
        return state / 2 ** 32 - 0.5;
      });
  }
  const withUnits = (embeddings: number[][]) =>
    embeddings.map((embedding, i) => ({ i, embedding, unit: unitVector(embedding) }));
  const ids = (ranked: { item: { i: number }; similarity: number }[]) =>
    ranked.map(({ item, similarity }) => [item.i, similarity]);

  it("gives rankByCosine's exact answer: the same items, order and similarities", () => {
    const next = vectors(11, 64);
    const rows = withUnits(Array.from({ length: 2000 }, next));
    const query = vectors(5, 64);
    for (let q = 0; q < 20; q++) {
      const embedding = query();
      for (const [threshold, count] of [
        [0, 10],
        [-1, 25],
        [0.2, 5],
        [0.99, 10],
      ] as const) {
        const exact = rankByCosine(embedding, rows, (r) => r.embedding, threshold, count);
        const fast = rankByUnitVectors(embedding, rows, (r) => r, threshold, count);
        expect(ids(fast)).toEqual(ids(exact));
      }
    }
  });

  it("ranks ties, zero vectors and rows of another width as rankByCosine does", () => {
    const same = [0.3, -0.2, 0.9];
    const rows = withUnits([
      [1, 2, 3],
      same,
      [0, 0, 0],
      [0.6, -0.4, 1.8], // `same` scaled: an exact tie with it
      [1, 2], // another width: never compared
      same,
      [-0.3, 0.2, -0.9],
    ]);
    for (const query of [same, [0, 0, 0], [1e-300, 0, 0], [5, -5, 1]]) {
      for (const count of [1, 2, 3, 10]) {
        for (const threshold of [-1, 0, 0.5, 1]) {
          const exact = rankByCosine(query, rows, (r) => r.embedding, threshold, count);
          const fast = rankByUnitVectors(query, rows, (r) => r, threshold, count);
          expect(ids(fast)).toEqual(ids(exact));
        }
      }
    }
  });

  it("finds the exact best among near-ties that float32 alone would misorder", () => {
    // Differences below float32's resolution: only the exact rescoring tells them apart.
    const base = vectors(3, 32)();
    const rows = withUnits(
      Array.from({ length: 50 }, (_, i) => base.map((x, j) => (j === 0 ? x + i * 1e-9 : x))),
    );
    const exact = rankByCosine(base, rows, (r) => r.embedding, 0, 5);
    expect(ids(rankByUnitVectors(base, rows, (r) => r, 0, 5))).toEqual(ids(exact));
  });
});
