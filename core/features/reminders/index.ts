// Later work the agent can be asked for: one-shot reminders, recurring reminders, cancelling
// them, the user's time zone for their times; plus the inbox worker that answers webhook messages in the background.

import { inboxWorker } from "../../pipeline/tasks/inbox.ts";
import type { Plugin } from "../../runtime/contract/plugin-api.ts";
import { cancelTaskAction } from "./actions/cancel-task.ts";
import { createTaskAction } from "./actions/create-task.ts";
import { remindAction } from "./actions/remind.ts";
import { setTimeZoneAction } from "./actions/set-time-zone.ts";
import { reminderWorker } from "./reminder-worker.ts";
import { tasksProvider } from "./tasks-provider.ts";

export { parseReminder, type ReminderIntent } from "./parse-reminder.ts";
export { REMINDER_TASK } from "./reminder-worker.ts";

export const tasksPlugin: Plugin = {
  name: "tasks",
  description: "Reminders, recurring tasks and the webhook inbox",
  actions: [remindAction, createTaskAction, cancelTaskAction, setTimeZoneAction],
  providers: [tasksProvider],
  taskWorkers: [reminderWorker, inboxWorker],
};
