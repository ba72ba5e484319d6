// LLM_MODE (elizaOS's llmMode) forces one text model size for every TEXT_SMALL/TEXT_LARGE call;
// SHOULD_RESPOND_MODEL picks the size the should-respond check asks. Through createAgent, the
// settings layer (character settings over env) and a real message turn.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  ChannelType,
  createAgent,
  createUniqueUuid,
  LLMMode,
  ModelType,
  messageService,
  parseCharacter,
} from "../../../core/index.ts";
import { scriptedModel } from "../../support/scripted-model.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const REPLY = "<response><actions>REPLY</actions><text>hi</text></response>";
const RESPOND = "<response><action>RESPOND</action></response>";

async function agent(env: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  const model = scriptedModel(REPLY);
  const runtime = await createAgent({
    character: parseCharacter({ name: "Sizer", settings }),
    storage: createMemoryStorage(),
    plugins: [model.plugin],
    logger: quiet,
    env,
  });
  return { runtime, model };
}

const askBoth = async (runtime: AgentRuntime) => {
  await runtime.useModel(ModelType.TEXT_SMALL, { prompt: "a" });
  await runtime.useModel(ModelType.TEXT_LARGE, { prompt: "b" });
  await runtime.useModel(ModelType.MEDIUM, { prompt: "c" });
};

describe("LLM_MODE", () => {
  it("DEFAULT (or unset, or unknown) keeps the size each call asks for", async () => {
    for (const mode of [undefined, "DEFAULT", "huge"]) {
      const { runtime, model } = await agent(mode ? { LLM_MODE: mode } : {});
      await askBoth(runtime);
      expect(model.calls.map((c) => c.type)).toEqual(["TEXT_SMALL", "TEXT_LARGE", "TEXT_LARGE"]);
    }
  });

  it("SMALL sends every text call to TEXT_SMALL, LARGE to TEXT_LARGE (any case)", async () => {
    const small = await agent({ LLM_MODE: "small" });
    await askBoth(small.runtime);
    expect(small.model.calls.map((c) => c.type)).toEqual([
      "TEXT_SMALL",
      "TEXT_SMALL",
      "TEXT_SMALL",
    ]);
    const large = await agent({ LLM_MODE: LLMMode.LARGE });
    await askBoth(large.runtime);
    expect(large.model.calls.map((c) => c.type)).toEqual([
      "TEXT_LARGE",
      "TEXT_LARGE",
      "TEXT_LARGE",
    ]);
  });

  it("leaves other model types alone", async () => {
    const { runtime } = await agent({ LLM_MODE: "SMALL", EMBEDDING_DIMENSION: "3" });
    runtime.registerModel(ModelType.TEXT_EMBEDDING, async () => [1, 2, 3], "test-embed");
    expect(await runtime.useModel(ModelType.TEXT_EMBEDDING, { text: "x" })).toEqual([1, 2, 3]);
  });

  it("a character setting outranks the env", async () => {
    const { runtime, model } = await agent({ LLM_MODE: "SMALL" }, { LLM_MODE: "LARGE" });
    await askBoth(runtime);
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_LARGE", "TEXT_LARGE", "TEXT_LARGE"]);
  });

  it("applies to the message pipeline's own calls", async () => {
    const { runtime, model } = await agent({ LLM_MODE: "SMALL" });
    const entityId = createUniqueUuid(runtime, "pat");
    const roomId = createUniqueUuid(runtime, "dm");
    const result = await messageService.handleMessage(
      runtime,
      { entityId, roomId, content: { text: "hello", source: "test", channelType: ChannelType.DM } },
      undefined,
      { connection: { entityId, roomId, source: "test", type: ChannelType.DM, userName: "Pat" } },
    );
    expect(result.responses.map((r) => r.content.text)).toEqual(["hi"]);
    expect(model.calls.length).toBeGreaterThan(0);
    expect(model.calls.every((c) => c.type === "TEXT_SMALL")).toBe(true);
  });
});

describe("SHOULD_RESPOND_MODEL", () => {
  // A group message that names no one: only the model can decide whether to answer.
  async function groupTurn(runtime: AgentRuntime) {
    const entityId = createUniqueUuid(runtime, "pat");
    const roomId = createUniqueUuid(runtime, "group");
    return messageService.handleMessage(
      runtime,
      {
        entityId,
        roomId,
        content: { text: "anyone around?", source: "test", channelType: ChannelType.GROUP },
      },
      undefined,
      {
        connection: { entityId, roomId, source: "test", type: ChannelType.GROUP, userName: "Pat" },
      },
    );
  }
  const isShouldRespond = (prompt: string) => /RESPOND/.test(prompt) && /IGNORE/.test(prompt);

  it("asks the small model by default and the large one with SHOULD_RESPOND_MODEL=large", async () => {
    for (const [setting, expected] of [
      [undefined, "TEXT_SMALL"],
      ["small", "TEXT_SMALL"],
      ["LARGE", "TEXT_LARGE"],
    ] as const) {
      const { runtime, model } = await agent(setting ? { SHOULD_RESPOND_MODEL: setting } : {});
      model.small.push(RESPOND);
      model.large.push(RESPOND);
      await groupTurn(runtime);
      const decision = model.calls.find((c) => isShouldRespond(c.params.prompt));
      expect(decision?.type).toBe(expected);
    }
  });

  it("LLM_MODE still has the last word", async () => {
    const { runtime, model } = await agent({ SHOULD_RESPOND_MODEL: "large", LLM_MODE: "SMALL" });
    model.small.push(RESPOND);
    await groupTurn(runtime);
    expect(model.calls[0]?.type).toBe("TEXT_SMALL");
    expect(model.calls.every((c) => c.type === "TEXT_SMALL")).toBe(true);
  });
});
