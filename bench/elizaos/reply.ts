// One user message through elizaOS's message service, as its servers send one, and the reply's
// text: shared by the in-memory agent (agent.ts) and the PGlite server (pglite-server.ts).
import type { ElizaCore, ElizaRuntime } from "./core-api.ts";

/** A UUID column on SQL: elizaOS's server files API messages under its default server's id. */
const MESSAGE_SERVER_ID = "00000000-0000-0000-0000-000000000000";

export function elizaReplier(core: ElizaCore, runtime: ElizaRuntime) {
  const entityId = core.createUniqueUuid(runtime, "bench-user");
  const roomId = core.createUniqueUuid(runtime, "bench-room");
  const connection = {
    entityId,
    roomId,
    userName: "bench",
    name: "bench",
    source: "api",
    type: core.ChannelType.API,
    channelId: "bench-room",
    messageServerId: MESSAGE_SERVER_ID,
  };
  return async (text: string): Promise<string> => {
    // elizaOS's servers ensure the connection per message, as eliza-edge's API does.
    await runtime.ensureConnection(connection);
    let replied = "";
    await runtime.messageService!.handleMessage(
      runtime,
      {
        id: crypto.randomUUID(),
        entityId,
        agentId: runtime.agentId,
        roomId,
        content: { text, source: "api", channelType: core.ChannelType.API },
        metadata: { entityName: "bench" },
        createdAt: Date.now(),
      },
      // elizaOS leaves storing the reply to the caller's callback; eliza-edge stores it itself.
      async (content) => {
        const memory = {
          id: crypto.randomUUID(),
          entityId: runtime.agentId,
          agentId: runtime.agentId,
          roomId,
          content,
          createdAt: Date.now(),
        };
        await runtime.createMemory(memory, "messages");
        replied = String(content.text ?? "");
        return [memory];
      },
    );
    return replied;
  };
}
