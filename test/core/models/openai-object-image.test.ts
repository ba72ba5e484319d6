// OBJECT_SMALL/OBJECT_LARGE (JSON mode, parsed) and IMAGE_DESCRIPTION (a vision message) over
// the OpenAI-compatible API, asserted on the request bodies the local fake received. The fake
// refuses JSON mode without "json" in the messages, as OpenAI does.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../adapters/memory/index.ts";
import type { AgentRuntime } from "../../../core/agent/agent-runtime.ts";
import { readImageDescription } from "../../../core/features/model-http/image-description.ts";
import { createOpenAIPlugin } from "../../../core/features/openai/openai.ts";
import { createAgent, ModelType, parseCharacter } from "../../../core/index.ts";
import { ModelError } from "../../../core/kernel/models/types.ts";
import {
  chatCompletion,
  type FakeOpenAIServer,
  startFakeOpenAI,
} from "../../fakes/openai-server.ts";
import { runtimeWith } from "../../support/settings-runtime.ts";

let server: FakeOpenAIServer;
beforeEach(async () => {
  server = await startFakeOpenAI();
});
afterEach(async () => {
  await server.close();
});

const settings = (extra: Record<string, string> = {}) =>
  runtimeWith({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: "sk-test", ...extra });
type Handler = (runtime: AgentRuntime, params: unknown) => Promise<unknown>;
const model = (type: string) =>
  createOpenAIPlugin({ retry: { sleep: async () => {} } }).models![type] as unknown as Handler;
const lastBody = () => server.requests.at(-1)!.body as Record<string, unknown>;

async function rejection(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a ModelError");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("OBJECT_SMALL / OBJECT_LARGE", () => {
  it("asks in JSON mode with the schema and returns the parsed object", async () => {
    server.enqueue(chatCompletion('{"name":"Ada","age":36}'));
    const schema = {
      type: "object",
      properties: { name: { type: "string" }, age: { type: "number" } },
    };
    const result = await model(ModelType.OBJECT_SMALL)(settings(), {
      prompt: "Who wrote the first program?",
      schema,
      temperature: 0,
    });
    expect(result).toEqual({ name: "Ada", age: 36 });
    const body = lastBody();
    expect(server.requests.at(-1)!.path).toBe("/v1/chat/completions");
    expect(body.model).toBe("gpt-4o-mini");
    expect(body.response_format).toEqual({ type: "json_object" });
    expect(body.temperature).toBe(0);
    const [system, user] = body.messages as { role: string; content: string }[];
    expect(system!.role).toBe("system");
    expect(system!.content).toContain("JSON");
    expect(system!.content).toContain(JSON.stringify(schema));
    expect(user).toEqual({ role: "user", content: "Who wrote the first program?" });
  });

  it("OBJECT_LARGE uses the large model; a fenced answer (local models) is accepted", async () => {
    server.enqueue(chatCompletion('```json\n{"ok": true}\n```'));
    const result = await model(ModelType.OBJECT_LARGE)(settings({ OPENAI_LARGE_MODEL: "qwen3" }), {
      prompt: "Say ok.",
    });
    expect(result).toEqual({ ok: true });
    expect(lastBody().model).toBe("qwen3");
  });

  it("a non-JSON answer is a ModelError quoting it", async () => {
    server.enqueue(chatCompletion("Sure! Here is your object: name is Ada."));
    const error = await rejection(model(ModelType.OBJECT_SMALL)(settings(), { prompt: "x" }));
    expect(error.message).toMatch(
      /asked for a JSON object but answered: "Sure! Here is your object/,
    );
  });

  it("a bare JSON string or number is not an object", async () => {
    server.enqueue(chatCompletion('"just a string"'));
    await rejection(model(ModelType.OBJECT_SMALL)(settings(), { prompt: "x" }));
  });

  it("output array and enum are asked inside an object and unwrapped", async () => {
    server.enqueue(chatCompletion('{"items":[1,2,3]}'), chatCompletion('{"value":"blue"}'));
    expect(
      await model(ModelType.OBJECT_SMALL)(settings(), { prompt: "Three numbers", output: "array" }),
    ).toEqual([1, 2, 3]);
    expect(
      await model(ModelType.OBJECT_SMALL)(settings(), {
        prompt: "A colour",
        output: "enum",
        enumValues: ["red", "blue"],
      }),
    ).toBe("blue");
    expect(JSON.stringify(lastBody().messages)).toContain('\\"red\\", \\"blue\\"');
  });

  it("an enum answer outside the values is refused", async () => {
    server.enqueue(chatCompletion('{"value":"green"}'));
    const error = await rejection(
      model(ModelType.OBJECT_SMALL)(settings(), {
        prompt: "c",
        output: "enum",
        enumValues: ["red"],
      }),
    );
    expect(error.message).toContain('"green"');
  });

  it("refuses a missing prompt without a request", async () => {
    await rejection(model(ModelType.OBJECT_SMALL)(settings(), {}));
    await rejection(model(ModelType.OBJECT_SMALL)(settings(), null));
    expect(server.requests).toHaveLength(0);
  });

  it("reaches plugins through runtime.useModel on a created agent", async () => {
    server.enqueue(chatCompletion('{"mood":"calm"}'));
    const runtime = await createAgent({
      character: parseCharacter({ name: "Obj" }),
      storage: createMemoryStorage(),
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      env: { OPENAI_BASE_URL: server.url, OPENAI_EMBEDDING_MODEL: "none" },
    });
    expect(await runtime.useModel(ModelType.OBJECT_SMALL, { prompt: "How do you feel?" })).toEqual({
      mood: "calm",
    });
  });
});

