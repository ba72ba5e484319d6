import type { Action } from "../../../plugin.ts";
import { parseReminder } from "../parse-reminder.ts";

/** "cancel my reminders" / "cancel the reminder about water": removes this room's reminders. */
export const cancelTaskAction: Action = {
  name: "CANCEL_TASK",
  similes: ["CANCEL_REMINDER", "STOP_REMINDERS", "DELETE_TASK"],
  description: "Cancels reminders and recurring tasks in this conversation, all or those matching.",
  validate: async (_runtime, message) =>
    parseReminder(message.content.text ?? "")?.kind === "cancel",
  async handler(runtime, message, _state, _options, callback) {
    const intent = parseReminder(message.content.text ?? "");
    const what = intent?.kind === "cancel" ? intent.what.toLowerCase() : "";
    const tasks = await runtime.storage.getTasks({ roomId: message.roomId, tags: ["reminder"] });
    const matching = tasks.filter(
      (t) =>
        !what ||
        String(t.metadata?.text ?? t.description ?? "")
          .toLowerCase()
          .includes(what),
    );
    await Promise.all(matching.map((t) => (t.id ? runtime.storage.deleteTask(t.id) : undefined)));
    const text =
      matching.length === 0
        ? "There were no reminders to cancel."
        : `Cancelled ${matching.length} reminder${matching.length === 1 ? "" : "s"}.`;
    await callback({ text, actions: ["CANCEL_TASK"] });
    return { success: true, values: { cancelled: matching.length } };
  },
};
