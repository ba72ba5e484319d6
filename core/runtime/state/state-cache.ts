import type { State } from "../contract/index.ts";

/** Entries kept before the least recently used is dropped (elizaOS's figure for its cache). */
export const STATE_CACHE_LIMIT = 200;

/**
 * elizaOS's `runtime.stateCache` (states by message id, action results under
 * `${messageId}_action_results`), bounded: elizaOS's grows for the life of the process, which
 * a long-warm isolate must not do. A least-recently-used cache: `get` and `set` both make an
 * entry the newest, so a message whose turn is still composing state is not the one dropped.
 */
export class StateCache extends Map<string, State> {
  /**
   * Keys by last use, oldest first. Kept apart from the entries: moving an entry inside the
   * Map on `get` would make a `for...of` over the cache that reads each entry (a deep
   * equality check does) visit it again, forever.
   */
  private readonly recency = new Map<string, true>();

  constructor(private readonly limit = STATE_CACHE_LIMIT) {
    super();
  }

  override get(key: string): State | undefined {
    const value = super.get(key);
    if (value !== undefined) this.touch(key);
    return value;
  }

  override set(key: string, value: State): this {
    super.set(key, value);
    this.touch(key);
    while (this.size > this.limit) {
      const oldest = this.recency.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return this;
  }

  override delete(key: string): boolean {
    this.recency.delete(key);
    return super.delete(key);
  }

  override clear(): void {
    this.recency.clear();
    super.clear();
  }

  private touch(key: string): void {
    this.recency.delete(key);
    this.recency.set(key, true);
  }
}
