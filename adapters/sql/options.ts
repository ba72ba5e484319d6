// What a SQL storage is created with, apart from its driver and dialect. Kept free of drizzle's
// types, so a program that only creates a storage never loads their declarations.
import type { UUID } from "../../core/kernel/index.ts";
import type { VectorIndex } from "./vector-index.ts";

export interface SqlStorageOptions {
  /** The clock, in ms since epoch: createdAt defaults, cache TTL, claims. Tests inject one. */
  now?: () => number;
  /**
   * The agent this store serves: relationships are recorded under it and memory reads see
   * only its memories. Absent: relationships get the nil UUID and reads span every agent.
   */
  agentId?: UUID;
  /**
   * The pinned width (EMBEDDING_DIMENSION) when the target knows it from configuration, so a
   * cold instance checks vectors before the first ensureEmbeddingDimension.
   */
  embeddingDimension?: number;
  /** A vector index beside the rows (Vectorize); searches go there instead of to SQL. */
  vectorIndex?: VectorIndex;
  /**
   * Where a failed vector-index write goes, after the rows it follows were committed (the
   * rows stay the truth; the write is not failed for it). Default: one console.warn line.
   */
  onIndexError?: (error: unknown) => void;
}
