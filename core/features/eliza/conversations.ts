// Per-conversation ELIZA state, kept in a bounded least-recently-used map.

export interface ConversationState {
  /** Next reassembly index per decomposition rule, so replies cycle deterministically. */
  cursors: Map<string, number>;
  /** Replies queued by the MEMORY rule, oldest first. */
  memories: string[];
}

export interface ConversationStore {
  /** The state for a key, created if new; marks it most recently used. */
  get(key: string): ConversationState;
}

export function createConversationStore(limit: number): ConversationStore {
  const states = new Map<string, ConversationState>();
  return {
    get(key) {
      let state = states.get(key);
      if (state) states.delete(key);
      else state = { cursors: new Map(), memories: [] };
      // Map keeps insertion order, so re-inserting makes this key the newest.
      states.set(key, state);
      while (states.size > limit) {
        const oldest = states.keys().next().value;
        if (oldest === undefined) break;
        states.delete(oldest);
      }
      return state;
    },
  };
}

/** Returns the cursor's current index for a rule with `count` choices and advances it. */
export function nextChoice(state: ConversationState, rule: string, count: number): number {
  const index = (state.cursors.get(rule) ?? 0) % count;
  state.cursors.set(rule, (index + 1) % count);
  return index;
}
