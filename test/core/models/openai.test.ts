import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentRuntime } from "../../../core/agent/agent-runtime.ts";
import type { HttpModelOptions } from "../../../core/features/model-http/http.ts";
import { createOpenAIPlugin, embedMany } from "../../../core/features/openai/openai.ts";
import {
  type GenerateTextParams,
  ModelError,
  ModelType,
} from "../../../core/kernel/models/types.ts";
import {
  chatCompletion,
  embeddingList,
  type FakeOpenAIServer,
  openAIError,
  startFakeOpenAI,
} from "../../fakes/openai-server.ts";
import { runtimeWith } from "../../support/settings-runtime.ts";

let server: FakeOpenAIServer;
/** Retry waits the provider asked for; recorded instead of slept so tests stay fast. */
let waits: number[];
let options: HttpModelOptions;

beforeEach(async () => {
  server = await startFakeOpenAI({ reply: "Hi there." });
  waits = [];
  options = {
    retry: {
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  };
});

afterEach(async () => {
  await server.close();
});

function settings(extra: Record<string, string | undefined> = {}) {
  return runtimeWith({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: "sk-test", ...extra });
}

type TextHandler = (runtime: AgentRuntime, params: GenerateTextParams) => Promise<string>;
type EmbedHandler = (runtime: AgentRuntime, params: unknown) => Promise<number[]>;

function model(type: string): TextHandler {
  return createOpenAIPlugin(options).models![type] as unknown as TextHandler;
}
const small = () => model(ModelType.TEXT_SMALL);
const large = () => model(ModelType.TEXT_LARGE);
const embedding = () =>
  createOpenAIPlugin(options).models![ModelType.TEXT_EMBEDDING] as unknown as EmbedHandler;

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a ModelError, got a result");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("createOpenAIPlugin", () => {
  it("registers text, reasoning, object, image, audio and embedding models as openai at priority 0", () => {
    const plugin = createOpenAIPlugin();
    expect(plugin.name).toBe("openai");
    expect(plugin.priority).toBe(0);
    expect(Object.keys(plugin.models ?? {}).sort()).toEqual([
      "IMAGE",
      "IMAGE_DESCRIPTION",
      "OBJECT_LARGE",
      "OBJECT_SMALL",
      "REASONING_LARGE",
      "REASONING_SMALL",
      "TEXT_EMBEDDING",
      "TEXT_LARGE",
      "TEXT_SMALL",
      "TEXT_TO_SPEECH",
      "TRANSCRIPTION",
    ]);
    // A compatible server without /audio/speech: no TEXT_TO_SPEECH to pretend otherwise.
    expect(createOpenAIPlugin({ textToSpeech: false }).models).not.toHaveProperty("TEXT_TO_SPEECH");
  });
});

describe("OpenAI text generation", () => {
  it("sends the system prompt, user prompt and options to chat/completions", async () => {
    const text = await small()(settings(), {
      system: "You are terse.",
      prompt: "Say hi.",
      temperature: 0.3,
      maxTokens: 50,
      stopSequences: ["\n"],
    });

    expect(text).toBe("Hi there.");
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe("Bearer sk-test");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.body).toEqual({
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: "You are terse." },
        { role: "user", content: "Say hi." },
      ],
      temperature: 0.3,
      max_tokens: 50,
      stop: ["\n"],
    });
  });

  it("uses the large model and leaves out options the caller did not give", async () => {
    await large()(settings(), { prompt: "Hello" });
    expect(server.requests[0]!.body).toEqual({
      model: "gpt-4o",
      messages: [{ role: "user", content: "Hello" }],
    });
  });

  it("takes model names from OPENAI_SMALL_MODEL and OPENAI_LARGE_MODEL", async () => {
    const runtime = settings({ OPENAI_SMALL_MODEL: "llama3.2:1b", OPENAI_LARGE_MODEL: "qwen3" });
    await small()(runtime, { prompt: "a" });
    await large()(runtime, { prompt: "b" });
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      "llama3.2:1b",
      "qwen3",
    ]);
  });

  it("sends no Authorization header when no key is set, as local servers expect", async () => {
    const runtime = runtimeWith({ OPENAI_BASE_URL: server.url, OPENAI_API_KEY: "" });
    expect(await small()(runtime, { prompt: "hi" })).toBe("Hi there.");
    expect(server.requests[0]!.headers).not.toHaveProperty("authorization");
  });

  it("tolerates a trailing slash on OPENAI_BASE_URL", async () => {
    await small()(settings({ OPENAI_BASE_URL: `${server.url}/` }), { prompt: "hi" });
    expect(server.requests[0]!.path).toBe("/v1/chat/completions");
  });

  it("returns an empty completion as an empty string", async () => {
    server.enqueue(chatCompletion(""));
    expect(await small()(settings(), { prompt: "hi" })).toBe("");
  });

  it("returns a refusal as the answer when content is null", async () => {
    const refusal = chatCompletion(null);
    const body = refusal.body as { choices: { message: Record<string, unknown> }[] };
    body.choices[0]!.message.refusal = "I can't help with that.";
    server.enqueue(refusal);
    expect(await small()(settings(), { prompt: "hi" })).toBe("I can't help with that.");
  });

  it("fails clearly when the completion has neither content nor refusal", async () => {
    server.enqueue(chatCompletion(null));
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.message).toMatch(/returned no text \(finish_reason: stop\)/);
  });
});

