// How elizaOS's task fields become the one due time the scheduler claims by (`dueAt`).
// elizaOS's TaskService reads them on every poll; here they are read when a task is created
// or changed and after each run, so a tick only asks storage "what is due now".
import type { Metadata, Task } from "../../kernel/index.ts";
import { nextCronRun, parseCron, TaskScheduleError } from "./cron.ts";
import { nextOccurrence } from "./schedule.ts";
import type { TaskSchedule } from "./types.ts";

/** metadata.scheduledAt as ms: a number of ms since epoch or an ISO 8601 string. */
export function scheduledAtMs(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string") {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return ms;
  }
  throw new TaskScheduleError(
    `metadata.scheduledAt must be ms since epoch or an ISO 8601 date, got ${JSON.stringify(value)}`,
  );
}

function meta(task: Pick<Task, "metadata">): TaskSchedule & Metadata {
  return (task.metadata ?? {}) as TaskSchedule & Metadata;
}

/** A task that keeps running: tagged "repeat", or carrying a cron expression. */
export function isRepeating(task: Pick<Task, "tags" | "metadata">): boolean {
  return task.tags.includes("repeat") || hasCron(task);
}

function hasCron(task: Pick<Task, "metadata">): boolean {
  const cron = meta(task).cron;
  return cron !== undefined && cron !== null;
}

/** updateInterval, else baseInterval (elizaOS's backoff keeps the original there); 0 if none. */
export function repeatInterval(task: Pick<Task, "metadata">): number {
  const m = meta(task);
  for (const key of ["updateInterval", "baseInterval"] as const) {
    const value = m[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
      throw new TaskScheduleError(
        `metadata.${key} must be a positive number of ms, got ${JSON.stringify(value)}`,
      );
    }
    return value;
  }
  return 0;
}

/**
 * Rejects schedule fields no tick could honour (a bad cron expression or time zone, an
 * unparseable scheduledAt, a non-positive interval), so the mistake surfaces at create time.
 */
export function validateSchedule(task: Pick<Task, "tags" | "metadata">, now: number): void {
  const m = meta(task);
  scheduledAtMs(m.scheduledAt);
  repeatInterval(task);
  if (hasCron(task) && nextCronRun(m.cron, m.timezone, now) === null) {
    throw new TaskScheduleError(`metadata.cron "${String(m.cron)}" never fires`);
  }
  if (!hasCron(task) && m.timezone !== undefined) parseCron("* * * * *", m.timezone);
}

/**
 * When a newly created (or resumed) task is first due, elizaOS's way: only `queue` tasks are
 * polled; a paused task waits for resume; an explicit dueAt wins; a cron task is due at its
 * next occurrence; a repeat task one interval after metadata.updatedAt (its last run; now
 * when absent), or at once when tagged `immediate`; a one-shot at metadata.scheduledAt or now.
 */
export function initialDueAt(task: Task, now: number): number | null {
  const m = meta(task);
  if (!task.tags.includes("queue") || m.paused === true) return null;
  if (typeof task.dueAt === "number") return task.dueAt;
  if (hasCron(task)) return nextCronRun(m.cron, m.timezone, now - 1);
  if (task.tags.includes("repeat")) {
    if (task.tags.includes("immediate")) return now;
    const interval = repeatInterval(task);
    const last = typeof m.updatedAt === "number" ? m.updatedAt : now;
    return interval > 0 ? last + interval : now;
  }
  return scheduledAtMs(m.scheduledAt) ?? now;
}

/**
 * The next due time of a repeat task after the occurrence `dueAt` ran at `now`. Interval
 * tasks count from the occurrence, never from now, so early or late ticks do not shift the
 * schedule, and missed occurrences collapse into one run. A cron task takes its first
 * occurrence after now. A repeat task without interval or cron runs on every tick (as in
 * elizaOS 1.x, where it ran on every poll). A run ahead of its due time keeps that time.
 */
export function nextDueAt(task: Task, dueAt: number, now: number): number | null {
  if (dueAt > now) return dueAt;
  const m = meta(task);
  if (hasCron(task)) return nextCronRun(m.cron, m.timezone, now);
  const interval = repeatInterval(task);
  return interval > 0 ? nextOccurrence(dueAt, interval, now) : now + 1;
}
