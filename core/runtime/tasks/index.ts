// Task rows: their due time from elizaOS's fields, cron, backoff, and steering them.
export { nextCronRun, parseCron, TaskScheduleError } from "./cron.ts";
export { initialDueAt, isRepeating, nextDueAt, scheduledAtMs } from "./due-time.ts";
export { backoffDelay, DEFAULT_BACKOFF_MS, nextFailure, nextOccurrence } from "./schedule.ts";
export {
  createTask,
  getTaskStatus,
  pauseTask,
  resumeTask,
  type ScheduleTaskParams,
  scheduleTask,
  taskStatusOf,
  updateTask,
} from "./task-rows.ts";
export type { TaskSchedule, TaskStatus } from "./types.ts";
