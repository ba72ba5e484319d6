// The elizaOS child of bench/turn-cpu.ts: @elizaos/core 1.7.2's AgentRuntime and its
// DefaultMessageService on the bench's in-memory adapter, with @elizaos/plugin-bootstrap (its
// real default: providers, evaluators, REPLY) when TURN_BOOTSTRAP=1, else core only. Both
// packages come from the project's node_modules (devDependencies for the compat tests) and are
// imported by name at run time: the parent bundles this file with them left external.
import { readFileSync } from "node:fs";
import type { ElizaCore, ElizaPlugin } from "../elizaos/core-api.ts";
import { MemoryDatabaseAdapter } from "../elizaos/memory-adapter.ts";
import { elizaReplier, scriptedModel } from "../elizaos/reply.ts";
import { measureTurns, PLAN, readConfig, sweepActions, sweepProviders } from "./protocol.ts";

const config = readConfig(process.env);
const core = (await import("@elizaos/core" as string)) as ElizaCore & {
  logger?: { level?: string };
};
const character = JSON.parse(readFileSync(process.env.BENCH_CHARACTER!, "utf8"));
const plugins: ElizaPlugin[] = [scriptedModel(core, () => PLAN)];
if (process.env.TURN_BOOTSTRAP === "1") {
  const bootstrap = (await import("@elizaos/plugin-bootstrap" as string)) as {
    bootstrapPlugin: ElizaPlugin;
  };
  plugins.push(bootstrap.bootstrapPlugin);
}
if (config.actions || config.providers) {
  plugins.push({
    name: "sweep",
    description: "the sweep's actions and providers",
    actions: sweepActions(config.actions),
    providers: sweepProviders(config.providers),
  } as ElizaPlugin);
}
const adapter = new MemoryDatabaseAdapter();
const runtime = new core.AgentRuntime({ character, adapter, plugins });
await runtime.initialize();
const reply = elizaReplier(core, runtime);
await reply("Hello there!");
const roomId = core.createUniqueUuid(runtime, "bench-room");
const entityId = core.createUniqueUuid(runtime, "bench-user");
const since = Date.now() - config.roomSize - 1000;
for (let i = 0; i < config.roomSize; i++) {
  await adapter.createMemory(
    {
      id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`,
      entityId: i % 2 ? runtime.agentId : entityId,
      agentId: runtime.agentId,
      roomId,
      content: { text: `message ${i}: the weather was fine and we talked about it`, source: "api" },
      createdAt: since + i,
    },
    "messages",
  );
}
await measureTurns(config, reply);
// elizaOS leaves intervals running (its services' timers): the run is over.
process.exit(0);
