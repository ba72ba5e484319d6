// Running one leased task: its worker, the check before it, and its run in the run log. What
// the run leaves to write (the release, the run's log row) is handed to end-runs.ts, which a
// tick calls once for many runs, so their writes share a round trip. Every write there is
// conditional on our lease: if the lease expired and another tick took the task, we record
// nothing; if the task was paused or deleted during the run, the pause or delete stands.

import { describeError, randomUuid, type Task, type UUID } from "../../kernel/index.ts";
import { type IAgentRuntime, isRepeating, runInScope } from "../../runtime/index.ts";
import { endTaskRuns, safeNextDue } from "./end-runs.ts";
import type { LeasedTask, RunOutcome, TaskRun } from "./task-run.ts";

export type { LeasedTask, RunOutcome, TaskRun } from "./task-run.ts";

/** How long a task with no registered worker waits before a tick looks at it again. */
export const NO_WORKER_RETRY_MS = 60_000;

/** Runs one leased task and writes its ending: executeTaskById and the inbox's own run. */
export async function runClaimedTask(
  runtime: IAgentRuntime,
  task: LeasedTask,
  owner: string,
  now: number,
): Promise<RunOutcome> {
  const [outcome] = await endTaskRuns(runtime, [await runLeasedTask(runtime, task, owner, now)]);
  return outcome ?? "skipped";
}

/** Runs one leased task, writing nothing about it: the caller ends it (endTaskRuns). */
export async function runLeasedTask(
  runtime: IAgentRuntime,
  task: LeasedTask,
  owner: string,
  now: number,
): Promise<TaskRun> {
  const skip = (patch: Partial<Task>): TaskRun => ({ kind: "skipped", task, owner, patch });
  const worker = runtime.getTaskWorker(task.name);
  if (!worker) {
    runtime.logger.warn(`no task worker registered for ${task.name}; retrying later`, {
      id: task.id,
    });
    return skip({ dueAt: now + NO_WORKER_RETRY_MS });
  }
  try {
    const check = worker.shouldRun ?? worker.validate;
    if (check && !(await check.call(worker, runtime, task))) {
      const dueAt = isRepeating(task)
        ? safeNextDue(runtime, task, task.dueAt ?? now, now)
        : now + NO_WORKER_RETRY_MS;
      return skip({ dueAt });
    }
  } catch (error) {
    runtime.logger.warn(`task ${task.name} validate failed`, { error: describeError(error) });
  }

  let error: unknown;
  let failed = false;
  // Each execution is a run of its own in the run log, as a message turn is (unless the work
  // it carries is one: the inbox's message turn records itself).
  const record =
    worker.runLog === false
      ? undefined
      : runtime.runs.start({
          runId: runtime.newRunId(),
          kind: "task",
          startedAt: runtime.now(),
          roomId: task.roomId,
          entityId: task.entityId,
          source: "task",
          task: { id: task.id, name: task.name },
        });
  if (record) {
    record.phase = `task:${task.name}`;
    record.log.debug(`task ${task.name} started`, { taskId: task.id });
  }
  const execute = () =>
    worker.execute(runtime, (task.metadata ?? {}) as Record<string, unknown>, task);
  try {
    await (record ? runInScope(record.runId, execute) : execute());
  } catch (thrown) {
    error = thrown;
    failed = true;
  }
  const log = record
    ? runtime.runs.close(record, failed ? "error" : "completed", failed ? { error } : {})?.row
    : undefined;
  return { kind: "executed", task, owner, now, failed, error, ...(log ? { log } : {}) };
}

/**
 * Runs a task now, whatever its due time, holding a lease for the run so a concurrent tick
 * leaves it alone. A repeat task keeps its schedule. Null when there is no such task; an error
 * when it is running elsewhere.
 */
export async function executeTaskById(
  runtime: IAgentRuntime,
  id: UUID,
  leaseMs = 5 * 60_000,
): Promise<RunOutcome | null> {
  const now = runtime.now();
  const owner = `manual:${randomUuid()}`;
  // Leased atomically, as a tick leases: a concurrent tick or manual run never also runs it.
  const task = await runtime.storage.claimTask(id, { now, owner, leaseMs });
  if (!task) {
    if (await runtime.storage.getTask(id)) throw new Error(`task ${id} is running in another tick`);
    return null;
  }
  return runClaimedTask(runtime, { ...task, id, dueAt: task.dueAt ?? now }, owner, now);
}
