// Autonomy on serverless: elizaOS's AutonomyService (service type "AUTONOMY", task
// AUTONOMY_THINK) without its timer. One repeat task per agent, with a fixed id so cold
// starts in many isolates never make two, drives the steps; the task system decides when,
// every tick that finds it due runs the worker, and the worker spends the step budgets.

import { createUniqueUuid, describeError, StorageError, type UUID } from "../../kernel/index.ts";
import {
  createTask,
  type IAgentRuntime,
  ServiceBase,
  type TaskWorker,
} from "../../runtime/index.ts";
import { takeDailyStep } from "./budget.ts";
import { clampInterval, readAutonomySettings } from "./settings.ts";
import { autonomyPlace, runAutonomousStep } from "./step.ts";

export const AUTONOMY_SERVICE_TYPE = "AUTONOMY";
export const AUTONOMY_TASK_NAME = "AUTONOMY_THINK";
export const AUTONOMY_TASK_TAGS = ["queue", "repeat", "autonomy", "internal"];

/** elizaOS's AutonomyStatus. */
export interface AutonomyStatus {
  enabled: boolean;
  running: boolean;
  thinking: boolean;
  interval: number;
  autonomousRoomId: UUID;
}

/** What one run of the autonomy task did. */
export interface AutonomyRunReport {
  steps: number;
  /** The day's budget stopped the run. */
  budgetSpent: boolean;
}

export function autonomyTaskId(runtime: IAgentRuntime): UUID {
  return createUniqueUuid(runtime, "autonomy-task");
}

/** Runs up to AUTONOMY_MAX_STEPS_PER_TICK steps, each first taken from the day's budget. */
export async function runAutonomy(runtime: IAgentRuntime): Promise<AutonomyRunReport> {
  const settings = readAutonomySettings(runtime);
  let steps = 0;
  while (steps < settings.maxStepsPerTick) {
    if (!(await takeDailyStep(runtime, settings.maxStepsPerDay))) {
      runtime.logger.info(
        `autonomy: the day's ${settings.maxStepsPerDay} steps are spent (AUTONOMY_MAX_STEPS_PER_DAY)`,
      );
      return { steps, budgetSpent: true };
    }
    await runAutonomousStep(runtime);
    steps++;
  }
  return { steps, budgetSpent: false };
}

export const autonomyWorker: TaskWorker = {
  name: AUTONOMY_TASK_NAME,
  async execute(runtime, _options, task) {
    // Autonomy turned off (setting removed, disableAutonomy elsewhere): the task goes too.
    if (!runtime.enableAutonomy) {
      if (task.id) await runtime.storage.deleteTask(task.id);
      return;
    }
    await runAutonomy(runtime);
  },
};

/** Creates the autonomy task, or brings an existing one's interval up to date. */
export async function ensureAutonomyTask(
  runtime: IAgentRuntime,
  intervalMs: number,
): Promise<void> {
  const id = autonomyTaskId(runtime);
  const existing = await runtime.storage.getTask(id);
  if (existing) {
    const meta = existing.metadata;
    if (meta?.updateInterval !== intervalMs || meta?.maxFailures !== -1) {
      await runtime.storage.updateTask(id, {
        metadata: { ...meta, updateInterval: intervalMs, maxFailures: -1 },
      });
    }
    return;
  }
  const place = autonomyPlace(runtime);
  try {
    await createTask(runtime, {
      id,
      name: AUTONOMY_TASK_NAME,
      description: `Autonomous steps for agent ${runtime.agentId}`,
      agentId: runtime.agentId,
      roomId: place.roomId,
      worldId: place.worldId,
      tags: [...AUTONOMY_TASK_TAGS],
      // A model outage must not switch autonomy off for good (the default pauses a task after
      // 5 failures, and nothing resumes it); the daily step budget bounds what retries cost.
      metadata: { updateInterval: intervalMs, updatedAt: runtime.now(), maxFailures: -1 },
    });
  } catch (error) {
    // Another isolate's cold start created it first: the same task, nothing to do.
    if (!(error instanceof StorageError && error.code === "CONFLICT")) throw error;
  }
}

export class AutonomyService extends ServiceBase {
  static override serviceType = AUTONOMY_SERVICE_TYPE;
  static serviceName = "Autonomy";
  override capabilityDescription =
    "Autonomous steps on scheduler ticks, in the agent's own room, within a step budget";
  private intervalMs: number;
  private thinking = false;

  constructor(runtime?: IAgentRuntime) {
    super(runtime);
    this.intervalMs = runtime ? readAutonomySettings(runtime).intervalMs : 30_000;
  }

  static override async start(runtime: IAgentRuntime): Promise<AutonomyService> {
    const service = new AutonomyService(runtime);
    if (runtime.enableAutonomy) await ensureAutonomyTask(runtime, service.intervalMs);
    return service;
  }

  async enableAutonomy(): Promise<void> {
    this.runtime.enableAutonomy = true;
    await ensureAutonomyTask(this.runtime, this.intervalMs);
  }

  async disableAutonomy(): Promise<void> {
    this.runtime.enableAutonomy = false;
    await this.runtime.storage.deleteTask(autonomyTaskId(this.runtime));
  }

  /** elizaOS's legacy names. */
  startLoop(): Promise<void> {
    return this.enableAutonomy();
  }
  stopLoop(): Promise<void> {
    return this.disableAutonomy();
  }

  isLoopRunning(): boolean {
    return this.runtime.enableAutonomy;
  }

  getLoopInterval(): number {
    return this.intervalMs;
  }

  /** Sets the interval (5 s to a day); the task follows from its next run. */
  async setLoopInterval(ms: number): Promise<void> {
    this.intervalMs = clampInterval(ms);
    if (this.runtime.enableAutonomy) await ensureAutonomyTask(this.runtime, this.intervalMs);
  }

  getAutonomousRoomId(): UUID {
    return autonomyPlace(this.runtime).roomId;
  }

  /** One step now, within the day's budget; false when already thinking, spent, or failed. */
  async triggerThinkNow(): Promise<boolean> {
    if (this.thinking) return false;
    this.thinking = true;
    try {
      const settings = readAutonomySettings(this.runtime);
      if (!(await takeDailyStep(this.runtime, settings.maxStepsPerDay))) return false;
      await runAutonomousStep(this.runtime);
      return true;
    } catch (error) {
      this.runtime.logger.error("autonomy: step failed", { error: describeError(error) });
      return false;
    } finally {
      this.thinking = false;
    }
  }

  getStatus(): AutonomyStatus {
    return {
      enabled: this.runtime.enableAutonomy,
      running: this.runtime.enableAutonomy,
      thinking: this.thinking,
      interval: this.intervalMs,
      autonomousRoomId: this.getAutonomousRoomId(),
    };
  }

  /**
   * Keeps the task: on serverless an isolate or function instance ending is not the agent
   * stopping (elizaOS deletes it here). disableAutonomy() removes it.
   */
  override async stop(): Promise<void> {}
}
