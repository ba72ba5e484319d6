import { describe, expect, it } from "vitest";
import { StorageError } from "../../core/storage.ts";
import {
  assertEmbeddingDimension,
  assertValidDimension,
  cosineSimilarity,
} from "../../core/vector.ts";

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
