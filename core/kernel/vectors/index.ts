// TODO describe core/kernel/vectors
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
