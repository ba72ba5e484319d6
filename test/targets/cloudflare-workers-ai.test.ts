// The Workers AI model provider over a fake `AI` binding (Miniflare cannot run Workers AI):
// what it sends to env.AI.run, what it reads back, where it ranks among providers, and that
// the Worker's agent turns it on exactly when the binding is there.
import type { D1Database } from "@cloudflare/workers-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  createAgent,
  ModelError,
  ModelType,
  parseCharacter,
  silentLogger,
} from "../../core/index.ts";
import {
  createWorkerAgent,
  createWorkersAiPlugin,
  DEFAULT_WORKERS_AI_EMBEDDING_MODEL,
  DEFAULT_WORKERS_AI_IMAGE_MODEL,
  DEFAULT_WORKERS_AI_LARGE_MODEL,
  DEFAULT_WORKERS_AI_SMALL_MODEL,
  DEFAULT_WORKERS_AI_TRANSCRIPTION_MODEL,
  DEFAULT_WORKERS_AI_VISION_MODEL,
  type WorkersAiBinding,
} from "../../targets/cloudflare/index.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";

interface Call {
  model: string;
  inputs: Record<string, unknown>;
}

/**
 * A fake `AI` binding. Embedding calls (`{text: [...]}`, also made by the agent at startup to
 * learn the width when EMBEDDING_DIMENSION is unset) get a 3-wide vector unless `answer`
 * handles them; `calls` keeps the text-generation calls only, unless `all` is asked for.
 */
function fakeAi(
  answer: (call: Call) => unknown,
  options: { embeddings?: boolean } = {},
): WorkersAiBinding & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    async run(model, inputs) {
      const call = { model, inputs };
      const isEmbedding = Array.isArray(inputs.text);
      if (isEmbedding && !options.embeddings) return { shape: [1, 3], data: [[0.1, 0.2, 0.3]] };
      calls.push(call);
      return answer(call);
    },
  };
}

const character = parseCharacter({ name: "Tester", bio: "A test agent." });

async function agentWith(ai: WorkersAiBinding, env: Record<string, unknown> = {}) {
  return createAgent({
    character,
    storage: createMemoryStorage(),
    env,
    logger: silentLogger,
    plugins: [createWorkersAiPlugin(ai)],
  });
}

