import type { Action } from "../../../plugin.ts";
import { scheduleTask } from "../../../tasks/task-service.ts";
import { describeDuration, parseReminder } from "../parse-reminder.ts";
import { quotaRefusal } from "../reminder-limits.ts";
import { REMINDER_TASK } from "../reminder-worker.ts";
import { replyTargetOf } from "../target.ts";

/** "remind me in 10 minutes to stretch": a one-shot task that speaks in this room later. */
export const remindAction: Action = {
  name: "REMIND",
  similes: ["REMINDER", "SET_REMINDER", "FOLLOW_UP", "SCHEDULE_FOLLOW_UP"],
  description:
    "Sets a one-time reminder or follow-up in this conversation, e.g. 'remind me in 10 minutes to stretch'.",
  validate: async (_runtime, message) => parseReminder(message.content.text ?? "")?.kind === "once",
  async handler(runtime, message, _state, _options, callback) {
    const intent = parseReminder(message.content.text ?? "");
    if (intent?.kind !== "once") return { success: false, error: "no reminder time found" };
    const refusal = await quotaRefusal(runtime, message);
    if (refusal) {
      await callback?.({ text: refusal, actions: ["REMIND"] });
      return { success: false, error: "reminder limit reached" };
    }
    const taskId = await scheduleTask(runtime, {
      name: REMINDER_TASK,
      description: intent.what,
      delayMs: intent.delayMs,
      roomId: message.roomId,
      entityId: message.entityId,
      tags: ["reminder"],
      metadata: { text: intent.what, target: replyTargetOf(runtime, message) },
    });
    const when = describeDuration(intent.delayMs);
    await callback?.({
      text: `OK, I'll remind you in ${when}: ${intent.what}.`,
      actions: ["REMIND"],
    });
    return { success: true, data: { taskId }, values: { reminderDelayMs: intent.delayMs } };
  },
};
