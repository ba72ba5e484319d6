// Non-serverless mode: the same runDueTasks() the platforms' crons call, driven by an
// interval in this long-lived process. One tick at a time; a slow tick is never overlapped.
import { type AgentRuntime, describeError, runDueTasks } from "../../core/index.ts";

export interface TaskLoop {
  stop(): Promise<void>;
}

export function startTaskLoop(runtime: AgentRuntime, intervalMs: number): TaskLoop {
  let current: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (current) return;
    current = runDueTasks(runtime)
      .catch((error) => runtime.logger.error("task tick failed", { error: describeError(error) }))
      .finally(() => {
        current = undefined;
      });
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
