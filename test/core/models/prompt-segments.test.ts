// useModel's side of elizaOS's prompt segments and token usage: the prompt/segments rule,
// what a handler receives, and usage reaching the caller and MODEL_USED. Through createAgent
// and the public runtime; the model is a local handler that records what it got.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  createAgent,
  EventType,
  type GenerateTextParams,
  ModelType,
  type PromptSegment,
  PromptSegmentsError,
  parseCharacter,
  reportModelUsage,
  type TokenUsage,
} from "../../../core/index.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** An agent whose TEXT_LARGE records its params and reports `usage` for each call. */
async function recordingAgent(usage?: (params: GenerateTextParams) => TokenUsage) {
  const seen: GenerateTextParams[] = [];
  const runtime = await createAgent({
    character: parseCharacter({ name: "Seg" }),
    storage: createMemoryStorage(),
    logger: quiet,
    env: {},
    plugins: [
      {
        name: "recorder",
        priority: 100,
        models: {
          [ModelType.TEXT_LARGE]: async (_runtime: AgentRuntime, params: GenerateTextParams) => {
            seen.push(params);
            if (usage) reportModelUsage(params, usage(params));
            return `echo:${params.prompt.length}`;
          },
        },
      },
    ],
  });
  const used: Record<string, unknown>[] = [];
  runtime.registerEvent(EventType.MODEL_USED, async (payload) => void used.push(payload));
  return { runtime, seen, used };
}

const seg = (content: string, stable: boolean): PromptSegment => ({ content, stable });

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => new Error("expected a rejection"),
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(PromptSegmentsError);
  return error;
}

describe("useModel with promptSegments", () => {
  it("builds the prompt from the segments when it is absent; the handler gets both", async () => {
    const { runtime, seen } = await recordingAgent();
    const segments = [seg("You are Seg.\n", true), seg("User: hi", false)];
    await runtime.useModel(ModelType.TEXT_LARGE, { promptSegments: segments });
    expect(seen[0]?.prompt).toBe("You are Seg.\nUser: hi");
    expect(seen[0]?.promptSegments).toEqual(segments);
  });

  it("accepts a prompt equal to the segments joined and passes it unchanged", async () => {
    const { runtime, seen } = await recordingAgent();
    await runtime.useModel(ModelType.TEXT_LARGE, {
      prompt: "ab",
      promptSegments: [seg("a", true), seg("b", false)],
    });
    expect(seen[0]?.prompt).toBe("ab");
  });

  it("refuses a prompt that differs from the segments, saying where, without calling the model", async () => {
    const { runtime, seen } = await recordingAgent();
    const error = await rejection(
      runtime.useModel(ModelType.TEXT_LARGE, {
        prompt: "system: be kind. user: hi",
        promptSegments: [seg("system: be kind. ", true), seg("user: hello", false)],
      }),
    );
    expect(error.message).toMatch(/prompt does not equal promptSegments joined/);
    expect(error.message).toMatch(/differ from character 24/);
    // A prompt that is a prefix of the segments (or the other way round) is a mismatch too.
    await rejection(
      runtime.useModel(ModelType.TEXT_LARGE, { prompt: "ab", promptSegments: [seg("abc", true)] }),
    );
    await rejection(
      runtime.useModel(ModelType.TEXT_LARGE, { prompt: "abc", promptSegments: [seg("ab", true)] }),
    );
    expect(seen).toHaveLength(0);
  });

  it("refuses malformed segments with the index of the bad one", async () => {
    const { runtime, seen } = await recordingAgent();
    const bad: unknown[] = [
      "not an array",
      [{ content: "x" }],
      [seg("a", true), { content: 42, stable: true }],
      [null],
      [{ content: "x", stable: "yes" }],
    ];
    const messages: string[] = [];
    for (const promptSegments of bad) {
      messages.push(
        (await rejection(runtime.useModel(ModelType.TEXT_LARGE, { promptSegments }))).message,
      );
    }
    expect(messages[0]).toMatch(/must be an array/);
    expect(messages[1]).toMatch(/promptSegments\[0\]\.stable/);
    expect(messages[2]).toMatch(/promptSegments\[1\]\.content/);
    // A non-string prompt beside segments is refused rather than stringified.
    await rejection(
      runtime.useModel(ModelType.TEXT_LARGE, { prompt: 7, promptSegments: [seg("7", true)] }),
    );
    expect(seen).toHaveLength(0);
  });

  it("empty segments: none at all is an empty prompt; empty ones among others change nothing", async () => {
    const { runtime, seen } = await recordingAgent();
    await runtime.useModel(ModelType.TEXT_LARGE, { promptSegments: [] });
    await runtime.useModel(ModelType.TEXT_LARGE, {
      prompt: "ab",
      promptSegments: [seg("", true), seg("a", true), seg("", false), seg("b", false)],
    });
    expect(seen.map((p) => p.prompt)).toEqual(["", "ab"]);
  });

  it("huge segments pass whole, and a one-character difference deep inside is found", async () => {
    const { runtime, seen } = await recordingAgent();
    const big = "x".repeat(2_000_000);
    const result = await runtime.useModel(ModelType.TEXT_LARGE, {
      promptSegments: [seg(big, true), seg(big, false)],
    });
    expect(result).toBe("echo:4000000");
    const error = await rejection(
      runtime.useModel(ModelType.TEXT_LARGE, {
        prompt: `${big}${big.slice(0, -1)}y`,
        promptSegments: [seg(big, true), seg(big, false)],
      }),
    );
    expect(error.message).toMatch(/differ from character 3999999/);
    expect(seen).toHaveLength(1);
  });

  it("leaves params without segments alone (elizaOS callers that never heard of them)", async () => {
    const { runtime, seen } = await recordingAgent();
    await runtime.useModel(ModelType.TEXT_LARGE, { prompt: "plain", temperature: 0.2 });
    expect(seen[0]).toMatchObject({ prompt: "plain", temperature: 0.2 });
    expect(seen[0]).not.toHaveProperty("promptSegments");
  });
});

