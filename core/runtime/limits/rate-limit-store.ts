// Where message counts live. The default keeps them in this process or isolate's memory,
// bounded: a caller rotating user ids evicts the least recently seen keys instead of growing
// the map. A store shared between instances (Workers KV, Redis) can implement the same call;
// on Workers and Lambda the default is per instance, not global.

export interface RateLimitWindow {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends (epoch ms); a refused caller may retry then. */
  resetAt: number;
}

export interface RateLimitStore {
  /** Counts one hit on `key` in the fixed window that `now` falls in. */
  hit(key: string, windowMs: number, now: number): Promise<RateLimitWindow> | RateLimitWindow;
}

/** Keys kept by the in-memory store before the least recently used is evicted. */
export const DEFAULT_RATE_LIMIT_KEYS = 10_000;

export function createMemoryRateLimitStore(maxKeys = DEFAULT_RATE_LIMIT_KEYS): RateLimitStore & {
  readonly size: number;
} {
  // A Map iterates in insertion order; re-inserting a key on every hit makes the first key the
  // least recently used one.
  const windows = new Map<string, RateLimitWindow>();
  return {
    get size() {
      return windows.size;
    },
    hit(key, windowMs, now) {
      const current = windows.get(key);
      windows.delete(key);
      const next =
        current && now < current.resetAt
          ? { count: current.count + 1, resetAt: current.resetAt }
          : { count: 1, resetAt: now + windowMs };
      windows.set(key, next);
      while (windows.size > maxKeys) {
        const oldest = windows.keys().next().value as string;
        windows.delete(oldest);
      }
      return { ...next };
    },
  };
}
