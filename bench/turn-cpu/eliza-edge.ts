// The eliza-edge child of bench/turn-cpu.ts: createAgent as the targets build it (memory
// storage, the built-in plugins), the scripted plan answered at once, the sweep's plugins when
// asked for, a room filled with `roomSize` messages through storage batches.

import { readFileSync } from "node:fs";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  ChannelType,
  characterAgentId,
  createAgent,
  createUniqueUuid,
  type Memory,
  ModelType,
  messageService,
  type Plugin,
  parseCharacterJson,
  type StorageOp,
  silentLogger,
  type UUID,
} from "../../core/index.ts";
import { measureTurns, PLAN, readConfig, sweepActions, sweepProviders } from "./protocol.ts";

const config = readConfig(process.env);
const characterFile = process.env.BENCH_CHARACTER!;
const character = parseCharacterJson(readFileSync(characterFile, "utf8"), characterFile);
const storage = createMemoryStorage({ agentId: characterAgentId(character) });
await storage.init();
const plugins: Plugin[] = [
  {
    name: "scripted-model",
    priority: 1000,
    models: {
      [ModelType.TEXT_LARGE]: async () => PLAN,
      [ModelType.TEXT_SMALL]: async () => PLAN,
    },
  },
];
if (config.actions || config.providers) {
  plugins.push({
    name: "sweep",
    description: "the sweep's actions and providers",
    actions: sweepActions(config.actions),
    providers: sweepProviders(config.providers),
  } as Plugin);
}
const runtime = await createAgent({ character, storage, env: {}, logger: silentLogger, plugins });
const entityId = createUniqueUuid(runtime, "bench-user");
const roomId = createUniqueUuid(runtime, "bench-room");
const connection = {
  entityId,
  roomId,
  userName: "bench",
  name: "bench",
  source: "api",
  type: ChannelType.API,
  channelId: "bench-room",
};
const send = (text: string) =>
  messageService.handleMessage(
    runtime,
    {
      entityId,
      roomId,
      content: { text, source: "api", channelType: ChannelType.API },
      metadata: { entityName: "bench" },
    },
    undefined,
    { connection },
  );

await send("Hello there!"); // the room, its world and participants, as a first message makes them
let ops: StorageOp[] = [];
const since = Date.now() - config.roomSize - 1000;
for (let i = 0; i < config.roomSize; i++) {
  const memory: Memory & { id: UUID } = {
    id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}` as UUID,
    entityId: i % 2 ? runtime.agentId : entityId,
    agentId: runtime.agentId,
    roomId,
    content: { text: `message ${i}: the weather was fine and we talked about it`, source: "api" },
    createdAt: since + i,
  };
  ops.push({ op: "createMemory", tableName: "messages", memory });
  if (ops.length === 1000) {
    await storage.batch(ops);
    ops = [];
  }
}
if (ops.length) await storage.batch(ops);
await measureTurns(config, send);
