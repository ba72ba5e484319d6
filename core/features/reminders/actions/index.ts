// The reminders plugin's actions: REMIND, CREATE_TASK, CANCEL_TASK, SET_TIME_ZONE.
export { cancelTaskAction } from "./cancel-task.ts";
export { createTaskAction } from "./create-task.ts";
export { remindAction } from "./remind.ts";
export { setTimeZoneAction } from "./set-time-zone.ts";
