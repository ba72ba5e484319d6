// elizaOS 1.7.2's model defaults from settings: useModel fills temperature, maxTokens, topP ...
// from <TYPE>_<PARAM>, then DEFAULT_<PARAM>, then the legacy MODEL_* names, when the call
// does not set them. Through the public runtime on the memory backend.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  characterAgentId,
  ModelType,
  parseCharacter,
  silentLogger,
} from "../../core/index.ts";

function agent(settings: Record<string, unknown>, runtimeSettings?: Record<string, string>) {
  const character = parseCharacter({ name: "Tuned", settings });
  const agentId = characterAgentId(character);
  const received: { type: string; params: unknown }[] = [];
  const record = (type: string) => async (_rt: unknown, params: unknown) => {
    received.push({ type, params });
    return type === ModelType.TEXT_EMBEDDING ? [0.1, 0.2] : "ok";
  };
  const runtime = new AgentRuntime({
    character,
    storage: createMemoryStorage({ agentId }),
    logger: silentLogger,
    settings: runtimeSettings,
    plugins: [
      {
        name: "recorder",
        models: {
          [ModelType.TEXT_SMALL]: record(ModelType.TEXT_SMALL),
          [ModelType.TEXT_LARGE]: record(ModelType.TEXT_LARGE),
          [ModelType.OBJECT_SMALL]: record(ModelType.OBJECT_SMALL),
          [ModelType.TEXT_EMBEDDING]: record(ModelType.TEXT_EMBEDDING),
          [ModelType.TRANSCRIPTION]: record(ModelType.TRANSCRIPTION),
        },
      },
    ],
  });
  return { runtime, received };
}

describe("model defaults from settings", () => {
  it("fills every parameter elizaOS names from DEFAULT_* settings", async () => {
    const { runtime, received } = agent({
      DEFAULT_TEMPERATURE: 0.3,
      DEFAULT_MAX_TOKENS: "900",
      DEFAULT_TOP_P: "0.9",
      DEFAULT_TOP_K: 40,
      DEFAULT_MIN_P: "0.05",
      DEFAULT_SEED: "7",
      DEFAULT_REPETITION_PENALTY: "1.1",
      DEFAULT_FREQUENCY_PENALTY: "0.2",
      DEFAULT_PRESENCE_PENALTY: "0.4",
    });
    await runtime.initialize();
    await runtime.useModel(ModelType.TEXT_SMALL, { prompt: "hi" });
    expect(received[0]?.params).toEqual({
      prompt: "hi",
      temperature: 0.3,
      maxTokens: 900,
      topP: 0.9,
      topK: 40,
      minP: 0.05,
      seed: 7,
      repetitionPenalty: 1.1,
      frequencyPenalty: 0.2,
      presencePenalty: 0.4,
      user: "Tuned",
    });
  });

  it("a model type's own setting beats DEFAULT_*, which beats the legacy MODEL_* name", async () => {
    const { runtime, received } = agent({
      TEXT_LARGE_TEMPERATURE: "0.1",
      DEFAULT_TEMPERATURE: "0.6",
      MODEL_TEMPERATURE: "0.9",
      MODEL_MAX_TOKEN: "333",
      OBJECT_SMALL_MAX_TOKENS: "50",
    });
    await runtime.initialize();
    await runtime.useModel(ModelType.TEXT_LARGE, { prompt: "a" });
    await runtime.useModel(ModelType.TEXT_SMALL, { prompt: "b" });
    await runtime.useModel(ModelType.OBJECT_SMALL, { prompt: "c" });
    expect(received.map((r) => r.params)).toEqual([
      { prompt: "a", temperature: 0.1, maxTokens: 333, user: "Tuned" },
      { prompt: "b", temperature: 0.6, maxTokens: 333, user: "Tuned" },
      { prompt: "c", temperature: 0.6, maxTokens: 50, user: "Tuned" },
    ]);
  });

  it("what the call sets wins over every setting, user included", async () => {
    const { runtime, received } = agent({ DEFAULT_TEMPERATURE: "0.6", TEXT_SMALL_MAX_TOKENS: 10 });
    await runtime.initialize();
    await runtime.useModel(ModelType.TEXT_SMALL, {
      prompt: "x",
      temperature: 0,
      maxTokens: 2000,
      user: "someone",
    });
    expect(received[0]?.params).toEqual({
      prompt: "x",
      temperature: 0,
      maxTokens: 2000,
      user: "someone",
    });
  });

  it("a value that is not a number is skipped for the next name in the chain", async () => {
    const { runtime, received } = agent({
      TEXT_SMALL_TEMPERATURE: "warm",
      DEFAULT_TEMPERATURE: "0.5",
      DEFAULT_MAX_TOKENS: "lots",
      DEFAULT_TOP_P: " ",
    });
    await runtime.initialize();
    await runtime.useModel(ModelType.TEXT_SMALL, { prompt: "x" });
    expect(received[0]?.params).toEqual({ prompt: "x", temperature: 0.5, user: "Tuned" });
  });

  it("reads the settings from every layer (constructor settings rank first)", async () => {
    const { runtime, received } = agent(
      { DEFAULT_TEMPERATURE: "0.5" },
      { DEFAULT_TEMPERATURE: "0.2" },
    );
    await runtime.initialize();
    await runtime.useModel(ModelType.TEXT_SMALL, { prompt: "x" });
    expect(received[0]?.params).toMatchObject({ temperature: 0.2 });
  });

  it("with no settings only user is added, and the caller's object is not changed", async () => {
    const { runtime, received } = agent({});
    await runtime.initialize();
    const params = { prompt: "x" };
    await runtime.useModel(ModelType.TEXT_SMALL, params);
    expect(received[0]?.params).toEqual({ prompt: "x", user: "Tuned" });
    expect(params).toEqual({ prompt: "x" });
  });

  it("a string, null or binary input passes through unchanged", async () => {
    const { runtime, received } = agent({ DEFAULT_TEMPERATURE: "0.5" });
    await runtime.initialize();
    await runtime.useModel(ModelType.TEXT_EMBEDDING, "plain text");
    const audio = new Uint8Array([1, 2, 3]);
    await runtime.useModel(ModelType.TRANSCRIPTION, audio);
    expect(received[0]?.params).toBe("plain text");
    expect(received[1]?.params).toBe(audio);
  });
});