describe("IMAGE_DESCRIPTION", () => {
  const url = "https://example.com/cat.png";

  it("sends one vision message with the prompt and image_url, returns {title, description}", async () => {
    server.enqueue(chatCompletion('{"title":"A cat","description":"A grey cat asleep on a mat."}'));
    const result = await model(ModelType.IMAGE_DESCRIPTION)(settings(), {
      imageUrl: url,
      prompt: "What is this?",
    });
    expect(result).toEqual({ title: "A cat", description: "A grey cat asleep on a mat." });
    expect(lastBody()).toEqual({
      model: "gpt-4o-mini",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image_url", image_url: { url } },
          ],
        },
      ],
    });
  });

  it("takes the URL as the params, the model and token cap from settings", async () => {
    server.enqueue(chatCompletion("Title: Harbour at dusk\nBoats moored under an orange sky."));
    const result = await model(ModelType.IMAGE_DESCRIPTION)(
      settings({
        OPENAI_IMAGE_DESCRIPTION_MODEL: "llava",
        OPENAI_IMAGE_DESCRIPTION_MAX_TOKENS: "300",
      }),
      url,
    );
    expect(result).toEqual({
      title: "Harbour at dusk",
      description: "Boats moored under an orange sky.",
    });
    const body = lastBody();
    expect(body.model).toBe("llava");
    expect(body.max_tokens).toBe(300);
    const [part] = (body.messages as { content: { type: string; text?: string }[] }[])[0]!.content;
    expect(part!.text).toMatch(/title.*description/);
  });

  it("accepts a data: URL and refuses paths and empty input without a request", async () => {
    server.enqueue(chatCompletion("A red dot."));
    const data = "data:image/png;base64,iVBORw0KGgo=";
    expect(await model(ModelType.IMAGE_DESCRIPTION)(settings(), { imageUrl: data })).toEqual({
      title: "Image",
      description: "A red dot.",
    });
    const sent = server.requests.length;
    for (const bad of ["/tmp/cat.png", "", { imageUrl: "file:///etc/passwd" }, {}, null]) {
      const error = await rejection(model(ModelType.IMAGE_DESCRIPTION)(settings(), bad));
      expect(error.message).toContain("imageUrl");
    }
    expect(server.requests).toHaveLength(sent);
  });

  it("reads JSON, fenced JSON, a Title line or plain text", () => {
    expect(readImageDescription('```json\n{"title":"T","description":"D"}\n```')).toEqual({
      title: "T",
      description: "D",
    });
    expect(readImageDescription("**Title:** Sunset\nThe sun sets.")).toEqual({
      title: "Sunset",
      description: "The sun sets.",
    });
    expect(readImageDescription('{"description":"only"}')).toEqual({
      title: "Image",
      description: "only",
    });
  });
});

