// The two timer-driven scheduling modes, for long-lived processes only (the Node target).
// On serverless (`serverless: true`, the default of the Worker, Lambda and Vercel targets)
// nothing here runs: the platform's cron calls runDueTasks(). Both modes call that same
// runDueTasks(), so leases and occurrence dedupe hold across them.
// - local timer: one interval per agent (TaskService.startTimer, or the Node target's loop);
// - per-daemon: one interval for several agents (startTaskScheduler), each ticked in turn.
import { describeError } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { runDueTasks } from "./run-due-tasks.ts";
import type { RunDueTasksOptions } from "./types.ts";

export interface TaskScheduler {
  /** Adds an agent to the loop (idempotent); its next tick includes it. */
  add(runtime: IAgentRuntime): void;
  remove(runtime: IAgentRuntime): void;
  /** Clears the interval and waits for a tick in progress. */
  stop(): Promise<void>;
}

export interface TaskSchedulerOptions {
  /** Between tick starts; a slow tick is never overlapped, the next one is skipped. */
  intervalMs: number;
  /** Passed to every runDueTasks(). */
  tick?: RunDueTasksOptions;
}

/**
 * One loop for several agents ("per-daemon" mode). A serverless runtime is refused: its host
 * already ticks it, and a timer would be frozen with the isolate anyway.
 */
export function startTaskScheduler(
  runtimes: IAgentRuntime[],
  options: TaskSchedulerOptions,
): TaskScheduler {
  if (!(options.intervalMs > 0)) {
    throw new Error(`task scheduler interval must be positive, got ${options.intervalMs}`);
  }
  const agents = new Set<IAgentRuntime>();
  const add = (runtime: IAgentRuntime) => {
    if (runtime.serverless) {
      throw new Error(
        `agent ${runtime.character.name} is serverless: its platform's cron runs its tasks`,
      );
    }
    agents.add(runtime);
  };
  runtimes.forEach(add);
  let current: Promise<unknown> | undefined;
  const tickAll = async () => {
    for (const runtime of [...agents]) {
      try {
        await runDueTasks(runtime, options.tick);
      } catch (error) {
        runtime.logger.error("task tick failed", { error: describeError(error) });
      }
    }
  };
  const timer = setInterval(() => {
    if (current) return;
    current = tickAll().finally(() => {
      current = undefined;
    });
  }, options.intervalMs);
  return {
    add,
    remove: (runtime) => void agents.delete(runtime),
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
