// Vector maths for backends without a native vector index.
export {
  assertEmbeddingDimension,
  assertValidDimension,
  cosineSimilarity,
  type PackedUnits,
  rankByCosine,
  rankByUnitVectors,
  rankPackedUnits,
  tailNorm,
  type UnitEmbedding,
  unitVector,
} from "./vector.ts";
