// Running one leased task: its worker, the check before it, and its run in the run log. What
// the run leaves to write (the release, the run's log row) is handed to end-runs.ts, which a
// tick calls once for many runs, so their writes share a round trip. Every write there is
// conditional on our lease: if the lease expired and another tick took the task, we record
// nothing; if the task was paused or deleted during the run, the pause or delete stands.
import { describeError } from "../../kernel/errors/describe-error.ts";
import type { LogParams } from "../../kernel/storage/contract.ts";
import type { Task, UUID } from "../../kernel/types/domain.ts";
import type { AgentRuntime } from "../../runtime/agent-runtime-core.ts";
import { runInScope } from "../../runtime/runs/scope.ts";
import { isRepeating } from "../../runtime/tasks/due-time.ts";
import { endTaskRuns, safeNextDue } from "./end-runs.ts";

export type RunOutcome = "succeeded" | "failed" | "paused" | "skipped";

export type LeasedTask = Task & { id: UUID };

/** A leased task a tick or a manual run is done with, before its ending is written. */
export type TaskRun =
  /** Not run (no worker, its check said no, not a queue task): its release is decided. */
  | { kind: "skipped"; task: LeasedTask; owner: string; patch: Partial<Task> }
  /** Claimed but never started (the tick's budget ran out): let go as it is, not counted. */
  | { kind: "unrun"; task: LeasedTask; owner: string }
  /** The worker ran; the ending builds on the stored row (the worker may have written it). */
  | {
      kind: "executed";
      task: LeasedTask;
      owner: string;
      now: number;
      failed: boolean;
      error?: unknown;
      /** The run's log row, written with the ending. */
      log?: LogParams;
    };

/** How long a task with no registered worker waits before a tick looks at it again. */
export const NO_WORKER_RETRY_MS = 60_000;

/** Runs one leased task and writes its ending: executeTaskById and the inbox's own run. */
export async function runClaimedTask(
  runtime: AgentRuntime,
  task: LeasedTask,
  owner: string,
  now: number,
): Promise<RunOutcome> {
  const [outcome] = await endTaskRuns(runtime, [await runLeasedTask(runtime, task, owner, now)]);
  return outcome ?? "skipped";
}

/** Runs one leased task, writing nothing about it: the caller ends it (endTaskRuns). */
export async function runLeasedTask(
  runtime: AgentRuntime,
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