describe("OpenAI errors", () => {
  it("reports a rejected key with the setting to check, after exactly one request", async () => {
    await server.close();
    server = await startFakeOpenAI({ apiKey: "sk-right" });
    const error = await modelError(
      small()(settings({ OPENAI_API_KEY: "sk-wrong" }), { prompt: "hi" }),
    );
    expect(error.message).toMatch(/rejected the API key \(401\): check OPENAI_API_KEY/);
    expect(error.message).toContain("Incorrect API key provided");
    expect(error.status).toBe(401);
    expect(error.provider).toBe("openai");
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("says to set the key when a server demands one and none is configured", async () => {
    await server.close();
    server = await startFakeOpenAI({ apiKey: "sk-right" });
    const runtime = runtimeWith({ OPENAI_BASE_URL: server.url });
    const error = await modelError(small()(runtime, { prompt: "hi" }));
    expect(error.message).toMatch(/requires an API key \(401\): set OPENAI_API_KEY/);
    expect(server.requests).toHaveLength(1);
  });

  it("treats 403 as a rejected key too, without retrying", async () => {
    server.enqueue(openAIError(403, "Project does not have access to model gpt-4o-mini"));
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.message).toMatch(/rejected the API key \(403\): check OPENAI_API_KEY/);
    expect(error.message).toContain("Project does not have access");
    expect(server.requests).toHaveLength(1);
  });

  it("retries once after a 429 with Retry-After: 0 and returns the answer", async () => {
    server.enqueue({
      ...openAIError(429, "Rate limit reached", "requests"),
      headers: { "retry-after": "0" },
    });
    expect(await small()(settings(), { prompt: "hi" })).toBe("Hi there.");
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([0]);
    expect(server.requests[1]!.body).toEqual(server.requests[0]!.body);
  });

  it("waits as long as Retry-After says, in seconds", async () => {
    server.enqueue({ ...openAIError(429, "slow down"), headers: { "retry-after": "1" } });
    expect(await small()(settings(), { prompt: "hi" })).toBe("Hi there.");
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it("honours retry-after-ms, OpenAI's finer-grained header, over Retry-After", async () => {
    server.enqueue({
      ...openAIError(429, "slow down"),
      headers: { "retry-after-ms": "250", "retry-after": "1" },
    });
    await small()(settings(), { prompt: "hi" });
    expect(waits).toEqual([250]);
  });

  it("caps a long Retry-After at 20 s instead of obeying it", async () => {
    server.enqueue({ ...openAIError(429, "slow down"), headers: { "retry-after": "3600" } });
    await small()(settings(), { prompt: "hi" });
    expect(waits).toEqual([20_000]);
  });

  it("reads Retry-After as an HTTP date", async () => {
    const past = new Date(Date.UTC(2020, 0, 1)).toUTCString();
    const farFuture = new Date(Date.UTC(2999, 0, 1)).toUTCString();
    server.enqueue(
      { ...openAIError(429, "a"), headers: { "retry-after": past } },
      chatCompletion("first"),
      { ...openAIError(429, "b"), headers: { "retry-after": farFuture } },
    );
    await small()(settings(), { prompt: "hi" });
    await small()(settings(), { prompt: "hi" });
    expect(waits).toEqual([0, 20_000]);
  });

  it("waits the base delay when Retry-After is absent or unreadable", async () => {
    server.enqueue(
      openAIError(503, "unavailable"),
      chatCompletion("one"),
      { ...openAIError(429, "x"), headers: { "retry-after": "soon" } },
      chatCompletion("two"),
      { ...openAIError(429, "x"), headers: { "retry-after": "-5" } },
    );
    await small()(settings(), { prompt: "hi" });
    await small()(settings(), { prompt: "hi" });
    await small()(settings(), { prompt: "hi" });
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  it("lets the caller lower the cap, and really sleeps with the default clock", async () => {
    server.enqueue({ ...openAIError(429, "slow down"), headers: { "retry-after": "30" } });
    const plugin = createOpenAIPlugin({ retry: { maxDelayMs: 5 } });
    const handler = plugin.models![ModelType.TEXT_SMALL] as unknown as TextHandler;
    expect(await handler(settings(), { prompt: "hi" })).toBe("Hi there.");
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after a second 429 and says it is rate-limited", async () => {
    server.enqueue(openAIError(429, "Rate limit reached"), openAIError(429, "Rate limit reached"));
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/rate-limiting requests \(429\), still after one retry/);
    expect(server.requests).toHaveLength(2);
  });

  it("retries a 500 once and reports the second failure with the upstream message", async () => {
    server.enqueue(
      openAIError(500, "The server had an error", "server_error"),
      openAIError(500, "The server had an error again", "server_error"),
    );
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/failed with 500 after one retry/);
    expect(error.message).toContain("The server had an error again");
    expect(server.requests).toHaveLength(2);
  });

  it("recovers when a 502 is followed by a success", async () => {
    server.enqueue({ status: 502, body: "<html>Bad Gateway</html>" });
    expect(await small()(settings(), { prompt: "hi" })).toBe("Hi there.");
    expect(server.requests).toHaveLength(2);
  });

  it("surfaces the upstream message of a 400 and does not retry it", async () => {
    server.enqueue(openAIError(400, "This model's maximum context length is 128000 tokens."));
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.status).toBe(400);
    expect(error.message).toContain("This model's maximum context length is 128000 tokens.");
    expect(server.requests).toHaveLength(1);
  });

  it("surfaces plain-string errors from compatible servers (Ollama style)", async () => {
    server.enqueue({
      status: 404,
      body: { error: 'model "llama9" not found, try pulling it first' },
    });
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.message).toContain('model "llama9" not found, try pulling it first');
  });

  it("names the URL when a wrong base URL gets a plain-text 404", async () => {
    const runtime = settings({ OPENAI_BASE_URL: server.origin });
    const error = await modelError(small()(runtime, { prompt: "hi" }));
    expect(error.status).toBe(404);
    expect(error.message).toContain(`${server.origin}/chat/completions`);
    expect(server.requests).toHaveLength(1);
  });

  it("times out after MODEL_TIMEOUT_MS and does not retry", async () => {
    // Counted where the provider calls fetch, not where the server sees a request: on a busy
    // machine the timeout may fire before the request has even reached the server.
    let calls = 0;
    options.fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    server.enqueue({ ...chatCompletion("too late"), delayMs: 5_000 });
    const error = await modelError(small()(settings({ MODEL_TIMEOUT_MS: "50" }), { prompt: "hi" }));
    expect(error.message).toMatch(/timed out after 50 ms/);
    expect(error.message).toContain("MODEL_TIMEOUT_MS");
    expect(calls).toBe(1);
  });

  it("retries once when the connection drops, then answers", async () => {
    server.enqueue({ dropConnection: true });
    expect(await small()(settings(), { prompt: "hi" })).toBe("Hi there.");
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it("reports an unreachable server after one retry", async () => {
    const url = server.url;
    await server.close();
    const error = await modelError(
      small()(runtimeWith({ OPENAI_BASE_URL: url }), { prompt: "hi" }),
    );
    expect(error.message).toMatch(/could not be reached/);
    expect(error.message).toContain(url);
    expect(error.status).toBeUndefined();
    expect(waits).toHaveLength(1);
  });

  it("rejects a success body that is not JSON", async () => {
    server.enqueue({ status: 200, body: "<html>captive portal</html>" });
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.message).toMatch(/not JSON: <html>captive portal<\/html>/);
    expect(server.requests).toHaveLength(1);
  });

  it("rejects an empty success body", async () => {
    server.enqueue({ status: 200 });
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.message).toMatch(/not JSON/);
  });

  it.each([
    ["no choices", { choices: [] }],
    ["no choices field", { id: "x" }],
    ["a number for content", { choices: [{ message: { content: 42 } }] }],
    ["an array at the root", [1, 2, 3]],
    ["null", null],
  ])("rejects a wrongly shaped success body (%s)", async (_name, body) => {
    server.enqueue({ status: 200, body });
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.message).toMatch(/unexpected response/);
  });
});

