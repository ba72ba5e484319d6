// TEXT_TO_SPEECH on the OpenAI-compatible provider and TEXT_REASONING_SMALL/LARGE on both
// HTTP providers, through createAgent's settings and the local fake servers.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../adapters/memory/index.ts";
import { createAgent, ModelError, ModelType, parseCharacter } from "../../../core/index.ts";
import { startFakeAnthropic } from "../../fakes/anthropic-server.ts";
import { type FakeOpenAIServer, openAIError, startFakeOpenAI } from "../../fakes/openai-server.ts";
import { real } from "../../support/real-elizaos-core.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function openai(): Promise<FakeOpenAIServer> {
  const server = await startFakeOpenAI();
  servers.push(server);
  return server;
}

const agent = (env: Record<string, string>) =>
  createAgent({
    character: parseCharacter({ name: "Voice" }),
    storage: createMemoryStorage(),
    logger: quiet,
    env: { OPENAI_EMBEDDING_MODEL: "none", ...env },
  });

const decode = (audio: unknown) => new TextDecoder().decode(audio as ArrayBuffer);

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => new Error("expected a ModelError"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("TEXT_TO_SPEECH (OpenAI-compatible /audio/speech)", () => {
  it("speaks a string with the configured model and voice and returns the audio bytes", async () => {
    const server = await openai();
    const runtime = await agent({
      OPENAI_BASE_URL: server.url,
      OPENAI_TTS_MODEL: "kokoro",
      OPENAI_TTS_VOICE: "af_sky",
    });
    const audio = await runtime.useModel(ModelType.TEXT_TO_SPEECH, "Hello there");
    expect(audio).toBeInstanceOf(ArrayBuffer);
    expect(decode(audio)).toBe("AUDIO kokoro af_sky Hello there");
    const request = server.requests[0]!;
    expect(request.path).toBe("/v1/audio/speech");
    expect(request.body).toEqual({ model: "kokoro", voice: "af_sky", input: "Hello there" });
  });

  it("takes elizaOS's {text, voice, speed}; the call's voice wins over the setting", async () => {
    const server = await openai();
    const runtime = await agent({ OPENAI_BASE_URL: server.url, OPENAI_TTS_MODEL: "tts-1" });
    const audio = await runtime.useModel(ModelType.TEXT_TO_SPEECH, {
      text: "Slowly.",
      voice: "alloy",
      speed: 0.5,
    });
    expect(decode(audio)).toBe("AUDIO tts-1 alloy Slowly.");
    expect(server.requests[0]!.body).toMatchObject({ voice: "alloy", speed: 0.5 });
  });

  it("a blank OPENAI_TTS_MODEL counts as unset; the voice defaults to nova", async () => {
    const server = await openai();
    const runtime = await agent({ OPENAI_BASE_URL: server.url, OPENAI_TTS_MODEL: " " });
    // A blank OPENAI_TTS_MODEL counts as unset, so this compatible server has no speech.
    expect(runtime.getModelRegistration(ModelType.TEXT_TO_SPEECH)?.provider).not.toBe("openai");
    const withModel = await agent({
      OPENAI_BASE_URL: server.url,
      OPENAI_TTS_MODEL: "gpt-4o-mini-tts",
    });
    expect(decode(await withModel.useModel(ModelType.TEXT_TO_SPEECH, "hi"))).toBe(
      "AUDIO gpt-4o-mini-tts nova hi",
    );
  });

  it("is registered for OpenAI itself, and not for a compatible server that names no speech model", async () => {
    const openAI = await agent({ OPENAI_API_KEY: "sk-test" });
    expect(openAI.getModelRegistration(ModelType.TEXT_TO_SPEECH)?.provider).toBe("openai");
    const server = await openai();
    const ollama = await agent({ OPENAI_BASE_URL: server.url });
    expect(ollama.getModelRegistration(ModelType.TEXT_TO_SPEECH)?.provider).not.toBe("openai");
    await expect(ollama.useModel(ModelType.TEXT_TO_SPEECH, "hi")).rejects.toThrow();
    expect(server.requests).toHaveLength(0);
  });

  it("refuses empty text, a non-string text and a bad speed before any request", async () => {
    const server = await openai();
    const runtime = await agent({ OPENAI_BASE_URL: server.url, OPENAI_TTS_MODEL: "tts-1" });
    for (const input of ["", "   ", { text: 5 }, null, { text: "x", speed: -1 }]) {
      const error = await modelError(runtime.useModel(ModelType.TEXT_TO_SPEECH, input));
      expect(error.message).toMatch(/TEXT_TO_SPEECH/);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("an upstream error or a JSON body instead of audio is a ModelError", async () => {
    const server = await openai();
    const runtime = await agent({ OPENAI_BASE_URL: server.url, OPENAI_TTS_MODEL: "tts-1" });
    server.enqueue(openAIError(400, "Input is too long"));
    expect((await modelError(runtime.useModel(ModelType.TEXT_TO_SPEECH, "hi"))).message).toMatch(
      /Input is too long/,
    );
    server.enqueue({ body: { error: "oops" } });
    expect((await modelError(runtime.useModel(ModelType.TEXT_TO_SPEECH, "hi"))).message).toMatch(
      /JSON instead of audio/,
    );
    server.enqueue({ body: "", headers: { "content-type": "audio/mpeg" } });
    expect((await modelError(runtime.useModel(ModelType.TEXT_TO_SPEECH, "hi"))).message).toMatch(
      /no audio/,
    );
  });
});

describe("TEXT_REASONING_SMALL / TEXT_REASONING_LARGE", () => {
  it("OpenAI: the configured reasoning models, with max_completion_tokens", async () => {
    const server = await openai();
    const runtime = await agent({
      OPENAI_BASE_URL: server.url,
      OPENAI_REASONING_SMALL_MODEL: "o4-mini",
      OPENAI_REASONING_LARGE_MODEL: "o3",
    });
    await runtime.useModel(ModelType.TEXT_REASONING_SMALL, { prompt: "think", maxTokens: 50 });
    await runtime.useModel(ModelType.TEXT_REASONING_LARGE, { prompt: "think harder" });
    const bodies = server.requests.map((r) => r.body as Record<string, unknown>);
    expect(bodies.map((b) => b.model)).toEqual(["o4-mini", "o3"]);
    expect(bodies[0]).toMatchObject({ max_completion_tokens: 50 });
    expect(bodies[0]).not.toHaveProperty("max_tokens");
  });

  it("OpenAI: without reasoning settings both fall back to the large text model", async () => {
    const server = await openai();
    const runtime = await agent({
      OPENAI_BASE_URL: server.url,
      OPENAI_LARGE_MODEL: "llama3.1:70b",
    });
    await runtime.useModel(ModelType.TEXT_REASONING_SMALL, { prompt: "a" });
    await runtime.useModel(ModelType.TEXT_REASONING_LARGE, { prompt: "b" });
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      "llama3.1:70b",
      "llama3.1:70b",
    ]);
  });

  it("Anthropic: ANTHROPIC_REASONING_*_MODEL, else the large model", async () => {
    const server = await startFakeAnthropic({ apiKey: "k" });
    servers.push(server);
    const runtime = await agent({
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_LARGE_MODEL: "claude-sonnet-4-5",
      ANTHROPIC_REASONING_LARGE_MODEL: "claude-opus-4-1",
    });
    await runtime.useModel(ModelType.TEXT_REASONING_LARGE, { prompt: "a" });
    await runtime.useModel(ModelType.TEXT_REASONING_SMALL, { prompt: "b" });
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      "claude-opus-4-1",
      "claude-sonnet-4-5",
    ]);
  });
});

describe("ModelType", () => {
  it("has every name and value of @elizaos/core 1.7.2's ModelType", () => {
    expect(ModelType).toEqual(real.ModelType);
  });
});
