// Scheduling arithmetic, kept pure so the guarantees are easy to check.

/**
 * The next run of a repeat task: one interval after the occurrence that just ran, counted
 * from that occurrence and never from now, so a tick that fires early or late does not shift
 * the schedule. After an outage the missed occurrences collapse into one run: the next due
 * time is the first occurrence after now.
 */
export function nextOccurrence(previousDue: number, interval: number, now: number): number {
  if (!(interval > 0)) throw new Error(`repeat interval must be positive, got ${interval}`);
  const next = previousDue + interval;
  if (next > now) return next;
  const missed = Math.floor((now - previousDue) / interval);
  return previousDue + (missed + 1) * interval;
}

export const MAX_BACKOFF_MS = 60 * 60 * 1000;
export const DEFAULT_BACKOFF_MS = 10_000;
export const DEFAULT_MAX_FAILURES = 5;

/**
 * The failure count a task's next failure makes, and whether that pauses it: elizaOS's
 * `failureCount` (an older eliza-edge row says `failures`) against `maxFailures`, where 0 or
 * less means never pause. One rule, read by the runner and by a worker that must know its
 * attempt is the last (the embedding worker emits _FAILED only then).
 */
export function nextFailure(meta: Record<string, unknown>): { failures: number; pauses: boolean } {
  const failures = (Number(meta.failureCount ?? meta.failures) || 0) + 1;
  const max = meta.maxFailures === undefined ? DEFAULT_MAX_FAILURES : Number(meta.maxFailures);
  return { failures, pauses: max > 0 && failures >= max };
}

/** Delay before retry number `failures` (1-based): base, 2×base, 4×base … capped at an hour. */
export function backoffDelay(failures: number, baseMs = DEFAULT_BACKOFF_MS): number {
  const exponent = Math.max(0, Math.min(failures - 1, 30));
  return Math.min(baseMs * 2 ** exponent, MAX_BACKOFF_MS);
}
