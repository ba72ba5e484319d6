import type { Content, Task, UUID } from "../../kernel/types/domain.ts";
import type { IAgentRuntime } from "../contract/plugin-api.ts";

/** elizaOS's TaskWorker: the code a task of this name runs. */
export interface TaskWorker {
  name: string;
  /** Checked before each run; false skips this occurrence (a repeat task moves to its next). */
  validate?(runtime: IAgentRuntime, task: Task): Promise<boolean>;
  /** elizaOS's newer name for the same check; used when present. */
  shouldRun?(runtime: IAgentRuntime, task: Task): Promise<boolean>;
  execute(runtime: IAgentRuntime, options: Record<string, unknown>, task: Task): Promise<void>;
  /**
   * eliza-edge: false when an execution is not a run of its own in the run log, because the
   * work it carries records itself (the inbox worker's message turn). Default true.
   */
  runLog?: boolean;
}

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

export interface RunDueTasksOptions {
  /** The clock for due times; default runtime.now(). */
  now?: number;
  /** At most this many task runs in this tick; default 100. */
  limit?: number;
  /** Stop claiming new work after this long; default 25 s (a Worker's waitUntil is 30 s). */
  budgetMs?: number;
  /** How long a claimed task is ours; a tick that dies leaves it free after this. Default 5 min. */
  leaseMs?: number;
  /** Runs at once within the tick; default 4. */
  concurrency?: number;
  /** Tasks leased per claim (one round trip); default 25. */
  claimBatch?: number;
  /**
   * The platform's id for this trigger (Cloudflare scheduledTime, EventBridge time, a
   * Schedules execution id). A second delivery of the same occurrence runs nothing.
   */
  occurrence?: string;
  /** Wall clock for the budget; default Date.now (tests inject one). */
  elapsedClock?: () => number;
  /**
   * Expired dedupe claims and cache entries deleted per tick, at most this many of each
   * (storage.sweepExpired); default 500, `0` turns the sweep off.
   */
  sweepLimit?: number;
}

export interface TickReport {
  ran: number;
  succeeded: number;
  failed: number;
  /** Claimed but not run: no worker registered, or validate said no. */
  skipped: number;
  /** Tasks that reached maxFailures in this tick and were paused. */
  paused: number;
  /** Due tasks this tick saw but left for the next one (budget or limit reached). */
  remaining: number;
  /** The tick stopped on its limit or budget: more may be due, tick again. */
  more: boolean;
  /** The occurrence had already run: nothing was done. */
  duplicate: boolean;
  /** Expired claims and cache entries this tick deleted (0 where the backend's TTL does it). */
  swept: number;
  /** The agent's log rows older than LOG_RETENTION_DAYS this tick deleted. */
  sweptLogs: number;
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

/** Where a message goes when the agent speaks first (a reminder) or later (an inbox reply). */
export interface SendTarget {
  source: string;
  roomId: UUID;
  channelId?: string;
  serverId?: string;
  entityId?: UUID;
  /** Connector-specific routing (a Telegram message to reply to, a Discord token). */
  [key: string]: unknown;
}

export type SendHandler = (
  runtime: IAgentRuntime,
  target: SendTarget,
  content: Content,
) => Promise<void>;
