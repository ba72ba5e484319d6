import type { State } from "../plugin.ts";

/** Entries kept before the oldest is dropped: a warm isolate serves many messages. */
export const STATE_CACHE_LIMIT = 500;

/**
 * elizaOS's `runtime.stateCache` (states by message id, action results under
 * `${messageId}_action_results`), bounded: elizaOS's grows for the life of the process, which
 * a long-warm isolate must not do. The oldest entry goes first.
 */
export class StateCache extends Map<string, State> {
  constructor(private readonly limit = STATE_CACHE_LIMIT) {
    super();
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
