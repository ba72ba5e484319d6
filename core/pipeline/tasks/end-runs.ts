// Ending task runs: what each run records (the next due time, its failure count and backoff, a
// pause at maxFailures, a finished one-shot's delete) and one write for all of them. A tick
// ends the runs of a batch together: one read of the stored rows the endings build on (only
// repeat tasks and failures need them), then one storage.releaseTasks carrying every release,
// finish and run-log row, so a batch costs two round trips however many tasks it ran.

import {
  DeliveryError,
  describeError,
  type LogParams,
  type Metadata,
  StorageError,
  type Task,
  type TaskRelease,
} from "../../kernel/index.ts";
import {
  backoffDelay,
  DEFAULT_BACKOFF_MS,
  type IAgentRuntime,
  isRepeating,
  nextDueAt,
  nextFailure,
  type TaskSchedule,
} from "../../runtime/index.ts";
import type { RunOutcome, TaskRun } from "./task-run.ts";

type ScheduleMeta = TaskSchedule & Metadata & { failures?: number };

/**
 * Writes the endings of `runs` and returns each run's outcome (undefined for an unrun task).
 * Throws when the releases could not be written: the leases then expire and the next tick
 * runs those tasks again.
 */
export async function endTaskRuns(
  runtime: IAgentRuntime,
  runs: readonly TaskRun[],
): Promise<(RunOutcome | undefined)[]> {
  // The worker may have written its own metadata (elizaOS workers do): endings that keep the
  // task build on the stored row, not the claimed copy. A finished one-shot needs no read.
  const wanted = runs.flatMap((run) =>
    run.kind === "executed" && (run.failed || isRepeating(run.task)) ? [run.task.id] : [],
  );
  const stored = new Map<string, Task>();
  if (wanted.length > 0) {
    for (const task of await runtime.storage.getTasksByIds(wanted)) stored.set(task.id!, task);
  }
  const releases: TaskRelease[] = [];
  const outcomes = runs.map((run) => {
    const { release, outcome } = endingOf(runtime, run, stored.get(run.task.id));
    if (release) releases.push(release);
    return outcome;
  });
  const logs = runs.flatMap((run) => (run.kind === "executed" && run.log ? [run.log] : []));
  await writeEndings(runtime, releases, logs);
  return outcomes;
}

/** One run's release (none when the task is gone) and outcome. */
function endingOf(
  runtime: IAgentRuntime,
  run: TaskRun,
  latest: Task | undefined,
): { release?: TaskRelease; outcome?: RunOutcome } {
  const { id } = run.task;
  const { owner } = run;
  if (run.kind === "unrun") return { release: { id, owner } };
  if (run.kind === "skipped")
    return { release: { id, owner, patch: run.patch }, outcome: "skipped" };
  const { task, now } = run;
  if (!run.failed && !isRepeating(task)) {
    // One-shot: done. The delete is conditional on our lease in the same step, so a manual
    // run (which may lease a task that is not due) cannot take it between the run and the delete.
    return { release: { id, owner, finish: true }, outcome: "succeeded" };
  }
  // Gone means cancelled during the run: nothing to record.
  if (!latest) return { outcome: run.failed ? "failed" : "succeeded" };
  const meta = (latest.metadata ?? {}) as ScheduleMeta;
  const { failures: _legacy, ...rest } = meta;
  if (!run.failed) {
    const patch = {
      dueAt: safeNextDue(runtime, latest, task.dueAt ?? now, now),
      metadata: { ...rest, failureCount: 0, lastError: null, lastRunAt: now, updatedAt: now },
    };
    return { release: { id, owner, patch }, outcome: "succeeded" };
  }
  const { error } = run;
  const { failures, pauses } = nextFailure(meta);
  // A send the platform refused for good (bot blocked, chat gone) is not worth a retry.
  const hopeless = error instanceof DeliveryError && !error.retryable;
  const pause = hopeless || pauses;
  runtime.logger.warn(`task ${task.name} failed (${failures})`, { error: describeError(error) });
  // The platform's retry_after is a floor: retrying sooner only earns another 429.
  const notBefore = error instanceof DeliveryError ? (error.retryAfterMs ?? 0) : 0;
  const delay = Math.max(backoffDelay(failures, meta.backoffMs ?? DEFAULT_BACKOFF_MS), notBefore);
  const patch = {
    dueAt: pause ? null : now + delay,
    metadata: {
      ...rest,
      failureCount: failures,
      lastError: describeError(error),
      lastRunAt: now,
      paused: pause,
    },
  };
  return { release: { id, owner, patch }, outcome: pause ? "paused" : "failed" };
}

/**
 * One releaseTasks for every ending and run-log row. Should the backend refuse the whole
 * unit for one entry it cannot store (a SQL batch is all-or-nothing), each entry goes again
 * alone, so the others still land and only the refused one is lost; then the refusal is
 * thrown. An outage is thrown at once: nothing would land alone either.
 */
async function writeEndings(
  runtime: IAgentRuntime,
  releases: TaskRelease[],
  logs: LogParams[],
): Promise<void> {
  if (releases.length === 0 && logs.length === 0) return;
  const { storage } = runtime;
  let logError: unknown;
  try {
    ({ logError } = await storage.releaseTasks({ tasks: releases, logs }));
  } catch (error) {
    const outage = error instanceof StorageError && error.code === "UNAVAILABLE";
    if (outage || releases.length < 2) throw error;
    const [rows, ...alone] = await Promise.allSettled([
      (async () => storage.releaseTasks({ tasks: [], logs }))(),
      ...releases.map(async (release) => storage.releaseTasks({ tasks: [release] })),
    ]);
    const refused = alone.find((result) => result.status === "rejected");
    if (refused) throw refused.reason;
    logError = rows.status === "rejected" ? rows.reason : rows.value.logError;
  }
  if (logError !== undefined) {
    runtime.logger.warn(`task run logs not written: ${describeError(logError)}`, {
      runs: logs.length,
    });
  }
}

/** A schedule broken after creation (edited metadata) parks the task instead of looping. */
export function safeNextDue(
  runtime: IAgentRuntime,
  task: Task,
  dueAt: number,
  now: number,
): number | null {
  try {
    return nextDueAt(task, dueAt, now);
  } catch (error) {
    runtime.logger.warn(`task ${task.name} has an invalid schedule; not run again until fixed`, {
      error: describeError(error),
    });
    return null;
  }
}
