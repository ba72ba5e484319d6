// The elizaOS side of the comparison, run as its own process by bench/compare.ts: the same
// character and scripted plan as eliza-edge, @elizaos/core 1.7.2's AgentRuntime and its
// DefaultMessageService, on the in-memory adapter written here (elizaOS ships none).
// elizaOS is imported from the URL the parent passes, not by name: the project's typecheck
// must not depend on this folder's install.
import { readFileSync } from "node:fs";
import { type BenchAgent, runChild, scriptedModelClock } from "../compare/protocol.ts";
import type { ElizaCore } from "./core-api.ts";
import { MemoryDatabaseAdapter } from "./memory-adapter.ts";

const model = scriptedModelClock();

async function start(): Promise<BenchAgent> {
  const core = (await import(process.env.ELIZAOS_CORE_URL!)) as ElizaCore;
  const character = JSON.parse(readFileSync(process.env.BENCH_CHARACTER!, "utf8"));
  const runtime = new core.AgentRuntime({
    character,
    adapter: new MemoryDatabaseAdapter(),
    plugins: [
      {
        name: "scripted-model",
        description: "answers the scripted plan at once",
        priority: 1000,
        models: {
          [core.ModelType.TEXT_LARGE]: async () => model.answer(),
          [core.ModelType.TEXT_SMALL]: async () => model.answer(),
        },
      },
    ],
  });
  await runtime.initialize();
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
    messageServerId: "bench-server",
  };
  return {
    async reply(text) {
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
    },
  };
}

await runChild(start, model);
