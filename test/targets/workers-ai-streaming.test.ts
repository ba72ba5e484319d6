// Workers AI streaming: asked to stream, the `AI` binding answers a ReadableStream of
// server-sent events (`data: {"response": "..."}` ... `data: [DONE]`), which the provider
// reads as it comes. The binding is a stand-in here (Miniflare cannot run Workers AI); the
// bytes are the format the binding documents.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createAgent, getRun, ModelType, parseCharacter } from "../../core/index.ts";
import { createWorkersAiPlugin, type WorkersAiBinding } from "../../targets/cloudflare/index.ts";
import { sendTo } from "../support/runs-agent.ts";

const REPLY = "Edge words arrive one by one.";
const PLAN = `<response><actions>REPLY</actions><text>${REPLY}</text></response>`;

function streamingAi(text: string): WorkersAiBinding & { inputs: Record<string, unknown>[] } {
  const inputs: Record<string, unknown>[] = [];
  return {
    inputs,
    async run(_model, input) {
      inputs.push(input);
      if (input.stream !== true) return { response: text };
      const encoder = new TextEncoder();
      const events = [
        ...(text.match(/\S+\s*/g) ?? []).map((w) => `data: ${JSON.stringify({ response: w })}\n\n`),
        `data: ${JSON.stringify({ response: "", usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } })}\n\n`,
        "data: [DONE]\n\n",
      ];
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = events.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(encoder.encode(next));
        },
      });
    },
  };
}

async function agentWith(ai: WorkersAiBinding) {
  return createAgent({
    character: parseCharacter({ name: "Edge", bio: ["On Workers AI."] }),
    storage: createMemoryStorage(),
    env: { EMBEDDING_DIMENSION: "3" },
    models: [createWorkersAiPlugin(ai)],
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
}

describe("Workers AI streaming", () => {
  it("reads the binding's event stream chunk by chunk, with the usage at the end", async () => {
    const ai = streamingAi("one two three four");
    const runtime = await agentWith(ai);
    const chunks: string[] = [];
    const text = await runtime.useModel(ModelType.TEXT_SMALL, {
      prompt: "count",
      onStreamChunk: (c: string) => void chunks.push(c),
    });
    expect(text).toBe("one two three four");
    expect(chunks).toEqual(["one ", "two ", "three ", "four"]);
    expect(ai.inputs.at(-1)).toMatchObject({ stream: true });
    // Without a chunk callback nothing is streamed.
    expect(await runtime.useModel(ModelType.TEXT_SMALL, { prompt: "count" })).toBe(
      "one two three four",
    );
    expect(ai.inputs.at(-1)?.stream).toBeUndefined();
  });

  it("streams a turn's reply to its observer and logs the tokens", async () => {
    const runtime = await agentWith(streamingAi(PLAN));
    const deltas: string[] = [];
    const turn = sendTo(runtime, "hello", { extra: { observer: { text: (d) => deltas.push(d) } } });
    const result = await turn.promise;
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(REPLY);
    expect(turn.replies.map((r) => r.text)).toEqual([REPLY]);
    const run = await getRun(runtime, result.runId);
    // The message's embedding is a model call of the run too; the planner's is the text one.
    const used = run!.events.find(
      (e) => e.type === "MODEL_USED" && e.data.modelType === "TEXT_LARGE",
    )!.data;
    expect(used).toMatchObject({
      provider: "workers-ai",
      model: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
      usage: { promptTokens: 12, completionTokens: 6, totalTokens: 18 },
    });
  });
});
