// The work of one tick: `concurrency` slots take leased tasks from one queue, which the first
// slot to find it empty refills with a claim of `claimBatch` (one round trip), while the other
// slots go on running. What the runs leave to write is ended in groups of `claimBatch`
// (end-runs.ts: one round trip for the releases, finishes and run-log rows of the group, one
// more for the stored rows repeat tasks and failures build on), so a tick costs a few round
// trips per batch rather than a few per task.
//
// Batching holds a run's ending back a little: until `claimBatch` runs have ended, or until a
// slot runs out of work while another run still goes, when that slot ends what is done. So no
// ending waits on the slowest run of the tick, whose lease the others' would otherwise outlast.

import { randomUuid, type Task, type UUID } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { endTaskRuns } from "./end-runs.ts";
import { type RunOutcome, runLeasedTask, type TaskRun } from "./run-task.ts";
import type { TickReport } from "./types.ts";

export interface SlotOptions {
  now: number;
  /** At most this many tasks leased in the tick. */
  limit: number;
  leaseMs: number;
  concurrency: number;
  claimBatch: number;
  overBudget(): boolean;
}

/**
 * Claims and runs due tasks until none is due, `limit` were leased or the budget is spent,
 * counting outcomes into `report`; returns how many tasks the tick leased. Tasks leased but not
 * started when the budget ran out are let go at once (counted in `remaining`), so the next
 * tick need not wait for their leases to expire.
 */
export async function runClaimedBatches(
  runtime: IAgentRuntime,
  report: TickReport,
  options: SlotOptions,
): Promise<number> {
  const { now, limit, claimBatch } = options;
  const owner = `tick:${randomUuid()}`;
  const queue: Task[] = [];
  const ended: TaskRun[] = [];
  let leased = 0;
  let drained = false;
  let claiming: Promise<void> | undefined;
  let executing = 0;
  let failure: { error: unknown } | undefined;

  const claim = () => {
    claiming ??= (async () => {
      const tasks = await runtime.storage.claimDueTasks({
        now,
        limit: Math.min(claimBatch, limit - leased),
        owner,
        leaseMs: options.leaseMs,
        agentId: runtime.agentId,
      });
      leased += tasks.length;
      // A short batch does not mean nothing is left: racing ticks may have taken the rest of
      // its candidates. Only an empty claim ends the tick.
      if (tasks.length === 0) drained = true;
      queue.push(...tasks);
    })().finally(() => {
      claiming = undefined;
    });
    return claiming;
  };
  const flush = async () => {
    try {
      const outcomes = await endTaskRuns(runtime, ended.splice(0));
      for (const outcome of outcomes) count(report, outcome);
    } catch (error) {
      // No new work starts after a failed ending; what has run is still ended below.
      failure ??= { error };
    }
  };
  const slot = async () => {
    try {
      while (!failure) {
        if (options.overBudget()) {
          report.more = true;
          break;
        }
        const task = queue.shift();
        if (!task) {
          if (drained || leased >= limit) break;
          await claim();
          continue;
        }
        executing++;
        try {
          ended.push(await runOne(runtime, task as Task & { id: UUID }, owner, now));
        } finally {
          executing--;
        }
        if (ended.length >= claimBatch) await flush();
      }
    } catch (error) {
      failure ??= { error };
    }
    // Out of work while another run still goes: end what is done now rather than after the
    // slowest run. Runs that end in the same turn of the event loop are not slow: one turn's
    // wait lets them, and with nothing left running the last flush below ends it all at once.
    if (executing > 0 && ended.length > 0) await nextTurn();
    if (executing > 0 && ended.length > 0) await flush();
  };

  await Promise.all(Array.from({ length: options.concurrency }, slot));
  const unrun = queue.splice(0);
  if (unrun.length > 0) {
    report.remaining += unrun.length;
    report.more = true;
    for (const task of unrun) {
      ended.push({ kind: "unrun", task: task as Task & { id: UUID }, owner });
    }
  }
  if (ended.length > 0) await flush();
  if (failure) throw failure.error;
  return leased;
}

/**
 * elizaOS polls only tasks tagged "queue": a tick leaves one that lost the tag alone (and
 * parks it), while executeTaskById still runs any task, as elizaOS's does.
 */
function runOne(
  runtime: IAgentRuntime,
  task: Task & { id: UUID },
  owner: string,
  now: number,
): Promise<TaskRun> {
  if (task.tags.includes("queue")) return runLeasedTask(runtime, task, owner, now);
  return Promise.resolve({ kind: "skipped", task, owner, patch: { dueAt: null } });
}

/** One turn of the event loop (a timer that ends before the tick does). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function count(report: TickReport, outcome: RunOutcome | undefined): void {
  switch (outcome) {
    case "succeeded":
      report.ran++;
      report.succeeded++;
      break;
    case "failed":
      report.ran++;
      report.failed++;
      break;
    case "paused":
      report.ran++;
      report.failed++;
      report.paused++;
      break;
    case "skipped":
      report.skipped++;
      break;
  }
}
