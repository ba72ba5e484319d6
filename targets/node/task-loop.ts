// The Node target's "local timer" scheduling mode: the same runDueTasks() the platforms'
// crons call, driven by an interval in this long-lived process. One tick at a time; a slow
// tick is never overlapped. Several agents in one process would share one
// startTaskScheduler() loop instead ("per-daemon" mode).
import { type AgentRuntime, startTaskScheduler } from "../../core/index.ts";

export interface TaskLoop {
  stop(): Promise<void>;
}

export function startTaskLoop(runtime: AgentRuntime, intervalMs: number): TaskLoop {
  return startTaskScheduler([runtime], { intervalMs });
}
