// A minimal elizaOS 1.7.2 Lambda handler, the elizaOS side of `npm run bench -- lambda`: what
// an elizaOS user writes to answer API Gateway HTTP API events with no server package. The
// module loads @elizaos/core (as a function's top-level import would); the first invocation
// builds the AgentRuntime (the same character, the scripted model, the in-memory adapter of
// the other benches) and every invocation runs one message through elizaOS's message service.
// elizaOS is imported from the URL the parent passes, so the project's typecheck does not
// depend on bench/elizaos's install.
import { readFileSync } from "node:fs";
import { SCRIPTED_PLAN } from "../compare/protocol.ts";
import type { ElizaCore } from "./core-api.ts";
import { MemoryDatabaseAdapter } from "./memory-adapter.ts";
import { elizaReplier, scriptedModel } from "./reply.ts";

const core = (await import(process.env.ELIZAOS_CORE_URL!)) as ElizaCore;

async function start(): Promise<(text: string) => Promise<string>> {
  const character = JSON.parse(readFileSync(process.env.BENCH_CHARACTER!, "utf8"));
  const runtime = new core.AgentRuntime({
    character,
    adapter: new MemoryDatabaseAdapter(),
    plugins: [scriptedModel(core, () => SCRIPTED_PLAN)],
  });
  await runtime.initialize();
  return elizaReplier(core, runtime);
}

let reply: Promise<(text: string) => Promise<string>> | undefined;

export async function handler(event: { body?: string | null }) {
  reply ??= start();
  const { text } = JSON.parse(event.body ?? "{}") as { text: string };
  const answer = await (await reply)(text);
  return {
    statusCode: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ replies: [{ text: answer }] }),
  };
}
