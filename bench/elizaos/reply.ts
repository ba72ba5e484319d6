// What every elizaOS side of the benches shares: the scripted model, and one user message
// through elizaOS's message service as its servers send one, with the reply's text. Used by
// the in-memory agent (agent.ts), the PGlite server (pglite-server.ts) and the Worker.
import type { ElizaCore, ElizaPlugin, ElizaRuntime } from "./core-api.ts";

/** A model plugin that answers `answer()` at once, ahead of any other. */
export function scriptedModel(core: ElizaCore, answer: () => string): ElizaPlugin {
  return {
    name: "scripted-model",
    description: "answers the scripted plan at once",
    priority: 1000,
    models: {
      [core.ModelType.TEXT_LARGE]: async () => answer(),
      [core.ModelType.TEXT_SMALL]: async () => answer(),
    },
  };
}

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
