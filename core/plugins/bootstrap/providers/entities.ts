import type { Provider } from "../../../plugin.ts";

/** Who is in the room, so the agent can address people by name. */
export const entitiesProvider: Provider = {
  name: "ENTITIES",
  description: "People and agents in the current conversation",
  position: -10,
  async get(runtime, message) {
    const entities = await runtime.storage.getEntitiesForRoom(message.roomId);
    const lines = entities.map((e) => {
      const who = e.id === runtime.agentId ? " (this agent)" : "";
      return `- ${e.names.join(" aka ")}${who}`;
    });
    return {
      text: lines.length ? `# People in the conversation\n${lines.join("\n")}` : "",
      data: { entities },
    };
  },
};
