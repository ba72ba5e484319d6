// Creating and steering tasks. Everything that must happen later is a row in storage with a
// due time; nothing here waits on a timer, so it works the same in a Worker, a Lambda and Node.
import type { AgentRuntime } from "../runtime/agent-runtime.ts";
import type { Metadata, Task, UUID } from "../types.ts";
import { randomUuid } from "../uuid.ts";
import { type RunOutcome, runClaimedTask } from "./run-task.ts";
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
  roomId?: UUID;
  worldId?: UUID;
  entityId?: UUID;
  tags?: string[];
  metadata?: Metadata & TaskSchedule;
}

/** Creates a task that the next tick at or after its due time runs. */
export async function scheduleTask(
  runtime: AgentRuntime,
  params: ScheduleTaskParams,
): Promise<UUID> {
  const now = runtime.now();
  const dueAt = params.runAt ?? now + (params.delayMs ?? params.every ?? 0);
  const tags = new Set(["queue", ...(params.tags ?? [])]);
  if (params.every) tags.add("repeat");
  return runtime.storage.createTask({
    name: params.name,
    description: params.description,
    agentId: runtime.agentId,
    roomId: params.roomId,
    worldId: params.worldId,
    entityId: params.entityId,
    tags: [...tags],
    metadata: {
      ...params.metadata,
      ...(params.every ? { updateInterval: params.every } : {}),
      updatedAt: now,
    },
    dueAt,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * elizaOS-style creation: a task tagged "queue" is scheduled (due now, or one interval after
 * `metadata.updatedAt` for a repeat task); other tasks are stored but never run by a tick.
 */
export async function createTask(runtime: AgentRuntime, task: Task): Promise<UUID> {
  const now = runtime.now();
  const meta = (task.metadata ?? {}) as TaskSchedule & { updatedAt?: number };
  let dueAt = task.dueAt ?? null;
  if (dueAt === null && task.tags.includes("queue")) {
    dueAt =
      task.tags.includes("repeat") && meta.updateInterval
        ? (meta.updatedAt ?? now) + meta.updateInterval
        : now;
  }
  return runtime.storage.createTask({ agentId: runtime.agentId, ...task, dueAt, createdAt: now });
}

/** Stops a task from running until resumed; a run in progress finishes. */
export async function pauseTask(runtime: AgentRuntime, id: UUID): Promise<boolean> {
  const task = await runtime.storage.getTask(id);
  if (!task) return false;
  await runtime.storage.updateTask(id, {
    dueAt: null,
    metadata: { ...task.metadata, paused: true },
  });
  return true;
}

/** Resumes a paused task: due now, failures forgotten. */
export async function resumeTask(
  runtime: AgentRuntime,
  id: UUID,
  runAt?: number,
): Promise<boolean> {
  const task = await runtime.storage.getTask(id);
  if (!task) return false;
  await runtime.storage.updateTask(id, {
    dueAt: runAt ?? runtime.now(),
    metadata: { ...task.metadata, paused: false, failures: 0, lastError: null },
  });
  return true;
}

export async function getTaskStatus(runtime: AgentRuntime, id: UUID): Promise<TaskStatus | null> {
  const task = await runtime.storage.getTask(id);
  if (!task) return null;
  const meta = (task.metadata ?? {}) as TaskSchedule;
  const now = runtime.now();
  return {
    id,
    name: task.name,
    nextRunAt: task.dueAt ?? null,
    paused: meta.paused === true,
    failures: meta.failures ?? 0,
    lastError: meta.lastError ?? null,
    lastRunAt: meta.lastRunAt ?? null,
    running: !!task.leaseOwner && (task.leaseExpiresAt ?? 0) > now,
  };
}

/**
 * Runs a task now, whatever its due time, holding a lease for the run so a concurrent tick
 * leaves it alone. A repeat task keeps its schedule. Null when there is no such task; an error
 * when it is running elsewhere.
 */
export async function executeTaskById(
  runtime: AgentRuntime,
  id: UUID,
  leaseMs = 5 * 60_000,
): Promise<RunOutcome | null> {
  const task = await runtime.storage.getTask(id);
  if (!task) return null;
  const now = runtime.now();
  if (task.leaseOwner && (task.leaseExpiresAt ?? 0) > now) {
    throw new Error(`task ${id} is running in another tick`);
  }
  const owner = `manual:${randomUuid()}`;
  await runtime.storage.updateTask(id, { leaseOwner: owner, leaseExpiresAt: now + leaseMs });
  return runClaimedTask(runtime, { ...task, id, dueAt: task.dueAt ?? now }, owner, now);
}
