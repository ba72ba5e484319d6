// elizaOS's task service (`runtime.getService("task")`, ServiceType.TASK), over eliza-edge's
// leased scheduler. elizaOS's own TaskService polls `queue` tasks on a one-second timer and
// runs them outside any lease; this one answers the same methods, and its ticks are
// runDueTasks(): called by the platform's cron on serverless, by a timer otherwise.

import type { Task, UUID } from "../../kernel/index.ts";
import {
  getTaskStatus,
  type IAgentRuntime,
  pauseTask,
  resumeTask,
  type Service,
  TASK_SERVICE_TYPE,
  type TaskStatus,
} from "../../runtime/index.ts";
import { runDueTasks } from "./run-due-tasks.ts";
import { executeTaskById, type RunOutcome } from "./run-task.ts";
import { startTaskScheduler, type TaskScheduler } from "./scheduler.ts";
import type { RunDueTasksOptions, TickReport } from "./types.ts";

/** The local timer's default tick; elizaOS polls every second, a minute suits a platform. */
const DEFAULT_TIMER_MS = 60_000;

/** getTaskStatus for an id with no task: elizaOS's shape. */
export interface MissingTaskStatus {
  task: null;
  paused: false;
  executing: false;
}

export class TaskService implements Service {
  static readonly serviceType = TASK_SERVICE_TYPE;
  readonly capabilityDescription =
    "Runs due tasks from runDueTasks() (platform cron or timer), each leased so it runs once";
  private timer: TaskScheduler | undefined;

  constructor(readonly runtime: IAgentRuntime) {}

  static async start(runtime: IAgentRuntime): Promise<TaskService> {
    return new TaskService(runtime);
  }

  /**
   * The "local timer" mode: ticks this agent every `intervalMs` (default 1 min). A no-op on a
   * serverless runtime, whose host calls runDueTasks(); elizaOS's startTimer does the same.
   */
  startTimer(intervalMs = DEFAULT_TIMER_MS): void {
    if (this.runtime.serverless || this.timer) return;
    this.timer = startTaskScheduler([this.runtime], { intervalMs });
  }

  /** Stops the local timer, if any; a tick in progress finishes first. */
  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = undefined;
    await timer?.stop();
  }

  /**
   * elizaOS's hint that tasks changed so the next poll re-reads them. Every tick here asks
   * storage what is due (one indexed claim), so there is nothing cached to invalidate.
   */
  markDirty(): void {}

  /** One tick for this agent: what the serverless host calls from its cron. */
  runDueTasks(options?: RunDueTasksOptions): Promise<TickReport> {
    return runDueTasks(this.runtime, options);
  }

  /** Runs the task now, under a lease; a repeat task keeps its schedule. Throws if unknown. */
  async executeTaskById(taskId: UUID): Promise<RunOutcome> {
    const outcome = await executeTaskById(this.runtime, taskId);
    if (outcome === null) throw new Error(`Task ${taskId} not found`);
    return outcome;
  }

  /** No tick runs the task until resumed; a run in progress cannot undo it. Throws if unknown. */
  async pauseTask(taskId: UUID): Promise<void> {
    if (!(await pauseTask(this.runtime, taskId))) throw new Error(`Task ${taskId} not found`);
  }

  /** Unpauses (failures forgotten); with runImmediately, runs it once now. Throws if unknown. */
  async resumeTask(taskId: UUID, runImmediately?: boolean): Promise<void> {
    if (!(await resumeTask(this.runtime, taskId))) throw new Error(`Task ${taskId} not found`);
    if (runImmediately) await this.executeTaskById(taskId);
  }

  /** nextRunAt, lastError, failures, paused, executing; elizaOS's `{ task: null }` if unknown. */
  async getTaskStatus(taskId: UUID): Promise<TaskStatus | MissingTaskStatus> {
    return (
      (await getTaskStatus(this.runtime, taskId)) ?? { task: null, paused: false, executing: false }
    );
  }

  /** elizaOS's daemon hook: runs these tasks' due ones now (a tick over this agent). */
  async runTick(_tasks?: Task[]): Promise<void> {
    await runDueTasks(this.runtime);
  }
}