describe("token usage", () => {
  const usageOf = (params: GenerateTextParams): TokenUsage => ({
    promptTokens: params.prompt.length,
    completionTokens: 2,
    totalTokens: params.prompt.length + 2,
    cacheReadInputTokens: 1,
  });

  it("reaches MODEL_USED as elizaOS's tokens, and the caller's onUsage, with the run id", async () => {
    const { runtime, seen, used } = await recordingAgent(usageOf);
    const reported: TokenUsage[] = [];
    await runtime.useModel(ModelType.TEXT_LARGE, {
      prompt: "hello",
      runId: "11111111-1111-4111-8111-111111111111",
      onUsage: (u: TokenUsage) => reported.push(u),
    });
    expect(reported).toEqual([
      { promptTokens: 5, completionTokens: 2, totalTokens: 7, cacheReadInputTokens: 1 },
    ]);
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({
      type: ModelType.TEXT_LARGE,
      provider: "recorder",
      prompt: "hello",
      runId: "11111111-1111-4111-8111-111111111111",
      tokens: { prompt: 5, completion: 2, total: 7, cacheReadInputTokens: 1 },
    });
    // The caller's callback stays on the caller's side; the sink never serializes.
    expect(seen[0]).not.toHaveProperty("onUsage");
    expect(JSON.parse(JSON.stringify(seen[0]))).toEqual({
      prompt: "hello",
      runId: expect.any(String),
      user: expect.any(String),
    });
  });

  it("a provider that reports nothing: MODEL_USED without tokens, onUsage never called", async () => {
    const { runtime, used } = await recordingAgent();
    let called = false;
    await runtime.useModel(ModelType.TEXT_LARGE, {
      prompt: "x",
      onUsage: () => {
        called = true;
      },
    });
    expect(called).toBe(false);
    expect(used[0]).not.toHaveProperty("tokens");
  });

  it("bytes, a Blob or a class instance reach the handler as the very object given", async () => {
    const { runtime } = await recordingAgent();
    const got: unknown[] = [];
    runtime.registerModel(
      ModelType.TRANSCRIPTION,
      async (_r, params) => {
        got.push(params);
        return "heard";
      },
      "ears",
      200,
    );
    class Upload {
      constructor(readonly name: string) {}
    }
    const inputs = [new Uint8Array([1, 2]), new Blob(["abc"]), new Upload("a.mp3"), "url"];
    for (const input of inputs) await runtime.useModel(ModelType.TRANSCRIPTION, input);
    expect(got).toHaveLength(inputs.length);
    for (const [i, params] of got.entries()) expect(params).toBe(inputs[i]);
  });

  it("concurrent calls keep their own counts; a throwing onUsage does not fail the call", async () => {
    const { runtime } = await recordingAgent(usageOf);
    const counts: number[][] = [[], [], []];
    const prompts = ["a", "bb", "ccc"];
    const answers = await Promise.all(
      prompts.map((prompt, i) =>
        runtime.useModel(ModelType.TEXT_LARGE, {
          prompt,
          onUsage: (u: TokenUsage) => {
            counts[i]!.push(u.promptTokens);
            throw new Error("listener bug");
          },
        }),
      ),
    );
    expect(answers).toEqual(["echo:1", "echo:2", "echo:3"]);
    expect(counts).toEqual([[1], [2], [3]]);
  });
});
