// The elizaOS side of the comparison, run as its own process by bench/compare.ts: the same
// character and scripted plan as eliza-edge, @elizaos/core 1.7.2's AgentRuntime and its
// DefaultMessageService, on the in-memory adapter written here (elizaOS ships none).
// elizaOS is imported from the URL the parent passes, not by name: the project's typecheck
// must not depend on this folder's install.
import { readFileSync } from "node:fs";
import { type BenchAgent, runChild, scriptedModelClock } from "../compare/protocol.ts";
import type { ElizaCore } from "./core-api.ts";
import { MemoryDatabaseAdapter } from "./memory-adapter.ts";
import { elizaReplier, scriptedModel } from "./reply.ts";

const model = scriptedModelClock();

async function start(): Promise<BenchAgent> {
  const core = (await import(process.env.ELIZAOS_CORE_URL!)) as ElizaCore;
  const character = JSON.parse(readFileSync(process.env.BENCH_CHARACTER!, "utf8"));
  const runtime = new core.AgentRuntime({
    character,
    adapter: new MemoryDatabaseAdapter(),
    plugins: [scriptedModel(core, () => model.answer())],
  });
  await runtime.initialize();
  const reply = elizaReplier(core, runtime);
  return { reply };
}

await runChild(start, model);
