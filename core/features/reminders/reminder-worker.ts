// What a reminder does when its time comes: say it in the room (stored, so the API and the web
// chat show it) and deliver it through the room's connector (Telegram, Discord) if it has one.

import { createUniqueUuid, type UUID } from "../../kernel/index.ts";
import { sendOnce } from "../../pipeline/index.ts";
import type { SendTarget, TaskWorker } from "../../runtime/index.ts";

export const REMINDER_TASK = "REMINDER";

export const reminderWorker: TaskWorker = {
  name: REMINDER_TASK,
  async execute(runtime, options, task) {
    const target = options.target as SendTarget | undefined;
    const roomId = (target?.roomId ?? task.roomId) as UUID | undefined;
    if (!roomId) throw new Error("reminder has no room to speak in");
    const content = {
      text: `Reminder: ${String(options.text ?? "follow up")}`,
      actions: ["REMINDER"],
      source: target?.source,
      reminderTaskId: task.id,
    };
    // One row per occurrence, written before the send (send-once.ts): a second run of the same
    // occurrence (a crash, a concurrent tick) does not remind twice, and a send the platform
    // refused for sure is withdrawn, so the room never shows a reminder nobody received.
    // The occurrence is its due time; a run started ahead of it (executeTaskById) is its own.
    const due = Math.min(task.dueAt ?? runtime.now(), runtime.now());
    const occurrence = `reminder:${task.id}:${due}`;
    const outcome = await sendOnce(
      runtime,
      {
        id: createUniqueUuid(runtime, occurrence),
        entityId: runtime.agentId,
        agentId: runtime.agentId,
        roomId,
        content,
        createdAt: runtime.stamp(),
      },
      [],
      async () => {
        if (target) await runtime.sendMessageToTarget(target, content);
      },
    );
    if (!outcome.sent) {
      runtime.logger.info("reminder occurrence already delivered; not sent again", {
        id: task.id,
      });
    }
  },
};
