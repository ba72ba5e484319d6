// A repeatable random sequence for prompt parts that elizaOS draws at random (which action
// examples to show, which names fill them): the same seed gives the same prompt every turn,
// so the model provider's prompt cache keeps matching.

/** Numbers in [0, 1) from a 32-bit state derived from `seed` (FNV-1a, then mulberry32). */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    state ^= seed.charCodeAt(i);
    state = Math.imul(state, 0x01000193);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
