// Embeddings are optional: an OpenAI-compatible server with a chat model only (Ollama after
// `ollama pull llama3.2`, nothing else) makes an agent that starts and chats with memory
// search off and one warning; OPENAI_EMBEDDING_MODEL=none says so up front, with no request.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../adapters/memory/index.ts";
import { createOpenAIPlugin } from "../../../core/features/openai/openai.ts";
import {
  type AgentRuntime,
  ChannelType,
  createAgent,
  createUniqueUuid,
  type Logger,
  MemoryTable,
  ModelType,
  messageService,
  parseCharacter,
} from "../../../core/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../../fakes/openai-server.ts";

let server: FakeOpenAIServer;
let warnings: string[];
const logger = (): Logger => ({
  debug() {},
  info() {},
  warn: (message: string) => {
    warnings.push(message);
  },
  error() {},
});

beforeEach(async () => {
  // Ollama with one chat model pulled: every other model name is a 404.
  server = await startFakeOpenAI({
    models: ["llama3.2"],
    reply:
      "<response><thought>greet</thought><actions>REPLY</actions><text>Hello, Pat.</text></response>",
  });
  warnings = [];
});
afterEach(async () => {
  await server.close();
});

const character = parseCharacter({ name: "Olla" });

async function agent(env: Record<string, unknown> = {}) {
  return createAgent({
    character,
    storage: createMemoryStorage(),
    logger: logger(),
    env: {
      OPENAI_BASE_URL: `${server.url}`,
      OPENAI_SMALL_MODEL: "llama3.2",
      OPENAI_LARGE_MODEL: "llama3.2",
      ...env,
    },
  });
}

async function say(runtime: AgentRuntime, text: string) {
  const entityId = createUniqueUuid(runtime, "pat");
  const roomId = createUniqueUuid(runtime, "pat-room");
  return messageService.handleMessage(
    runtime,
    { entityId, roomId, content: { text, source: "test", channelType: ChannelType.DM } },
    undefined,
    { connection: { entityId, roomId, source: "test", type: ChannelType.DM, userName: "Pat" } },
  );
}

const paths = () => server.requests.map((r) => r.path);
const bodies = (path: string) =>
  server.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);

describe("an OpenAI-compatible server without the embedding model", () => {
  it("starts, chats, stores messages without vectors, and warns once", async () => {
    const runtime = await agent();
    // The width probe asked for the default embedding model and got Ollama's 404.
    expect(bodies("/v1/embeddings").map((b) => b.model)).toEqual(["text-embedding-3-small"]);
    expect(runtime.getModel(ModelType.TEXT_EMBEDDING)).toBeUndefined();

    const result = await say(runtime, "hello there");
    await say(runtime, "and again");
    expect(result.responses.map((r) => r.content.text)).toEqual(["Hello, Pat."]);
    // Chat went to the chat model; no second embedding attempt was made.
    expect(bodies("/v1/chat/completions").every((b) => b.model === "llama3.2")).toBe(true);
    expect(bodies("/v1/chat/completions").length).toBeGreaterThan(0);
    expect(paths().filter((p) => p === "/v1/embeddings")).toHaveLength(1);

    const memories = await runtime.getMemories({
      roomId: createUniqueUuid(runtime, "pat-room"),
      tableName: MemoryTable.MESSAGES,
      count: 10,
    });
    expect(memories.map((m) => m.content.text).sort()).toEqual([
      "Hello, Pat.",
      "Hello, Pat.",
      "and again",
      "hello there",
    ]);
    expect(memories.every((m) => !m.embedding)).toBe(true);

    const embeddingWarnings = warnings.filter((w) => w.includes("Memory search is off"));
    expect(embeddingWarnings).toHaveLength(1);
    expect(embeddingWarnings[0]).toContain('model "text-embedding-3-small" not found');
    expect(embeddingWarnings[0]).toContain("OPENAI_EMBEDDING_MODEL");
  });

  it("with EMBEDDING_DIMENSION set (no probe), turns embeddings off at the first write, once", async () => {
    const runtime = await agent({ EMBEDDING_DIMENSION: "768" });
    expect(paths()).not.toContain("/v1/embeddings");
    await say(runtime, "hello there");
    await say(runtime, "and again");
    expect(paths().filter((p) => p === "/v1/embeddings")).toHaveLength(1);
    expect(runtime.getModel(ModelType.TEXT_EMBEDDING)).toBeUndefined();
    expect(warnings.filter((w) => w.includes("Memory search is off"))).toHaveLength(1);
    // Nothing was deferred to an EMBED_MEMORY task that could never succeed.
    expect(warnings.filter((w) => w.includes("deferring"))).toEqual([]);
  });

  it("OPENAI_EMBEDDING_MODEL=none registers no TEXT_EMBEDDING and never calls /embeddings", async () => {
    const runtime = await agent({ OPENAI_EMBEDDING_MODEL: "None" });
    expect(runtime.getModel(ModelType.TEXT_EMBEDDING)).toBeUndefined();
    const result = await say(runtime, "hello there");
    expect(result.responses.map((r) => r.content.text)).toEqual(["Hello, Pat."]);
    expect(paths()).not.toContain("/v1/embeddings");
    expect(warnings.filter((w) => /embedding/i.test(w))).toEqual([]);
  });

  it("uses the embedding model the server has when one is named", async () => {
    await server.close();
    server = await startFakeOpenAI({
      models: ["llama3.2", "nomic-embed-text"],
      embeddingDimension: 768,
    });
    const runtime = await agent({ OPENAI_EMBEDDING_MODEL: "nomic-embed-text" });
    expect(runtime.getModelRegistration(ModelType.TEXT_EMBEDDING)?.provider).toBe("openai");
    expect(bodies("/v1/embeddings").map((b) => b.model)).toEqual(["nomic-embed-text"]);
    expect(warnings.filter((w) => /embedding/i.test(w))).toEqual([]);
  });

  it("falls back to the next embedding provider when one is registered", async () => {
    const fallback = {
      name: "fallback-embed",
      priority: -10,
      models: { [ModelType.TEXT_EMBEDDING]: async () => [0.6, 0.8] },
    };
    const runtime = await createAgent({
      character,
      storage: createMemoryStorage(),
      logger: logger(),
      plugins: [fallback],
      env: { OPENAI_BASE_URL: server.url, OPENAI_LARGE_MODEL: "llama3.2" },
    });
    expect(runtime.getModelRegistration(ModelType.TEXT_EMBEDDING)?.provider).toBe("fallback-embed");
    expect(await runtime.useModel(ModelType.TEXT_EMBEDDING, { text: "x" })).toEqual([0.6, 0.8]);
    const notes = warnings.filter((w) => w.includes('Embeddings from "openai" are off'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('Embedding with "fallback-embed" instead.');
  });

  it("still fails the start on errors a setting cannot explain away (a rejected key)", async () => {
    await server.close();
    server = await startFakeOpenAI({ apiKey: "sk-right" });
    await expect(agent({ OPENAI_API_KEY: "sk-wrong" })).rejects.toThrow(/rejected the API key/);
  });
});

describe("createOpenAIPlugin({ embeddings: false })", () => {
  it("registers no embedding model", () => {
    expect(Object.keys(createOpenAIPlugin({ embeddings: false }).models ?? {})).not.toContain(
      "TEXT_EMBEDDING",
    );
  });
});
