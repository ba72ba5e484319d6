// What a reminder does when its time comes: say it in the room (stored, so the API and the web
// chat show it) and deliver it through the room's connector (Telegram, Discord) if it has one.
import type { SendTarget, TaskWorker } from "../../tasks/types.ts";
import { MemoryTable, type UUID } from "../../types.ts";
import { randomUuid } from "../../uuid.ts";

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
    // Deliver first: if delivery fails the task retries, and the room does not show a
    // reminder nobody received. A stored copy after a delivered one is best effort.
    if (target) await runtime.sendMessageToTarget(target, content);
    await runtime.storage.createMemory(
      {
        id: randomUuid(),
        entityId: runtime.agentId,
        agentId: runtime.agentId,
        roomId,
        content,
        createdAt: runtime.stamp(),
      },
      MemoryTable.MESSAGES,
    );
  },
};
