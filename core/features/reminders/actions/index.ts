// TODO describe core/features/reminders/actions
export { cancelTaskAction } from "./cancel-task.ts";
export { createTaskAction } from "./create-task.ts";
export { remindAction } from "./remind.ts";
export { setTimeZoneAction } from "./set-time-zone.ts";
