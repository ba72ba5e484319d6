// Running one leased task and writing down what happened. Every write is conditional on our
// lease: if the lease expired and another tick took the task, we record nothing.
import { describeError } from "../describe-error.ts";
import { DeliveryError } from "../messages/delivery-error.ts";
import type { AgentRuntime } from "../runtime/agent-runtime.ts";
import type { Task, UUID } from "../types.ts";
import {
  backoffDelay,
  DEFAULT_BACKOFF_MS,
  DEFAULT_MAX_FAILURES,
  nextOccurrence,
} from "./schedule.ts";
import type { TaskSchedule } from "./types.ts";

export type RunOutcome = "succeeded" | "failed" | "paused" | "skipped";

/** How long a task with no registered worker waits before a tick looks at it again. */
const NO_WORKER_RETRY_MS = 60_000;

export async function runClaimedTask(
  runtime: AgentRuntime,
  task: Task & { id: UUID },
  owner: string,
  now: number,
): Promise<RunOutcome> {
  const meta = (task.metadata ?? {}) as TaskSchedule & Record<string, unknown>;
  const dueAt = task.dueAt ?? now;
  const interval = task.tags.includes("repeat") ? Number(meta.updateInterval) : 0;
  const repeats = interval > 0;
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
    if (worker.validate && !(await worker.validate(runtime, task))) {
      if (repeats) await release({ dueAt: followingRun(dueAt, interval, now) });
      else await release({ dueAt: now + NO_WORKER_RETRY_MS });
      return "skipped";
    }
  } catch (error) {
    runtime.logger.warn(`task ${task.name} validate failed`, { error: describeError(error) });
  }

  try {
    await worker.execute(runtime, meta, task);
  } catch (error) {
    const failures = (meta.failures ?? 0) + 1;
    const maxFailures = meta.maxFailures ?? DEFAULT_MAX_FAILURES;
    // A send the platform refused for good (bot blocked, chat gone) is not worth a retry.
    const hopeless = error instanceof DeliveryError && !error.retryable;
    const pause = hopeless || (maxFailures !== -1 && failures >= maxFailures);
    runtime.logger.warn(`task ${task.name} failed (${failures})`, { error: describeError(error) });
    // The platform's retry_after is a floor: retrying sooner only earns another 429.
    const notBefore = error instanceof DeliveryError ? (error.retryAfterMs ?? 0) : 0;
    const delay = Math.max(backoffDelay(failures, meta.backoffMs ?? DEFAULT_BACKOFF_MS), notBefore);
    await release({
      dueAt: pause ? null : now + delay,
      metadata: {
        ...meta,
        failures,
        lastError: describeError(error),
        lastRunAt: now,
        paused: pause,
      },
    });
    return pause ? "paused" : "failed";
  }

  if (repeats) {
    await release({
      dueAt: followingRun(dueAt, interval, now),
      metadata: { ...meta, failures: 0, lastError: null, lastRunAt: now, updatedAt: now },
    });
  } else if (await release({ dueAt: null, metadata: { ...meta, lastRunAt: now } })) {
    // One-shot: done. Clearing dueAt first means no tick can claim it between the two writes.
    await runtime.storage.deleteTask(task.id);
  }
  return "succeeded";
}

/** A run started ahead of its due time (executeTaskById) keeps that due time. */
function followingRun(dueAt: number, interval: number, now: number): number {
  return dueAt > now ? dueAt : nextOccurrence(dueAt, interval, now);
}
