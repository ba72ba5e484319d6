// Later work the agent can be asked for: one-shot reminders, recurring reminders, cancelling
// them, the user's time zone for their times; plus the inbox worker that answers webhook messages in the background.

import { inboxWorker } from "../../pipeline/index.ts";
import type { Plugin } from "../../runtime/index.ts";
import {
  cancelTaskAction,
  createTaskAction,
  remindAction,
  setTimeZoneAction,
} from "./actions/index.ts";
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
