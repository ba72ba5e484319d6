// Vector search without a vector index: cosine in JavaScript (core/kernel/vectors/vector.ts) over a bounded
// candidate set.

/**
 * How many of the newest embedded memories of the queried scope (room, else entity, else
 * world, else the whole table) and table one search scores. Each candidate is read from the
 * scope's GSI partition, newest first, and a Query page holds at most 1 MB: 1,000
 * candidates of 384 float32 components (~2 KB each with text) take two or three pages,
 * of 1,536 components about seven. Older memories are not found by search; pass the
 * `searchCandidates` option to trade reach for read cost.
 */
export const SEARCH_CANDIDATES = 1_000;
