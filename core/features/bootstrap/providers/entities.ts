import type { Entity } from "../../../kernel/index.ts";
import { takePrefetched } from "../../../pipeline/index.ts";
import type { Provider } from "../../../runtime/index.ts";

/** Who is in the room, so the agent can address people by name (read with the message's write). */
export const entitiesProvider: Provider = {
  name: "ENTITIES",
  description: "People and agents in the current conversation",
  position: -10,
  prefetch: (_runtime, message) => ({ read: "getEntitiesForRoom", roomId: message.roomId }),
  async get(runtime, message) {
    const entities =
      takePrefetched<Entity[]>(runtime, message, "ENTITIES") ??
      (await runtime.storage.getEntitiesForRoom(message.roomId));
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
