// The task tick (runDueTasks), the timer modes for long-lived processes, the durable inbox,
// elizaOS's task service, and the door every platform message comes through.
export { acceptWithLimits, type WebhookAcceptance } from "./accept-with-limits.ts";
export {
  type Acceptance,
  acceptInbound,
  INBOX_TASK,
  type InboundMessage,
  type InboxOptions,
  inboxWorker,
} from "./inbox.ts";
export { runDueTasks } from "./run-due-tasks.ts";
export { executeTaskById, type RunOutcome } from "./run-task.ts";
export { startTaskScheduler, type TaskScheduler, type TaskSchedulerOptions } from "./scheduler.ts";
export { type MissingTaskStatus, TaskService } from "./task-service.ts";
export type { RunDueTasksOptions, TickReport } from "./types.ts";
