import { type Action, scheduleTask } from "../../../runtime/index.ts";
import { describeDuration, parseReminder } from "../parse-reminder.ts";
import { intervalRefusal, quotaRefusal } from "../reminder-limits.ts";
import { REMINDER_TASK } from "../reminder-worker.ts";
import { replyTargetOf } from "../target.ts";
import { describeTimeOfDay } from "../time-zone.ts";
import { userTimeZone } from "../user-time-zone.ts";

/**
 * Recurring work: "every 2 hours remind me to stand up" repeats at an interval; "every weekday
 * at 8am remind me to take pills" is a cron schedule in the user's time zone. Both repeat
 * until cancelled.
 */
export const createTaskAction: Action = {
  name: "CREATE_TASK",
  similes: ["RECURRING_REMINDER", "SCHEDULE_TASK", "REPEAT_REMINDER"],
  description:
    "Creates a recurring reminder in this conversation, e.g. 'every 2 hours remind me to stand up' or 'every weekday at 8am remind me to take pills'.",
  validate: async (runtime, message) =>
    (await parseReminder(message.content.text ?? "", { now: runtime.now() }))?.kind === "every",
  async handler(runtime, message, _state, _options, callback) {
    const intent = await parseReminder(message.content.text ?? "", { now: runtime.now() });
    if (intent?.kind !== "every") return { success: false, error: "no repeat interval found" };
    const refusal =
      ("intervalMs" in intent ? intervalRefusal(runtime, intent.intervalMs) : undefined) ??
      (await quotaRefusal(runtime, message));
    if (refusal) {
      await callback?.({ text: refusal, actions: ["CREATE_TASK"] });
      return { success: false, error: "reminder limit reached" };
    }
    const target = replyTargetOf(runtime, message);
    const common = {
      name: REMINDER_TASK,
      description: intent.what,
      roomId: message.roomId,
      entityId: message.entityId,
      tags: ["reminder"],
    };
    let taskId: string;
    let when: string;
    if ("cron" in intent) {
      const timezone = await userTimeZone(runtime, message.entityId);
      taskId = await scheduleTask(runtime, {
        ...common,
        cron: intent.cron,
        timezone,
        metadata: { text: intent.what, target },
      });
      when = `${intent.days} at ${describeTimeOfDay(intent.hour, intent.minute, timezone)}`;
    } else {
      taskId = await scheduleTask(runtime, {
        ...common,
        every: intent.intervalMs,
        metadata: { text: intent.what, target },
      });
      when = `every ${describeDuration(intent.intervalMs).replace(/^1 /, "")}`;
    }
    await callback?.({
      text: `OK, ${when} I'll remind you: ${intent.what}. Say "cancel my reminders" to stop.`,
      actions: ["CREATE_TASK"],
    });
    return { success: true, data: { taskId } };
  },
};
