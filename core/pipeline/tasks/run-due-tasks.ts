// One scheduler tick: claim due tasks with a lease, run them, record the outcome, release.
// Platforms call this from their cron (Workers `scheduled`, EventBridge, Vercel cron); the
// Node target calls it on an interval. Guarantees (tested on every backend):
// - concurrent ticks never run one occurrence twice (claims are atomic leases);
// - a tick that dies leaves leases that expire, and the next tick runs those tasks again;
// - a second delivery of the same cron occurrence runs nothing;
// - an early tick runs nothing ahead of time, and repeat times are counted from the previous
//   occurrence, so neither early nor late ticks shift or skip a schedule;
// - after an outage a repeat task runs once, not once per missed interval.

import { type IAgentRuntime, sweepRunLogs } from "../../runtime/index.ts";
import { runClaimedBatches } from "./tick-slots.ts";
import type { RunDueTasksOptions, TickReport } from "./types.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_SWEEP_LIMIT = 500;

export async function runDueTasks(
  runtime: IAgentRuntime,
  options: RunDueTasksOptions = {},
): Promise<TickReport> {
  const report: TickReport = {
    ran: 0,
    succeeded: 0,
    failed: 0,
    skipped: 0,
    paused: 0,
    remaining: 0,
    more: false,
    duplicate: false,
    swept: 0,
    sweptLogs: 0,
  };
  const now = options.now ?? runtime.now();
  if (options.occurrence) {
    const key = `tick:${runtime.agentId}:${options.occurrence}`;
    if (!(await runtime.storage.claimOnce(key, DAY_MS, now))) {
      report.duplicate = true;
      return report;
    }
  }
  const limit = options.limit ?? 100;
  const budgetMs = options.budgetMs ?? 25_000;
  const elapsed = options.elapsedClock ?? Date.now;
  const started = elapsed();
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const claimed = await runClaimedBatches(runtime, report, {
    now,
    limit,
    leaseMs: options.leaseMs ?? 5 * 60_000,
    concurrency,
    claimBatch: Math.max(concurrency, options.claimBatch ?? 25),
    overBudget: () => elapsed() - started >= budgetMs,
  });
  if (claimed >= limit) report.more = true;
  const sweepLimit = options.sweepLimit ?? DEFAULT_SWEEP_LIMIT;
  report.swept = await sweepExpired(runtime, now, sweepLimit);
  report.sweptLogs = await sweepLogs(runtime, now, sweepLimit);
  return report;
}

/** The run log's retention (LOG_RETENTION_DAYS), bounded like the claims sweep. */
async function sweepLogs(runtime: IAgentRuntime, now: number, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  try {
    return await sweepRunLogs(runtime, now, limit);
  } catch (error) {
    runtime.logger.warn(`[tasks] sweep of old run logs failed: ${describe(error)}`);
    return 0;
  }
}

/**
 * One bounded sweep per tick, after the tasks (they come first within the budget). Webhook
 * dedupe writes a claim per update, so without it the claims table grows for ever. A failed
 * sweep costs nothing but its log line: the next tick sweeps again.
 */
async function sweepExpired(runtime: IAgentRuntime, now: number, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  try {
    const swept = await runtime.storage.sweepExpired(now, limit);
    return swept.claims + swept.cache;
  } catch (error) {
    runtime.logger.warn(`[tasks] sweep of expired claims failed: ${describe(error)}`);
    return 0;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
