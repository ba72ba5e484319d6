// Running one leased task and writing down what happened. Every write is conditional on our
// lease: if the lease expired and another tick took the task, we record nothing; if the task
// was paused or deleted during the run, the pause or delete stands (storage enforces both).
import { describeError } from "../describe-error.ts";
import { DeliveryError } from "../messages/delivery-error.ts";
import { runInScope } from "../runs/scope.ts";
import type { AgentRuntime } from "../runtime/agent-runtime.ts";
import type { Metadata, Task, UUID } from "../types.ts";
import { isRepeating, nextDueAt } from "./due-time.ts";
import { backoffDelay, DEFAULT_BACKOFF_MS, nextFailure } from "./schedule.ts";
import type { TaskSchedule } from "./types.ts";

export type RunOutcome = "succeeded" | "failed" | "paused" | "skipped";

/** How long a task with no registered worker waits before a tick looks at it again. */
const NO_WORKER_RETRY_MS = 60_000;

type ScheduleMeta = TaskSchedule & Metadata & { failures?: number };

export async function runClaimedTask(
  runtime: AgentRuntime,
  task: Task & { id: UUID },
  owner: string,
  now: number,
): Promise<RunOutcome> {
  const dueAt = task.dueAt ?? now;
  const repeats = isRepeating(task);
  const release = (patch: Partial<Task>) => runtime.storage.releaseTaskLease(task.id, owner, patch);

  const worker = runtime.getTaskWorker(task.name);
  if (!worker) {
    runtime.logger.warn(`no task worker registered for ${task.name}; retrying later`, {
      id: task.id,
    });
    await release({ dueAt: now + NO_WORKER_RETRY_MS });
    return "skipped";
  }
  try {
    const check = worker.shouldRun ?? worker.validate;
    if (check && !(await check.call(worker, runtime, task))) {
      await release({
        dueAt: repeats ? safeNextDue(runtime, task, dueAt, now) : now + NO_WORKER_RETRY_MS,
      });
      return "skipped";
    }
  } catch (error) {
    runtime.logger.warn(`task ${task.name} validate failed`, { error: describeError(error) });
  }

  let failure: unknown;
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
  } catch (error) {
    failure = error;
    failed = true;
  }
  if (record) {
    await runtime.runs.end(
      record,
      failed ? "error" : "completed",
      failed ? { error: failure } : {},
    );
  }

  // The worker may have written its own metadata (elizaOS workers do): build on the stored
  // row, not the claimed copy. Gone means cancelled during the run: nothing to record.
  const latest = await runtime.storage.getTask(task.id);
  if (!latest) return failed ? "failed" : "succeeded";
  const meta = (latest.metadata ?? {}) as ScheduleMeta;

  if (failed) {
    const { failures, pauses } = nextFailure(meta);
    // A send the platform refused for good (bot blocked, chat gone) is not worth a retry.
    const hopeless = failure instanceof DeliveryError && !failure.retryable;
    const pause = hopeless || pauses;
    runtime.logger.warn(`task ${task.name} failed (${failures})`, {
      error: describeError(failure),
    });
    // The platform's retry_after is a floor: retrying sooner only earns another 429.
    const notBefore = failure instanceof DeliveryError ? (failure.retryAfterMs ?? 0) : 0;
    const delay = Math.max(backoffDelay(failures, meta.backoffMs ?? DEFAULT_BACKOFF_MS), notBefore);
    const { failures: _legacy, ...rest } = meta;
    await release({
      dueAt: pause ? null : now + delay,
      metadata: {
        ...rest,
        failureCount: failures,
        lastError: describeError(failure),
        lastRunAt: now,
        paused: pause,
      },
    });
    return pause ? "paused" : "failed";
  }

  const { failures: _legacy, ...rest } = meta;
  if (repeats) {
    await release({
      dueAt: safeNextDue(runtime, latest, dueAt, now),
      metadata: { ...rest, failureCount: 0, lastError: null, lastRunAt: now, updatedAt: now },
    });
  } else {
    // One-shot: done. The delete is conditional on our lease in the same step, so a manual
    // run (which may lease a task that is not due) cannot take it between the run and the delete.
    await runtime.storage.finishTask(task.id, owner);
  }
  return "succeeded";
}

/** A schedule broken after creation (edited metadata) parks the task instead of looping. */
function safeNextDue(runtime: AgentRuntime, task: Task, dueAt: number, now: number): number | null {
  try {
    return nextDueAt(task, dueAt, now);
  } catch (error) {
    runtime.logger.warn(`task ${task.name} has an invalid schedule; not run again until fixed`, {
      error: describeError(error),
    });
    return null;
  }
}
