import type { State } from "../plugin.ts";

/** Entries kept before the least recently used is dropped (elizaOS's figure for its cache). */
export const STATE_CACHE_LIMIT = 200;

/**
 * elizaOS's `runtime.stateCache` (states by message id, action results under
 * `${messageId}_action_results`), bounded: elizaOS's grows for the life of the process, which
 * a long-warm isolate must not do. A least-recently-used cache: `get` and `set` both make an
 * entry the newest, so a message whose turn is still composing state is not the one dropped.
 */
export class StateCache extends Map<string, State> {
  constructor(private readonly limit = STATE_CACHE_LIMIT) {
    super();
  }

  override get(key: string): State | undefined {
    const value = super.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting moves the entry to the newest end.
    super.delete(key);
    super.set(key, value);
    return value;
  }

  override set(key: string, value: State): this {
    if (this.has(key)) this.delete(key);
    super.set(key, value);
    while (this.size > this.limit) {
      const oldest = this.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return this;
  }
}
