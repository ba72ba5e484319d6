// What one scheduler tick takes and reports.

export interface RunDueTasksOptions {
  /** The clock for due times; default runtime.now(). */
  now?: number;
  /** At most this many task runs in this tick; default 100. */
  limit?: number;
  /** Stop claiming new work after this long; default 25 s (a Worker's waitUntil is 30 s). */
  budgetMs?: number;
  /** How long a claimed task is ours; a tick that dies leaves it free after this. Default 5 min. */
  leaseMs?: number;
  /** Runs at once within the tick; default 4. */
  concurrency?: number;
  /** Tasks leased per claim (one round trip); default 25. */
  claimBatch?: number;
  /**
   * The platform's id for this trigger (Cloudflare scheduledTime, EventBridge time, a
   * Schedules execution id). A second delivery of the same occurrence runs nothing.
   */
  occurrence?: string;
  /** Wall clock for the budget; default Date.now (tests inject one). */
  elapsedClock?: () => number;
  /**
   * Expired dedupe claims and cache entries deleted per tick, at most this many of each
   * (storage.sweepExpired); default 500, `0` turns the sweep off.
   */
  sweepLimit?: number;
}

export interface TickReport {
  ran: number;
  succeeded: number;
  failed: number;
  /** Claimed but not run: no worker registered, or validate said no. */
  skipped: number;
  /** Tasks that reached maxFailures in this tick and were paused. */
  paused: number;
  /** Due tasks this tick saw but left for the next one (budget or limit reached). */
  remaining: number;
  /** The tick stopped on its limit or budget: more may be due, tick again. */
  more: boolean;
  /** The occurrence had already run: nothing was done. */
  duplicate: boolean;
  /** Expired claims and cache entries this tick deleted (0 where the backend's TTL does it). */
  swept: number;
  /** The agent's log rows older than LOG_RETENTION_DAYS this tick deleted. */
  sweptLogs: number;
}