describe("OpenAI settings and parameters", () => {
  it.each([
    ["MODEL_TIMEOUT_MS", "soon"],
    ["MODEL_TIMEOUT_MS", "0"],
    ["MODEL_TIMEOUT_MS", "-5"],
    ["OPENAI_BASE_URL", "localhost:11434"],
    ["OPENAI_BASE_URL", "ftp://example.com"],
  ])("rejects %s=%s before sending anything", async (key, value) => {
    const error = await modelError(small()(settings({ [key]: value }), { prompt: "hi" }));
    expect(error.message).toContain(key);
    expect(error.message).toContain(value);
    expect(server.requests).toHaveLength(0);
  });

  it("rejects an API key that cannot go in a header, without retrying", async () => {
    const error = await modelError(
      small()(settings({ OPENAI_API_KEY: "sk-\u2028bad" }), { prompt: "hi" }),
    );
    expect(error.message).toContain("OPENAI_API_KEY");
    expect(server.requests).toHaveLength(0);
    expect(waits).toEqual([]);
  });

  it.each([
    ["no params", undefined],
    ["no prompt", { system: "x" }],
    ["a number prompt", { prompt: 42 }],
  ])("rejects %s without a request", async (_name, params) => {
    const error = await modelError(small()(settings(), params as unknown as GenerateTextParams));
    expect(error.message).toMatch(/TEXT_SMALL needs params.prompt/);
    expect(server.requests).toHaveLength(0);
  });
});

