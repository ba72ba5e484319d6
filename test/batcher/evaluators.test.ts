// Post-turn evaluators that ask through runtime.promptBatcher share one drain per turn.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  ChannelType,
  createAgent,
  type Evaluator,
  ModelType,
  messageService,
  parseCharacter,
  stringToUuid,
} from "../../core/index.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { batchAnswer, quiet, schema, sectionIds } from "./setup.ts";

const REPLY = "<response><actions>REPLY</actions><text>hello</text></response>";

function batchedEvaluator(name: string, seen: Record<string, unknown>): Evaluator {
  return {
    name,
    description: `asks ${name} through the batcher`,
    validate: async () => true,
    handler: async (runtime, message) => {
      const result = await runtime.promptBatcher.onDrain(`${name}:${message.id}`, {
        preamble: `What does ${name} conclude?`,
        schema,
        room: message.roomId,
        providers: ["*"],
      });
      seen[name] = result?.fields;
      return undefined;
    },
  };
}

function directEvaluator(name: string): Evaluator {
  return {
    name,
    description: `asks ${name} with its own model call`,
    validate: async () => true,
    handler: async (runtime) => {
      await runtime.useModel(ModelType.TEXT_SMALL, { prompt: `What does ${name} conclude?` });
      return undefined;
    },
  };
}

async function turn(evaluators: Evaluator[]) {
  const model = scriptedModel(batchAnswer());
  model.large.push(REPLY);
  const runtime = await createAgent({
    character: parseCharacter({ name: "Ada" }),
    storage: createMemoryStorage(),
    logger: quiet,
    plugins: [model.plugin, { name: "evals", evaluators }],
  });
  const roomId = stringToUuid("room-eval");
  const userId = stringToUuid("user-eval");
  const result = await messageService.handleMessage(
    runtime,
    { entityId: userId, roomId, content: { text: "hi", channelType: ChannelType.DM } },
    undefined,
    { connection: { entityId: userId, roomId, source: "test", type: ChannelType.DM } },
  );
  const small = model.calls.filter((c) => c.type === ModelType.TEXT_SMALL);
  return { result, small, model };
}

describe("evaluators on the prompt batcher", () => {
  it("N opted-in evaluators cost one small-model call, each gets its own answer", async () => {
    const seen: Record<string, unknown> = {};
    const names = ["facts", "mood", "goals", "relations"];
    const { result, small } = await turn(names.map((n) => batchedEvaluator(n, seen)));
    expect(result.didRespond).toBe(true);
    expect(small).toHaveLength(1);
    expect(sectionIds(small[0]?.params.prompt ?? "")).toHaveLength(4);
    for (const n of names) {
      expect(seen[n]).toEqual({ answer: `for ${n}:${result.messageId}` });
    }
  });

  it("without the batcher each evaluator makes its own call", async () => {
    const { small } = await turn(["facts", "mood", "goals", "relations"].map(directEvaluator));
    expect(small).toHaveLength(4);
  });

  it("an evaluator asking about another room is answered within the turn", async () => {
    const seen: Record<string, unknown> = {};
    const other: Evaluator = {
      name: "elsewhere",
      description: "asks about another room",
      validate: async () => true,
      handler: async (runtime) => {
        const result = await runtime.promptBatcher.onDrain("elsewhere", {
          preamble: "q",
          schema,
          room: "another-room",
        });
        seen.elsewhere = result?.fields;
        return undefined;
      },
    };
    const { result } = await turn([other, batchedEvaluator("facts", seen)]);
    expect(result.didRespond).toBe(true);
    expect(seen.elsewhere).toEqual({ answer: "for elsewhere" });
    expect(seen.facts).toBeDefined();
  });

  it("a batched evaluator next to a slow direct one still finishes the turn", async () => {
    const seen: Record<string, unknown> = {};
    const { result, small } = await turn([
      batchedEvaluator("facts", seen),
      directEvaluator("direct"),
      batchedEvaluator("mood", seen),
    ]);
    expect(result.didRespond).toBe(true);
    expect(seen.facts).toBeDefined();
    expect(seen.mood).toBeDefined();
    // One packed call for the two batched evaluators, one for the direct one.
    expect(small.filter((c) => sectionIds(c.params.prompt).length > 0)).toHaveLength(1);
    expect(small).toHaveLength(2);
  });
});
