import { ChannelType } from "../../../kernel/index.ts";
import type { Action } from "../../../runtime/index.ts";
import { parseReminder } from "../parse-reminder.ts";

/**
 * "cancel my reminders" / "cancel the reminder about water": removes the speaker's reminders in
 * this room. A reminder belongs to whoever set it: in a group, "cancel all reminders" cancels
 * mine, never yours. A DM has one speaker, so there it is every reminder of the room.
 */
export const cancelTaskAction: Action = {
  name: "CANCEL_TASK",
  similes: ["CANCEL_REMINDER", "STOP_REMINDERS", "DELETE_TASK"],
  description:
    "Cancels your reminders and recurring tasks in this conversation, all or those matching.",
  validate: async (_runtime, message) =>
    (await parseReminder(message.content.text ?? ""))?.kind === "cancel",
  async handler(runtime, message, _state, _options, callback) {
    const intent = await parseReminder(message.content.text ?? "");
    const what = intent?.kind === "cancel" ? intent.what.toLowerCase() : "";
    const tasks = await runtime.storage.getTasks({ roomId: message.roomId, tags: ["reminder"] });
    const isDm = message.content.channelType === ChannelType.DM;
    const mine = isDm ? tasks : tasks.filter((t) => t.entityId === message.entityId);
    const matching = mine.filter(
      (t) =>
        !what ||
        String(t.metadata?.text ?? t.description ?? "")
          .toLowerCase()
          .includes(what),
    );
    await Promise.all(matching.map((t) => (t.id ? runtime.storage.deleteTask(t.id) : undefined)));
    const othersOnly = mine.length === 0 && tasks.length > 0;
    const text =
      matching.length > 0
        ? `Cancelled ${matching.length} reminder${matching.length === 1 ? "" : "s"}.`
        : othersOnly
          ? "You have no reminders here to cancel; the others belong to whoever set them."
          : "There were no reminders to cancel.";
    await callback?.({ text, actions: ["CANCEL_TASK"] });
    return { success: true, values: { cancelled: matching.length } };
  },
};
