// `npm run bench:batcher`: model calls one message turn costs with N post-turn evaluators,
// each asking one structured question: through runtime.promptBatcher (one shared drain) and
// with its own useModel call. A local model answers every prompt; nothing leaves the machine.
import { createMemoryStorage } from "../adapters/memory/index.ts";
import {
  ChannelType,
  createAgent,
  type Evaluator,
  type GenerateTextParams,
  ModelType,
  messageService,
  type Plugin,
  parseCharacter,
  stringToUuid,
} from "../core/index.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const schema = [{ field: "conclusion", description: "one short sentence", required: true }];

/** Answers the planner with a reply and any packed batcher prompt with every section filled. */
function countingModel(): { plugin: Plugin; calls: { type: string }[] } {
  const calls: { type: string }[] = [];
  const answer = (type: string) => async (_runtime: unknown, params: GenerateTextParams) => {
    calls.push({ type });
    if (type === ModelType.TEXT_LARGE) {
      return "<response><actions>REPLY</actions><text>noted</text></response>";
    }
    const ids = [...params.prompt.matchAll(/^### Section ("(?:[^"\\]|\\.)*")$/gm)].map(
      (m) => JSON.parse(m[1] as string) as string,
    );
    return JSON.stringify(Object.fromEntries(ids.map((id) => [id, { conclusion: "fine" }])));
  };
  return {
    calls,
    plugin: {
      name: "bench-model",
      priority: 100,
      models: {
        [ModelType.TEXT_LARGE]: answer(ModelType.TEXT_LARGE),
        [ModelType.TEXT_SMALL]: answer(ModelType.TEXT_SMALL),
      },
    },
  };
}

function evaluators(count: number, batched: boolean): Evaluator[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `EVAL_${i}`,
    description: "asks one question about the turn",
    validate: async () => true,
    handler: async (runtime, message) => {
      const preamble = `Evaluator ${i}: what does this turn tell you?`;
      if (batched) {
        await runtime.promptBatcher.onDrain(`eval-${i}:${message.id}`, {
          preamble,
          schema,
          room: message.roomId,
        });
      } else {
        await runtime.useModel(ModelType.TEXT_SMALL, { prompt: preamble });
      }
      return undefined;
    },
  }));
}

async function modelCalls(count: number, batched: boolean): Promise<number> {
  const model = countingModel();
  const runtime = await createAgent({
    character: parseCharacter({ name: "Bench" }),
    storage: createMemoryStorage(),
    logger: quiet,
    plugins: [model.plugin, { name: "bench-evaluators", evaluators: evaluators(count, batched) }],
  });
  const roomId = stringToUuid("bench-room");
  const entityId = stringToUuid("bench-user");
  await messageService.handleMessage(
    runtime,
    { entityId, roomId, content: { text: "hello", channelType: ChannelType.DM } },
    undefined,
    { connection: { entityId, roomId, source: "bench", type: ChannelType.DM } },
  );
  return model.calls.length;
}

console.log(
  "Model calls for one message turn with N post-turn evaluators (planner call included)\n",
);
console.log("| evaluators | one call each | prompt batcher | saved |");
console.log("|---|---|---|---|");
for (const n of [1, 2, 4, 8, 16]) {
  const direct = await modelCalls(n, false);
  const batched = await modelCalls(n, true);
  console.log(`| ${n} | ${direct} | ${batched} | ${direct - batched} |`);
}
console.log(
  "\nPROMPT_BATCHER_MAX_SECTIONS_PER_CALL (default 8) caps sections per call: 16 evaluators take two.",
);
