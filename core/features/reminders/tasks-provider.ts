import type { Provider } from "../../runtime/index.ts";

/** The room's pending reminders. Dynamic: it costs a query, so only when the planner asks. */
export const tasksProvider: Provider = {
  name: "TASKS",
  description: "Reminders and recurring tasks pending in this conversation",
  dynamic: true,
  async get(runtime, message) {
    const tasks = await runtime.storage.getTasks({ roomId: message.roomId, tags: ["reminder"] });
    const lines = tasks
      .filter((t) => t.dueAt)
      .map(
        (t) =>
          `- ${t.metadata?.text ?? t.description ?? t.name} at ${new Date(t.dueAt ?? 0).toISOString()}`,
      );
    return {
      text: lines.length ? `# Pending reminders\n${lines.join("\n")}` : "No pending reminders.",
      data: { tasks },
    };
  },
};
