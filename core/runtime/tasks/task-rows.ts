// Creating and steering tasks. Everything that must happen later is a row in storage with a
// due time; nothing here waits on a timer, so it works the same in a Worker, a Lambda and Node.

import type { Metadata, Task, UUID } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../contract/index.ts";
import { initialDueAt, isRepeating, validateSchedule } from "./due-time.ts";
import type { TaskSchedule, TaskStatus } from "./types.ts";

export interface ScheduleTaskParams {
  name: string;
  description?: string;
  /** First run, ms since epoch. Default now (or now + every for a repeat task). */
  runAt?: number;
  /** First run this long from now. */
  delayMs?: number;
  /** Repeat every this many ms; the task is kept after each run. */
  every?: number;
  /** Repeat at the times of this five-field cron expression instead (tick-driven). */
  cron?: string;
  /** IANA time zone for `cron`; default UTC. */
  timezone?: string;
  roomId?: UUID;
  worldId?: UUID;
  entityId?: UUID;
  tags?: string[];
  metadata?: Metadata & TaskSchedule;
}

/**
 * Creates a task that the next tick at or after its due time runs. `cron` (with `timezone`)
 * makes it repeat at the expression's times instead of `every`; an invalid expression or
 * time zone throws a TaskScheduleError here, not at run time.
 */
export async function scheduleTask(
  runtime: IAgentRuntime,
  params: ScheduleTaskParams,
): Promise<UUID> {
  const now = runtime.now();
  const tags = new Set(["queue", ...(params.tags ?? [])]);
  if (params.every || params.cron) tags.add("repeat");
  const metadata: Metadata & TaskSchedule = {
    ...params.metadata,
    ...(params.every ? { updateInterval: params.every } : {}),
    ...(params.cron ? { cron: params.cron } : {}),
    ...(params.timezone ? { timezone: params.timezone } : {}),
    updatedAt: now,
  };
  const task: Task = { name: params.name, tags: [...tags], metadata };
  validateSchedule(task, now);
  const explicit =
    params.runAt ?? (params.delayMs === undefined ? undefined : now + params.delayMs);
  const dueAt = explicit ?? (params.cron ? initialDueAt(task, now) : now + (params.every ?? 0));
  return runtime.storage.createTask({
    name: params.name,
    description: params.description,
    agentId: runtime.agentId,
    roomId: params.roomId,
    worldId: params.worldId,
    entityId: params.entityId,
    tags: task.tags,
    metadata,
    dueAt,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * elizaOS-style creation (runtime.createTask goes through here): only a task tagged "queue"
 * is scheduled, at the due time its metadata gives (due-time.ts); other tasks are stored but
 * never run by a tick. A schedule no tick could honour throws a TaskScheduleError.
 */
export async function createTask(runtime: IAgentRuntime, task: Task): Promise<UUID> {
  const now = runtime.now();
  validateSchedule(task, now);
  return runtime.storage.createTask({
    ...task,
    agentId: task.agentId ?? runtime.agentId,
    dueAt: initialDueAt(task, now),
    createdAt: task.createdAt ?? now,
  });
}

/** Metadata keys that decide when a task runs; changing one moves its due time. */
const SCHEDULE_KEYS = [
  "paused",
  "scheduledAt",
  "updateInterval",
  "baseInterval",
  "cron",
  "timezone",
  "updatedAt",
] as const;
const SCHEDULE_TAGS = ["queue", "repeat", "immediate"];

/**
 * elizaOS-style update (runtime.updateTask goes through here): a patch that changes the
 * tags or schedule metadata (elizaOS plugins pause with `metadata.paused`, reschedule with
 * `scheduledAt` or `updatedAt`) moves the due time the way createTask would set it. An
 * explicit dueAt, or a patch that leaves the schedule alone, is written as given.
 */
export async function updateTask(
  runtime: IAgentRuntime,
  id: UUID,
  patch: Partial<Task>,
): Promise<void> {
  if (patch.dueAt !== undefined || (patch.metadata === undefined && patch.tags === undefined)) {
    return runtime.storage.updateTask(id, patch);
  }
  const current = await runtime.storage.getTask(id);
  if (!current) return;
  const merged: Task = { ...current, ...patch, tags: patch.tags ?? current.tags };
  if (!scheduleChanged(current, merged)) return runtime.storage.updateTask(id, patch);
  const now = runtime.now();
  validateSchedule(merged, now);
  // A one-shot keeps its due time (a reminder's runAt) unless its scheduledAt moved.
  const sameTime = metadataOf(current).scheduledAt === metadataOf(merged).scheduledAt;
  const keep = !isRepeating(merged) && sameTime ? (current.dueAt ?? null) : null;
  await runtime.storage.updateTask(id, {
    ...patch,
    dueAt: initialDueAt({ ...merged, dueAt: keep }, now),
  });
}

function metadataOf(task: Task): Record<string, unknown> {
  return (task.metadata ?? {}) as Record<string, unknown>;
}

function scheduleChanged(before: Task, after: Task): boolean {
  const a = metadataOf(before);
  const b = metadataOf(after);
  return (
    SCHEDULE_KEYS.some((key) => a[key] !== b[key]) ||
    SCHEDULE_TAGS.some((tag) => before.tags.includes(tag) !== after.tags.includes(tag))
  );
}

/**
 * Stops a task from running until resumed. A run in progress finishes, but what it records
 * does not undo the pause (storage's releaseTaskLease lets the pause win).
 */
export async function pauseTask(runtime: IAgentRuntime, id: UUID): Promise<boolean> {
  const task = await runtime.storage.getTask(id);
  if (!task) return false;
  await runtime.storage.updateTask(id, {
    dueAt: null,
    metadata: { ...task.metadata, paused: true },
  });
  return true;
}

/**
 * Resumes a paused task with its failures forgotten: due at `runAt`, else when its schedule
 * says (a one-shot or an overdue repeat task at once, a cron task at its next time).
 */
export async function resumeTask(
  runtime: IAgentRuntime,
  id: UUID,
  runAt?: number,
): Promise<boolean> {
  const task = await runtime.storage.getTask(id);
  if (!task) return false;
  const now = runtime.now();
  const metadata = { ...task.metadata, paused: false, failureCount: 0, lastError: null };
  delete (metadata as { failures?: unknown }).failures;
  let dueAt: number | null;
  try {
    dueAt = runAt ?? initialDueAt({ ...task, dueAt: null, metadata }, now);
  } catch {
    dueAt = now; // a schedule broken since creation: run it and let the run report why
  }
  await runtime.storage.updateTask(id, { dueAt, metadata });
  return true;
}

export async function getTaskStatus(runtime: IAgentRuntime, id: UUID): Promise<TaskStatus | null> {
  const task = await runtime.storage.getTask(id);
  return task ? taskStatusOf({ ...task, id }, runtime.now()) : null;
}

/** A stored task's status at `now`: what getTaskStatus and the tasks API report. */
export function taskStatusOf(task: Task & { id: UUID }, now: number): TaskStatus {
  const meta = (task.metadata ?? {}) as TaskSchedule & { failures?: number };
  const running = !!task.leaseOwner && (task.leaseExpiresAt ?? 0) > now;
  return {
    id: task.id,
    name: task.name,
    task,
    nextRunAt: task.dueAt ?? null,
    paused: meta.paused === true,
    failures: meta.failureCount ?? meta.failures ?? 0,
    lastError: meta.lastError ?? null,
    lastRunAt: meta.lastRunAt ?? null,
    running,
    executing: running,
  };
}
