import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentRuntime } from "../../../core/agent/agent-runtime.ts";
import { createAnthropicPlugin } from "../../../core/features/anthropic/anthropic.ts";
import type { HttpModelOptions } from "../../../core/features/model-http/http.ts";
import {
  type GenerateTextParams,
  ModelError,
  ModelType,
} from "../../../core/kernel/models/types.ts";
import {
  anthropicError,
  anthropicMessage,
  type FakeAnthropicServer,
  startFakeAnthropic,
} from "../../fakes/anthropic-server.ts";
import { runtimeWith } from "../../support/settings-runtime.ts";

const KEY = "sk-ant-test";
let server: FakeAnthropicServer;
/** Retry waits the provider asked for; recorded instead of slept so tests stay fast. */
let waits: number[];
let options: HttpModelOptions;

beforeEach(async () => {
  server = await startFakeAnthropic({ apiKey: KEY, reply: "Hi there." });
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
  return runtimeWith({ ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: KEY, ...extra });
}

type TextHandler = (runtime: AgentRuntime, params: GenerateTextParams) => Promise<string>;

function model(type: string): TextHandler {
  return createAnthropicPlugin(options).models![type] as unknown as TextHandler;
}
const small = () => model(ModelType.TEXT_SMALL);
const large = () => model(ModelType.TEXT_LARGE);

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

describe("createAnthropicPlugin", () => {
  it("registers text, reasoning, object and image description models as anthropic at priority 0", () => {
    const plugin = createAnthropicPlugin();
    expect(plugin.name).toBe("anthropic");
    expect(plugin.priority).toBe(0);
    expect(Object.keys(plugin.models ?? {}).sort()).toEqual([
      "IMAGE_DESCRIPTION",
      "OBJECT_LARGE",
      "OBJECT_SMALL",
      "REASONING_LARGE",
      "REASONING_SMALL",
      "TEXT_LARGE",
      "TEXT_SMALL",
    ]);
  });
});

describe("Anthropic text generation", () => {
  it("sends the key, version, top-level system prompt and options to /v1/messages", async () => {
    const text = await small()(settings(), {
      system: "You are terse.",
      prompt: "Say hi.",
      temperature: 0.3,
      stopSequences: ["\n\nHuman:"],
    });

    expect(text).toBe("Hi there.");
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v1/messages");
    expect(request!.headers["x-api-key"]).toBe(KEY);
    expect(request!.headers["anthropic-version"]).toBe("2023-06-01");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers).not.toHaveProperty("authorization");
    expect(request!.body).toEqual({
      model: "claude-3-5-haiku-latest",
      max_tokens: 1024,
      system: "You are terse.",
      messages: [{ role: "user", content: "Say hi." }],
      temperature: 0.3,
      stop_sequences: ["\n\nHuman:"],
    });
  });

  it("uses the large model, the caller's max tokens, and omits what was not given", async () => {
    await large()(settings(), { prompt: "Hello", maxTokens: 64 });
    expect(server.requests[0]!.body).toEqual({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: "Hello" }],
    });
  });

  it("takes model names from ANTHROPIC_SMALL_MODEL and ANTHROPIC_LARGE_MODEL", async () => {
    const runtime = settings({
      ANTHROPIC_SMALL_MODEL: "claude-haiku-4-5",
      ANTHROPIC_LARGE_MODEL: "claude-opus-4-1",
    });
    await small()(runtime, { prompt: "a" });
    await large()(runtime, { prompt: "b" });
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      "claude-haiku-4-5",
      "claude-opus-4-1",
    ]);
  });

  it("joins the text blocks and skips the others", async () => {
    server.enqueue(
      anthropicMessage([
        { type: "thinking", thinking: "The user greets me.", signature: "sig" },
        { type: "text", text: "Hel" },
        { type: "text", text: "lo." },
      ]),
    );
    expect(await small()(settings(), { prompt: "hi" })).toBe("Hello.");
  });

  it("returns an empty string for an empty content list", async () => {
    server.enqueue(anthropicMessage([]));
    expect(await small()(settings(), { prompt: "hi" })).toBe("");
  });

  it("tolerates a trailing slash on ANTHROPIC_BASE_URL", async () => {
    await small()(settings({ ANTHROPIC_BASE_URL: `${server.url}/` }), { prompt: "hi" });
    expect(server.requests[0]!.path).toBe("/v1/messages");
  });
});