describe("IMAGE", () => {
  it("posts /images/generations and answers [{url}], base64 images as data: URLs", async () => {
    const result = await model(ModelType.IMAGE)(settings(), {
      prompt: "a lighthouse",
      count: 2,
      size: "512x512",
    });
    expect(result).toEqual([
      { url: `data:image/png;base64,${btoa("image 0")}` },
      { url: `data:image/png;base64,${btoa("image 1")}` },
    ]);
    expect(server.requests.at(-1)!.path).toBe("/v1/images/generations");
    expect(lastBody()).toEqual({
      model: "gpt-image-1",
      prompt: "a lighthouse",
      n: 2,
      size: "512x512",
    });
  });

  it("passes URLs through and takes the model from OPENAI_IMAGE_MODEL", async () => {
    const result = await model(ModelType.IMAGE)(settings({ OPENAI_IMAGE_MODEL: "dall-e-3" }), {
      prompt: "a fox",
    });
    expect(result).toEqual([{ url: "https://images.example/0.png" }]);
    expect(lastBody()).toEqual({ model: "dall-e-3", prompt: "a fox", n: 1 });
  });

  it("refuses an empty prompt or a bad count without a request", async () => {
    for (const bad of [
      {},
      { prompt: " " },
      { prompt: "x", count: 0 },
      { prompt: "x", count: 1.5 },
    ]) {
      await rejection(model(ModelType.IMAGE)(settings(), bad));
    }
    expect(server.requests).toHaveLength(0);
  });

  it("a server without the endpoint (Ollama) is a clear ModelError", async () => {
    server.enqueue({ status: 404, body: "404 page not found" });
    const error = await rejection(model(ModelType.IMAGE)(settings(), { prompt: "a fox" }));
    expect(error.status).toBe(404);
    expect(error.message).toContain("images/generations");
  });
});

describe("TRANSCRIPTION", () => {
  const wav = new TextEncoder().encode("RIFF....WAVEfmt fake audio");
  const field = (name: string) =>
    new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(server.requests.at(-1)!.rawBody)?.[1];

  it("uploads bytes as multipart with the model, a named file and the prompt", async () => {
    const text = await model(ModelType.TRANSCRIPTION)(settings(), wav);
    expect(text).toBe(`heard ${wav.length} bytes of audio.wav`);
    const request = server.requests.at(-1)!;
    expect(request.path).toBe("/v1/audio/transcriptions");
    expect(request.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.authorization).toBe("Bearer sk-test");
    expect(field("model")).toBe("gpt-4o-mini-transcribe");
    expect(field("prompt")).toBeUndefined();
  });

  it("fetches an audioUrl, names it by its content-type and sends the prompt", async () => {
    const audio = await startFakeOpenAI();
    audio.enqueue({ body: "ID3 mp3 bytes", headers: { "content-type": "audio/mpeg" } });
    try {
      const text = await model(ModelType.TRANSCRIPTION)(
        settings({ OPENAI_TRANSCRIPTION_MODEL: "whisper-1" }),
        { audioUrl: `${audio.origin}/clip`, prompt: "Names: Zoë" },
      );
      expect(text).toBe("heard 13 bytes of audio.mp3");
    } finally {
      await audio.close();
    }
    expect(field("model")).toBe("whisper-1");
    expect(field("prompt")).toBe("Names: Zoë");
  });

  it("decodes a base64 data: URL", async () => {
    const text = await model(ModelType.TRANSCRIPTION)(
      settings(),
      `data:audio/ogg;base64,${btoa("OggS data")}`,
    );
    expect(text).toBe("heard 9 bytes of audio.ogg");
  });

  it("refuses paths, empty audio and an unreachable audio URL clearly", async () => {
    for (const bad of ["/tmp/a.wav", { audioUrl: "" }, new Uint8Array(), null]) {
      await rejection(model(ModelType.TRANSCRIPTION)(settings(), bad));
    }
    expect(server.requests).toHaveLength(0);
    const missing = await rejection(
      model(ModelType.TRANSCRIPTION)(settings(), { audioUrl: `${server.origin}/nothing` }),
    );
    expect(missing.message).toMatch(/fetching the audio .* answered 404/);
  });
});
