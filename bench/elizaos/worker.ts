// A minimal agent Worker on @elizaos/core 1.7.2, the same as bench/compare/worker-eliza-edge.ts:
// memory storage (the bench's adapter), the scripted plan, one POST route, the runtime built on
// the first request. bench/compare/workers.ts bundles it with elizaOS passed in, so this file
// needs no elizaOS install to typecheck.
import { SCRIPTED_PLAN } from "../compare/protocol.ts";
import type { ElizaCore, ElizaRuntime } from "./core-api.ts";
import { MemoryDatabaseAdapter } from "./memory-adapter.ts";

export function createElizaWorker(core: ElizaCore, character: unknown) {
  let agent: Promise<ElizaRuntime> | undefined;
  const build = async () => {
    const runtime = new core.AgentRuntime({
      character: structuredClone(character),
      adapter: new MemoryDatabaseAdapter(),
      plugins: [
        {
          name: "scripted-model",
          description: "answers the scripted plan at once",
          priority: 1000,
          models: {
            [core.ModelType.TEXT_LARGE]: async () => SCRIPTED_PLAN,
            [core.ModelType.TEXT_SMALL]: async () => SCRIPTED_PLAN,
          },
        },
      ],
    });
    await runtime.initialize();
    return runtime;
  };
  return {
    async fetch(request: Request): Promise<Response> {
      agent ??= build();
      const runtime = await agent;
      const { text } = (await request.json()) as { text: string };
      const entityId = core.createUniqueUuid(runtime, "worker-user");
      const roomId = core.createUniqueUuid(runtime, "worker-room");
      await runtime.ensureConnection({
        entityId,
        roomId,
        source: "api",
        type: core.ChannelType.API,
        channelId: "worker-room",
        messageServerId: "worker",
      });
      let reply: string | null = null;
      await runtime.messageService!.handleMessage(
        runtime,
        {
          id: crypto.randomUUID(),
          entityId,
          agentId: runtime.agentId,
          roomId,
          content: { text, source: "api", channelType: core.ChannelType.API },
          createdAt: Date.now(),
        },
        async (content) => {
          reply = String(content.text ?? "");
          return [];
        },
      );
      return Response.json({ reply });
    },
  };
}
