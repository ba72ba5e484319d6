import { type Action, scheduleTask } from "../../../runtime/index.ts";
import { describeDuration, parseReminder } from "../parse-reminder.ts";
import { quotaRefusal } from "../reminder-limits.ts";
import { REMINDER_TASK } from "../reminder-worker.ts";
import { replyTargetOf } from "../target.ts";
import { describeLocalTime } from "../time-zone.ts";
import { userTimeZone } from "../user-time-zone.ts";

const HOUR = 3_600_000;

/**
 * "remind me in 10 minutes to stretch", "remind me tomorrow at 9am to call mom": a one-shot
 * task that speaks in this room later. Clock times are read in the user's time zone, and the
 * confirmation says the resolved local time.
 */
export const remindAction: Action = {
  name: "REMIND",
  similes: ["REMINDER", "SET_REMINDER", "FOLLOW_UP", "SCHEDULE_FOLLOW_UP"],
  description:
    "Sets a one-time reminder or follow-up in this conversation, e.g. 'remind me in 10 minutes to stretch' or 'remind me tomorrow at 9am to call mom'.",
  validate: async (runtime, message) =>
    (await parseReminder(message.content.text ?? "", { now: runtime.now() }))?.kind === "once",
  async handler(runtime, message, _state, _options, callback) {
    const now = runtime.now();
    const timeZone = await userTimeZone(runtime, message.entityId);
    const intent = await parseReminder(message.content.text ?? "", { now, timeZone });
    if (intent?.kind !== "once") return { success: false, error: "no reminder time found" };
    const refusal = await quotaRefusal(runtime, message);
    if (refusal) {
      await callback?.({ text: refusal, actions: ["REMIND"] });
      return { success: false, error: "reminder limit reached" };
    }
    const runAt = intent.at ?? now + intent.delayMs;
    const taskId = await scheduleTask(runtime, {
      name: REMINDER_TASK,
      description: intent.what,
      runAt,
      roomId: message.roomId,
      entityId: message.entityId,
      tags: ["reminder"],
      metadata: { text: intent.what, target: replyTargetOf(runtime, message), timezone: timeZone },
    });
    // "in 10 minutes" needs no clock; "tomorrow at 9am" or "in 3 hours" says which 9am it is.
    const when =
      intent.at !== undefined
        ? describeLocalTime(runAt, timeZone, now)
        : intent.delayMs >= HOUR
          ? `in ${describeDuration(intent.delayMs)}, ${describeLocalTime(runAt, timeZone, now)}`
          : `in ${describeDuration(intent.delayMs)}`;
    await callback?.({ text: `OK, I'll remind you ${when}: ${intent.what}.`, actions: ["REMIND"] });
    return {
      success: true,
      data: { taskId },
      values: { reminderDelayMs: runAt - now, reminderAt: runAt, timeZone },
    };
  },
};
