// The eliza-edge side of the comparison, run as its own process by bench/compare.ts: the
// project's character, memory storage, a model plugin answering the scripted plan at once.
import { readFileSync } from "node:fs";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  ChannelType,
  characterAgentId,
  createAgent,
  createUniqueUuid,
  ModelType,
  messageService,
  parseCharacterJson,
  silentLogger,
} from "../../core/index.ts";
import { type BenchAgent, runChild, scriptedModelClock } from "./protocol.ts";

const model = scriptedModelClock();

async function start(): Promise<BenchAgent> {
  const characterFile = process.env.BENCH_CHARACTER!;
  const character = parseCharacterJson(readFileSync(characterFile, "utf8"), characterFile);
  const storage = createMemoryStorage({ agentId: characterAgentId(character) });
  await storage.init();
  const runtime = await createAgent({
    character,
    storage,
    env: {},
    logger: silentLogger,
    plugins: [
      {
        name: "scripted-model",
        priority: 1000,
        models: {
          [ModelType.TEXT_LARGE]: async () => model.answer(),
          [ModelType.TEXT_SMALL]: async () => model.answer(),
        },
      },
    ],
  });
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
  return {
    async reply(text) {
      const result = await messageService.handleMessage(
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
      return result.responses[0]?.content.text ?? "";
    },
  };
}

await runChild(start, model);