describe("Workers AI provider", () => {
  it("prompt segments: the binding gets their joined text (it has no prompt cache to hint)", async () => {
    const ai = fakeAi(() => ({ response: "ok" }));
    const agent = await agentWith(ai);
    await agent.useModel(ModelType.TEXT_SMALL, {
      promptSegments: [
        { content: "Rules. ", stable: true },
        { content: "User: hi", stable: false },
      ],
    });
    expect(ai.calls[0]!.inputs.messages).toEqual([{ role: "user", content: "Rules. User: hi" }]);
  });

  it("OBJECT_SMALL/LARGE ask the text model for JSON and parse the answer", async () => {
    const ai = fakeAi(() => ({ response: '```json\n{"answer":42}\n```' }));
    const agent = await agentWith(ai);
    expect(await agent.useModel(ModelType.OBJECT_LARGE, { prompt: "The answer?" })).toEqual({
      answer: 42,
    });
    await agent.useModel(ModelType.OBJECT_SMALL, { prompt: "Again?" });
    expect(ai.calls.map((c) => c.model)).toEqual([
      DEFAULT_WORKERS_AI_LARGE_MODEL,
      DEFAULT_WORKERS_AI_SMALL_MODEL,
    ]);
    const messages = ai.calls[0]!.inputs.messages as { role: string; content: string }[];
    expect(messages[0]!.role).toBe("system");
    expect(messages[0]!.content).toContain("JSON");
    expect(messages[1]).toEqual({ role: "user", content: "The answer?" });

    const prose = await agentWith(fakeAi(() => ({ response: "Forty-two." })));
    await expect(prose.useModel(ModelType.OBJECT_SMALL, { prompt: "x" })).rejects.toThrow(
      /asked for a JSON object but answered: "Forty-two\."/,
    );
  });

  it("IMAGE_DESCRIPTION sends the image bytes and prompt to the vision model", async () => {
    const ai = fakeAi(() => ({ description: "Title: Dot\nA red dot." }));
    const agent = await agentWith(ai);
    const png = `data:image/png;base64,${btoa("\x89PNG")}`;
    expect(
      await agent.useModel(ModelType.IMAGE_DESCRIPTION, { imageUrl: png, prompt: "What?" }),
    ).toEqual({ title: "Dot", description: "A red dot." });
    expect(ai.calls).toEqual([
      {
        model: DEFAULT_WORKERS_AI_VISION_MODEL,
        inputs: { image: [0x89, 0x50, 0x4e, 0x47], prompt: "What?", max_tokens: 512 },
      },
    ]);
    await expect(agent.useModel(ModelType.IMAGE_DESCRIPTION, "/cat.png")).rejects.toThrow(
      /imageUrl/,
    );
  });

  it("TRANSCRIPTION sends audio bytes to Whisper and answers the text", async () => {
    const ai = fakeAi(() => ({ text: "hello world" }));
    const agent = await agentWith(ai);
    expect(await agent.useModel(ModelType.TRANSCRIPTION, new Uint8Array([1, 2, 3]))).toBe(
      "hello world",
    );
    expect(
      await agent.useModel(ModelType.TRANSCRIPTION, {
        audioUrl: `data:audio/wav;base64,${btoa("ab")}`,
      }),
    ).toBe("hello world");
    expect(ai.calls).toEqual([
      { model: DEFAULT_WORKERS_AI_TRANSCRIPTION_MODEL, inputs: { audio: [1, 2, 3] } },
      { model: DEFAULT_WORKERS_AI_TRANSCRIPTION_MODEL, inputs: { audio: [97, 98] } },
    ]);
    await expect(agent.useModel(ModelType.TRANSCRIPTION, new Uint8Array())).rejects.toThrow(
      /empty audio/,
    );
    await expect(agent.useModel(ModelType.TRANSCRIPTION, "file.wav")).rejects.toThrow(ModelError);
  });

  it("IMAGE runs the image model and answers a data: URL", async () => {
    const ai = fakeAi(() => ({ image: "AAAA" }));
    const agent = await agentWith(ai);
    expect(await agent.useModel(ModelType.IMAGE, { prompt: "a lighthouse" })).toEqual([
      { url: "data:image/jpeg;base64,AAAA" },
    ]);
    expect(ai.calls).toEqual([
      { model: DEFAULT_WORKERS_AI_IMAGE_MODEL, inputs: { prompt: "a lighthouse" } },
    ]);
    await expect(agent.useModel(ModelType.IMAGE, { prompt: "" })).rejects.toThrow(ModelError);
    const blank = await agentWith(fakeAi(() => ({})));
    await expect(blank.useModel(ModelType.IMAGE, { prompt: "x" })).rejects.toThrow(/no image/);
  });

  it("sends system and prompt as chat messages to the default models and returns the text", async () => {
    const ai = fakeAi(() => ({ response: "Hello from the edge" }));
    const agent = await agentWith(ai);
    const large = await agent.useModel(ModelType.TEXT_LARGE, {
      prompt: "Say hi",
      system: "Be brief",
      maxTokens: 64,
      temperature: 0.2,
    });
    expect(large).toBe("Hello from the edge");
    await agent.useModel(ModelType.TEXT_SMALL, { prompt: "Yes or no?" });
    expect(ai.calls).toEqual([
      {
        model: DEFAULT_WORKERS_AI_LARGE_MODEL,
        inputs: {
          messages: [
            { role: "system", content: "Be brief" },
            { role: "user", content: "Say hi" },
          ],
          max_tokens: 64,
          temperature: 0.2,
        },
      },
      {
        model: DEFAULT_WORKERS_AI_SMALL_MODEL,
        inputs: { messages: [{ role: "user", content: "Yes or no?" }] },
      },
    ]);
  });

  it("takes models from settings and reads OpenAI-shaped answers too", async () => {
    const ai = fakeAi(() => ({ choices: [{ message: { content: "from gpt-oss" } }] }));
    const agent = await agentWith(ai, {
      CLOUDFLARE_AI_TEXT_MODEL: "@cf/openai/gpt-oss-20b",
      CLOUDFLARE_AI_SMALL_MODEL: "@cf/meta/llama-3.2-3b-instruct",
    });
    expect(await agent.useModel(ModelType.TEXT_LARGE, { prompt: "x" })).toBe("from gpt-oss");
    await agent.useModel(ModelType.TEXT_SMALL, { prompt: "x" });
    expect(ai.calls.map((c) => c.model)).toEqual([
      "@cf/openai/gpt-oss-20b",
      "@cf/meta/llama-3.2-3b-instruct",
    ]);
  });

  it("embeds with the default embedding model and checks EMBEDDING_DIMENSION", async () => {
    const ai = fakeAi(() => ({ shape: [1, 3], data: [[0.1, 0.2, 0.3]] }), { embeddings: true });
    const agent = await agentWith(ai, { EMBEDDING_DIMENSION: "3" });
    expect(await agent.useModel(ModelType.TEXT_EMBEDDING, { text: "hello" })).toEqual([
      0.1, 0.2, 0.3,
    ]);
    expect(ai.calls[0]).toEqual({
      model: DEFAULT_WORKERS_AI_EMBEDDING_MODEL,
      inputs: { text: ["hello"] },
    });

    const wide = await agentWith(ai, { EMBEDDING_DIMENSION: "768" });
    await expect(wide.useModel(ModelType.TEXT_EMBEDDING, { text: "hello" })).rejects.toThrow(
      /3-dimensional embedding but EMBEDDING_DIMENSION is 768/,
    );
  });

  it("turns binding failures and empty answers into ModelError", async () => {
    const failing = await agentWith(
      fakeAi(() => {
        throw new Error("3040: capacity exceeded");
      }),
      { EMBEDDING_DIMENSION: "3" },
    );
    const error = await failing.useModel(ModelType.TEXT_LARGE, { prompt: "x" }).catch((e) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error.message).toMatch(/capacity exceeded/);

    const empty = await agentWith(fakeAi(() => ({})));
    await expect(empty.useModel(ModelType.TEXT_LARGE, { prompt: "x" })).rejects.toThrow(
      /returned no text/,
    );
  });

  it("ranks below OpenAI and above the offline ELIZA", async () => {
    const ai = fakeAi(() => ({ response: "ai" }));
    const alone = await agentWith(ai);
    expect(alone.getModelRegistration(ModelType.TEXT_LARGE)?.provider).toBe("workers-ai");
    const withOpenAi = await agentWith(ai, { OPENAI_API_KEY: "sk-test", EMBEDDING_DIMENSION: "3" });
    expect(withOpenAi.getModelRegistration(ModelType.TEXT_LARGE)?.provider).toBe("openai");
    expect(withOpenAi.getModelRegistration(ModelType.TEXT_EMBEDDING)?.provider).toBe("openai");
  });
});

describe("the Worker's agent", () => {
  let d1: MiniflareD1;
  beforeAll(async () => {
    d1 = await startMiniflareD1();
  });
  afterAll(async () => {
    await d1?.dispose();
  });

  it("uses Workers AI when AI is bound, the offline ELIZA when not", async () => {
    const DB = d1.db as unknown as D1Database;
    const bound = await createWorkerAgent({
      DB,
      AI: fakeAi(() => ({ response: "hi" })),
      LOG_LEVEL: "silent",
    });
    expect(bound.getModelRegistration(ModelType.TEXT_LARGE)?.provider).toBe("workers-ai");
    expect(bound.storage.kind).toBe("d1");
    const unbound = await createWorkerAgent({ DB, LOG_LEVEL: "silent" });
    expect(unbound.getModelRegistration(ModelType.TEXT_LARGE)?.provider).toBe("eliza-offline");
  });

  it("says which binding is missing when DB is not bound", async () => {
    await expect(createWorkerAgent({} as never)).rejects.toThrow(/D1 binding "DB" is missing/);
  });
});
