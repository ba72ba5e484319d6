// A minimal agent Worker on @elizaos/core 1.7.2, the same as bench/compare/worker-eliza-edge.ts:
// memory storage (the bench's adapter), the scripted plan, one POST route, the runtime built on
// the first request. bench/compare/workers.ts bundles it with elizaOS passed in, so this file
// needs no elizaOS install to typecheck.
import { SCRIPTED_PLAN } from "../compare/protocol.ts";
import type { ElizaCore } from "./core-api.ts";
import { MemoryDatabaseAdapter } from "./memory-adapter.ts";
import { elizaReplier, scriptedModel } from "./reply.ts";

export function createElizaWorker(core: ElizaCore, character: unknown) {
  let agent: Promise<(text: string) => Promise<string>> | undefined;
  const build = async () => {
    const runtime = new core.AgentRuntime({
      character: structuredClone(character),
      adapter: new MemoryDatabaseAdapter(),
      plugins: [scriptedModel(core, () => SCRIPTED_PLAN)],
    });
    await runtime.initialize();
    return elizaReplier(core, runtime);
  };
  return {
    async fetch(request: Request): Promise<Response> {
      agent ??= build();
      const reply = await agent;
      const { text } = (await request.json()) as { text: string };
      return Response.json({ reply: await reply(text) });
    },
  };
}