describe("Anthropic errors", () => {
  it.each([
    ["unset", undefined],
    ["empty", ""],
    ["blank", "  "],
  ])("names ANTHROPIC_API_KEY when it is %s, without a request", async (_name, key) => {
    const error = await modelError(small()(settings({ ANTHROPIC_API_KEY: key }), { prompt: "hi" }));
    expect(error.message).toMatch(/ANTHROPIC_API_KEY is not set/);
    expect(error.provider).toBe("anthropic");
    expect(server.requests).toHaveLength(0);
  });

  it("reports a rejected key with the setting to check, after exactly one request", async () => {
    const error = await modelError(
      small()(settings({ ANTHROPIC_API_KEY: "sk-ant-wrong" }), { prompt: "hi" }),
    );
    expect(error.message).toMatch(
      /^Anthropic rejected the API key \(401\): check ANTHROPIC_API_KEY/,
    );
    expect(error.message).toContain("invalid x-api-key");
    expect(error.status).toBe(401);
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("treats 403 as a rejected key too", async () => {
    server.enqueue(
      anthropicError(403, "permission_error", "Your API key does not have permission"),
    );
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.message).toMatch(/rejected the API key \(403\): check ANTHROPIC_API_KEY/);
    expect(server.requests).toHaveLength(1);
  });

  it("retries once after a 429 with Retry-After: 1 and returns the answer", async () => {
    server.enqueue({
      ...anthropicError(429, "rate_limit_error", "Number of requests has exceeded your rate limit"),
      headers: { "retry-after": "1" },
    });
    expect(await small()(settings(), { prompt: "hi" })).toBe("Hi there.");
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it("retries a 529 overload once and then reports it with Anthropic's message", async () => {
    server.enqueue(
      anthropicError(529, "overloaded_error", "Overloaded"),
      anthropicError(529, "overloaded_error", "Overloaded"),
    );
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.status).toBe(529);
    expect(error.message).toMatch(/failed with 529 after one retry.*Overloaded/);
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after 500 then 500, with exactly two requests", async () => {
    server.enqueue(
      anthropicError(500, "api_error", "Internal server error"),
      anthropicError(500, "api_error", "Internal server error"),
    );
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.status).toBe(500);
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it("surfaces the upstream message of a 400 without retrying", async () => {
    const error = await modelError(small()(settings(), { prompt: "hi", temperature: 1.5 }));
    expect(error.status).toBe(400);
    expect(error.message).toContain("temperature: range: 0..1");
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
    server.enqueue({ ...anthropicMessage("too late"), delayMs: 5_000 });
    const error = await modelError(small()(settings({ MODEL_TIMEOUT_MS: "40" }), { prompt: "hi" }));
    expect(error.message).toMatch(/^Anthropic timed out after 40 ms/);
    expect(calls).toBe(1);
  });

  it("rejects a success body that is not JSON", async () => {
    server.enqueue({ status: 200, body: '{"content": [' });
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.message).toMatch(/not JSON/);
  });

  it.each([
    ["content as a string", { content: "Hello" }],
    ["no content", { type: "message" }],
    ["a block without a type", { content: [{ text: "Hello" }] }],
    ["a number as text", { content: [{ type: "text", text: 5 }] }],
  ])("rejects a wrongly shaped success body (%s)", async (_name, body) => {
    server.enqueue({ status: 200, body });
    const error = await modelError(small()(settings(), { prompt: "hi" }));
    expect(error.message).toMatch(/^Anthropic returned an unexpected response: content/);
  });

  it("rejects a missing prompt and a bad MODEL_TIMEOUT_MS before sending anything", async () => {
    const noPrompt = await modelError(small()(settings(), {} as GenerateTextParams));
    expect(noPrompt.message).toMatch(/TEXT_SMALL needs params.prompt/);
    const badTimeout = await modelError(
      large()(settings({ MODEL_TIMEOUT_MS: "1e3" }), { prompt: "hi" }),
    );
    expect(badTimeout.message).toContain(
      'MODEL_TIMEOUT_MS must be a positive whole number, got "1e3"',
    );
    expect(server.requests).toHaveLength(0);
  });
});
