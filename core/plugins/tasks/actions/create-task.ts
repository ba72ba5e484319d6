import type { Action } from "../../../plugin.ts";
import { scheduleTask } from "../../../tasks/task-service.ts";
import { describeDuration, parseReminder } from "../parse-reminder.ts";
import { intervalRefusal, quotaRefusal } from "../reminder-limits.ts";
import { REMINDER_TASK } from "../reminder-worker.ts";
import { replyTargetOf } from "../target.ts";

/** Recurring work: "every day remind me to drink water" repeats until cancelled. */
export const createTaskAction: Action = {
  name: "CREATE_TASK",
  similes: ["RECURRING_REMINDER", "SCHEDULE_TASK", "REPEAT_REMINDER"],
  description:
    "Creates a recurring task in this conversation, e.g. 'every 2 hours remind me to stand up'.",
  validate: async (_runtime, message) =>
    parseReminder(message.content.text ?? "")?.kind === "every",
  async handler(runtime, message, _state, _options, callback) {
    const intent = parseReminder(message.content.text ?? "");
    if (intent?.kind !== "every") return { success: false, error: "no repeat interval found" };
    const refusal =
      intervalRefusal(runtime, intent.intervalMs) ?? (await quotaRefusal(runtime, message));
    if (refusal) {
      await callback?.({ text: refusal, actions: ["CREATE_TASK"] });
      return { success: false, error: "reminder limit reached" };
    }
    const taskId = await scheduleTask(runtime, {
      name: REMINDER_TASK,
      description: intent.what,
      every: intent.intervalMs,
      roomId: message.roomId,
      entityId: message.entityId,
      tags: ["reminder"],
      metadata: { text: intent.what, target: replyTargetOf(runtime, message) },
    });
    const every = describeDuration(intent.intervalMs).replace(/^1 /, "");
    await callback?.({
      text: `OK, every ${every} I'll remind you: ${intent.what}. Say "cancel my reminders" to stop.`,
      actions: ["CREATE_TASK"],
    });
    return { success: true, data: { taskId } };
  },
};