describe("OpenAI embeddings", () => {
  it("embeds {text} with the default model", async () => {
    const vector = await embedding()(settings(), { text: "hello world" });
    expect(vector).toHaveLength(1536);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.path).toBe("/v1/embeddings");
    expect(server.requests[0]!.headers.authorization).toBe("Bearer sk-test");
    expect(server.requests[0]!.body).toEqual({
      model: "text-embedding-3-small",
      input: "hello world",
    });
  });

  it("accepts a plain string and sends EMBEDDING_DIMENSION as dimensions", async () => {
    const runtime = settings({
      EMBEDDING_DIMENSION: "8",
      OPENAI_EMBEDDING_MODEL: "nomic-embed-text",
    });
    const vector = await embedding()(runtime, "hello");
    expect(vector).toHaveLength(8);
    expect(server.requests[0]!.body).toEqual({
      model: "nomic-embed-text",
      input: "hello",
      dimensions: 8,
    });
  });

  it("embeds a batch in one request and keeps the input order", async () => {
    server.enqueue({
      body: {
        object: "list",
        data: [
          { object: "embedding", index: 2, embedding: [0, 0, 1] },
          { object: "embedding", index: 0, embedding: [1, 0, 0] },
          { object: "embedding", index: 1, embedding: [0, 1, 0] },
        ],
      },
    });
    const vectors = await embedMany(settings(), ["a", "b", "c"], options);
    expect(vectors).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(server.requests).toHaveLength(1);
    expect((server.requests[0]!.body as { input: unknown }).input).toEqual(["a", "b", "c"]);
  });

  it("returns nothing for an empty batch without a request", async () => {
    expect(await embedMany(settings(), [], options)).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("names both widths when the vector does not match EMBEDDING_DIMENSION", async () => {
    server.enqueue(embeddingList([[0.1, 0.2, 0.3, 0.4]]));
    const error = await modelError(embedding()(settings({ EMBEDDING_DIMENSION: "8" }), "hi"));
    expect(error.message).toMatch(/4-dimensional embedding but EMBEDDING_DIMENSION is 8/);
  });

  it("checks every vector of a batch against EMBEDDING_DIMENSION", async () => {
    server.enqueue(
      embeddingList([
        [1, 2],
        [1, 2, 3],
      ]),
    );
    const runtime = settings({ EMBEDDING_DIMENSION: "2" });
    const error = await modelError(embedMany(runtime, ["a", "b"], options));
    expect(error.message).toMatch(/3-dimensional embedding but EMBEDDING_DIMENSION is 2/);
  });

  it("fails when the server returns fewer vectors than texts", async () => {
    server.enqueue(embeddingList([[1, 2]]));
    const error = await modelError(embedMany(settings(), ["a", "b"], options));
    expect(error.message).toMatch(/returned 1 embeddings for 2 texts/);
  });

  it("fails on repeated indexes rather than dropping a vector", async () => {
    server.enqueue({
      body: {
        data: [
          { index: 0, embedding: [1] },
          { index: 0, embedding: [2] },
        ],
      },
    });
    const error = await modelError(embedMany(settings(), ["a", "b"], options));
    expect(error.message).toMatch(/bad or repeated indexes/);
  });

  it.each([
    ["strings in the vector", { data: [{ index: 0, embedding: ["0.1"] }] }],
    ["base64 instead of floats", { data: [{ index: 0, embedding: "AAAA" }] }],
    ["no data", { object: "list" }],
    ["an empty vector", { data: [{ index: 0, embedding: [] }] }],
  ])("rejects a wrongly shaped embeddings body (%s)", async (_name, body) => {
    server.enqueue({ body });
    const error = await modelError(embedding()(settings(), "hi"));
    expect(error.message).toMatch(/unexpected response|empty embedding/);
  });

  it.each([
    ["an empty string", ""],
    ["whitespace", "   "],
    ["empty params", {}],
    ["null", null],
    ["a number", 7],
  ])("rejects %s as input without a request", async (_name, params) => {
    const error = await modelError(embedding()(settings(), params));
    expect(error.message).toMatch(/TEXT_EMBEDDING needs non-empty text/);
    expect(server.requests).toHaveLength(0);
  });

  it("rejects a batch with an empty item, naming its position", async () => {
    const error = await modelError(embedMany(settings(), ["ok", ""], options));
    expect(error.message).toMatch(/item 1/);
    expect(server.requests).toHaveLength(0);
  });

  it("rejects a bad EMBEDDING_DIMENSION before sending anything", async () => {
    const error = await modelError(embedding()(settings({ EMBEDDING_DIMENSION: "1.5k" }), "hi"));
    expect(error.message).toContain(
      'EMBEDDING_DIMENSION must be a positive whole number, got "1.5k"',
    );
    expect(server.requests).toHaveLength(0);
  });

  it("retries embeddings like text: 429 then success", async () => {
    server.enqueue({ ...openAIError(429, "slow down"), headers: { "retry-after": "0" } });
    const vectors = await embedMany(settings({ EMBEDDING_DIMENSION: "4" }), ["a", "b"], options);
    expect(vectors).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it("gives texts that share words closer vectors than unrelated texts (fake server)", async () => {
    const [cat, cats, tax] = await embedMany(
      settings({ EMBEDDING_DIMENSION: "64" }),
      ["the cat sat on the mat", "a cat on a mat", "quarterly tax filing deadline"],
      options,
    );
    const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
    expect(dot(cat!, cats!)).toBeGreaterThan(dot(cat!, tax!));
  });
});
