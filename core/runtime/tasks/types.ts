// What a task row carries for the scheduler (its metadata) and what getTaskStatus reports.
import type { Task, UUID } from "../../kernel/index.ts";

/**
 * Task metadata keys the scheduler reads and writes, under elizaOS's names (README "Task
 * metadata"). Only tasks tagged "queue" are run by ticks.
 */
export interface TaskSchedule {
  /** One-shot tasks: first run, ms since epoch or an ISO 8601 string; default now. */
  scheduledAt?: number | string;
  /** Repeat every this many ms (tasks tagged "repeat"). */
  updateInterval?: number;
  /** Repeat interval when updateInterval is absent (elizaOS keeps the original cadence here). */
  baseInterval?: number;
  /** Five-field cron expression instead of an interval; the task repeats at its times. */
  cron?: string;
  /** IANA time zone the cron expression is read in; default UTC. */
  timezone?: string;
  /** Repeat tasks: the last run, ms (written after each run; a new task's first run counts from it). */
  updatedAt?: number;
  /** Failures in a row before the task pauses; default 5, 0 or less (-1) = never pause. */
  maxFailures?: number;
  /** First retry delay after a failure; doubles each time up to an hour. Default 10 s. */
  backoffMs?: number;
  /** Failures in a row (elizaOS's name); reset by a success or resume. */
  failureCount?: number;
  lastError?: string | null;
  lastRunAt?: number;
  /** Set by pauseTask or at maxFailures; a paused task is not run until resumed. */
  paused?: boolean;
}

/**
 * What getTaskStatus reports. `task`, `paused`, `executing`, `nextRunAt` and `lastError` are
 * elizaOS's TaskRunStatus; the rest is ours.
 */
export interface TaskStatus {
  id: UUID;
  name: string;
  task: Task;
  /** The time a tick will run it, ms; null when paused or not a queue task. */
  nextRunAt: number | null;
  paused: boolean;
  failures: number;
  lastError: string | null;
  lastRunAt: number | null;
  /** A tick (or executeTaskById) holds its lease right now. */
  running: boolean;
  /** elizaOS's name for `running`. */
  executing: boolean;
}
