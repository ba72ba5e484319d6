// How the Node server holds up in production, from its settings: the HTTP timeouts that fit a
// proxy in front, the bound on turns running and waiting (load shedding), and how long a stop
// waits for the work in flight. Each setting is documented in README ("Running in production").
import type { TurnLimits } from "../../core/http/index.ts";
import type { NodeEnv } from "./config.ts";

export interface Serving {
  /**
   * An idle keep-alive connection is kept this long (HTTP_KEEP_ALIVE_TIMEOUT_MS). Longer than
   * a load balancer's own idle timeout (AWS ALB: 60 s), so the balancer always closes first and
   * never sends a request down a connection Node is closing (Node's default 5 s did).
   */
  keepAliveTimeoutMs: number;
  /** A request's headers must arrive within this (HTTP_HEADERS_TIMEOUT_MS); slowloris ends here. */
  headersTimeoutMs: number;
  /** How long a stop (SIGTERM, SIGINT) lets work in flight finish (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** MAX_CONCURRENT_TURNS, MAX_QUEUED_TURNS, TURN_QUEUE_TIMEOUT_MS; none when 0 turns. */
  turns?: Omit<TurnLimits, "busy">;
  /** MAX_EVENT_LOOP_DELAY_MS: turns are shed while the loop runs this late; 0 is off. */
  maxEventLoopDelayMs: number;
}

export const SERVING_DEFAULTS = {
  HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000,
  HTTP_HEADERS_TIMEOUT_MS: 66_000,
  SHUTDOWN_TIMEOUT_MS: 10_000,
  MAX_CONCURRENT_TURNS: 16,
  MAX_QUEUED_TURNS: 64,
  TURN_QUEUE_TIMEOUT_MS: 5_000,
  // SQL runs in PGlite's worker thread: a loop this late means the turns' own JavaScript fills
  // the thread, and shedding then keeps 503s quick (bench:faults; 1 s let them wait ~1.5 s).
  MAX_EVENT_LOOP_DELAY_MS: 250,
} as const;

type Key = keyof typeof SERVING_DEFAULTS;

export function servingFromEnv(env: NodeEnv): Serving {
  const read = (key: Key, min: number): number => {
    const text = env[key]?.trim();
    if (text === undefined || text === "") return SERVING_DEFAULTS[key];
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`${key} must be a whole number of at least ${min}, got ${env[key]}`);
    }
    return value;
  };
  const keepAliveTimeoutMs = read("HTTP_KEEP_ALIVE_TIMEOUT_MS", 1);
  const concurrent = read("MAX_CONCURRENT_TURNS", 0);
  return {
    keepAliveTimeoutMs,
    // Node wants the headers timeout above the keep-alive one, or a reused connection's next
    // request can be cut off while the keep-alive timer still runs.
    headersTimeoutMs: Math.max(read("HTTP_HEADERS_TIMEOUT_MS", 1), keepAliveTimeoutMs + 1_000),
    shutdownTimeoutMs: read("SHUTDOWN_TIMEOUT_MS", 0),
    maxEventLoopDelayMs: read("MAX_EVENT_LOOP_DELAY_MS", 0),
    ...(concurrent === 0
      ? {}
      : {
          turns: {
            maxConcurrent: concurrent,
            maxQueued: read("MAX_QUEUED_TURNS", 0),
            queueTimeoutMs: read("TURN_QUEUE_TIMEOUT_MS", 1),
          },
        }),
  };
}
