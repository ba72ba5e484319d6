// Memory search end to end: messages and knowledge are embedded as they are written, and what
// is recalled by meaning reaches the prompt the model receives — on each SQL backend and memory.
// Embeddings come from the local OpenAI-compatible fake (word-hash vectors: texts that share
// words are close), so what should be recalled is deterministic.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Storage } from "../../adapters/d1/index.ts";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createPgliteStorage, type PostgresStorage } from "../../adapters/postgres/index.ts";
import {
  type AgentRuntime,
  ChannelType,
  characterKnowledgeStrings,
  chunkText,
  createAgent,
  createUniqueUuid,
  EMBED_TASK,
  ingestKnowledge,
  MemoryTable,
  messageService,
  parseCharacter,
  runDueTasks,
  type StorageAdapter,
} from "../../core/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const DIM = 64;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let openai: FakeOpenAIServer;
let d1: MiniflareD1;
let pglite: PostgresStorage;

beforeAll(async () => {
  openai = await startFakeOpenAI({ embeddingDimension: DIM });
  d1 = await startMiniflareD1();
  pglite = await createPgliteStorage();
  await pglite.init();
});
afterAll(async () => {
  await openai?.close();
  await d1?.dispose();
  await pglite?.close();
});

const character = parseCharacter({
  name: "Mnemo",
  knowledge: [
    "The office wifi network is called Orchard and its password is hunter2.",
    "Lunch is served on the third floor between noon and two.",
  ],
});

async function agentOn(storage: StorageAdapter, env: Record<string, unknown> = {}) {
  const model = scriptedModel((p) => `ok ${p.userText}`);
  const runtime = await createAgent({
    character,
    storage,
    plugins: [model.plugin],
    logger: quiet,
    env: {
      OPENAI_BASE_URL: openai.url,
      EMBEDDING_DIMENSION: String(DIM),
      CONVERSATION_LENGTH: "4",
      ...env,
    },
  });
  return { runtime, model };
}

async function say(runtime: AgentRuntime, text: string) {
  const entityId = createUniqueUuid(runtime, "pat");
  const roomId = createUniqueUuid(runtime, "pat-room");
  return messageService.handleMessage(
    runtime,
    {
      entityId,
      roomId,
      content: { text, source: "test", channelType: ChannelType.DM },
      metadata: { entityName: "Pat" },
    },
    undefined,
    { connection: { entityId, roomId, source: "test", type: ChannelType.DM, userName: "Pat" } },
  );
}

const backends: [string, () => Promise<StorageAdapter>][] = [
  ["memory", async () => createMemoryStorage()],
  [
    "pglite",
    async () => {
      await pglite.reset();
      return pglite;
    },
  ],
  [
    "d1",
    async () => {
      await d1.reset();
      return createD1Storage(d1.db);
    },
  ],
];

describe.each(backends)("recall by meaning on %s", (_name, open) => {
  it("brings a fact from beyond the recent window into the prompt", async () => {
    const { runtime, model } = await agentOn(await open());
    await say(runtime, "My sister Clara lives in Lisbon near the river.");
    for (let i = 0; i < 8; i++) await say(runtime, `filler message number ${i} about nothing much`);
    await say(runtime, "Where does my sister Clara live?");
    const prompt = model.calls.at(-1)?.params.prompt ?? "";
    // Not in the recent window any more...
    const recent = prompt.slice(prompt.indexOf("# Conversation"));
    expect(recent).not.toContain("Lisbon");
    // ...but recalled by meaning.
    expect(prompt).toContain("# Earlier messages that may be relevant");
    expect(prompt).toContain("Pat: My sister Clara lives in Lisbon near the river.");
  });

  it("ingests character knowledge once and puts the matching fragment in the prompt", async () => {
    const { runtime, model } = await agentOn(await open());
    const first = await ingestKnowledge(runtime, characterKnowledgeStrings(runtime));
    expect(first).toEqual({ documents: 2, fragments: 2, skipped: 0, complete: true });
    expect(await ingestKnowledge(runtime, characterKnowledgeStrings(runtime))).toEqual({
      documents: 0,
      fragments: 0,
      skipped: 2,
      complete: true,
    });
    await say(runtime, "what is the wifi password for the office network?");
    const prompt = model.calls.at(-1)?.params.prompt ?? "";
    expect(prompt).toContain("# Knowledge");
    expect(prompt).toContain("its password is hunter2");
    expect(prompt).not.toContain("Lunch is served");
  });
});

describe("embedding in the pipeline", () => {
  it("stores messages and replies with their embeddings, in the same writes", async () => {
    const storage = createMemoryStorage();
    const { runtime } = await agentOn(storage);
    const result = await say(runtime, "hello embeddings");
    const stored = await storage.getMemoryById(result.messageId as never);
    expect(stored?.embedding).toHaveLength(DIM);
    expect(result.responses[0]?.embedding).toHaveLength(DIM);
  });

  it("defers a slow embedding to a task that a tick completes", async () => {
    const storage = createMemoryStorage();
    const { runtime } = await agentOn(storage, { EMBEDDING_BUDGET_MS: "20" });
    openai.enqueue({ delayMs: 300, body: { object: "list", data: [], model: "x" } });
    const result = await say(runtime, "a slow one");
    const saved = await storage.getMemoryById(result.messageId as never);
    expect(saved?.embedding ?? []).toHaveLength(0);
    expect((await storage.getTasksByName(EMBED_TASK)).length).toBeGreaterThanOrEqual(1);
    await runDueTasks(runtime);
    expect((await storage.getMemoryById(result.messageId as never))?.embedding).toHaveLength(DIM);
    expect(await storage.getTasksByName(EMBED_TASK)).toEqual([]);
  });

  it("finds the width with one probe when EMBEDDING_DIMENSION is unset, and pins it", async () => {
    const storage = createMemoryStorage();
    const before = openai.requests.length;
    await agentOn(storage, { EMBEDDING_DIMENSION: "" });
    expect(openai.requests.length - before).toBe(1);
    await expect(
      storage.createMemory(
        {
          entityId: createUniqueUuid({ agentId: "a-b-c-d-e" }, "x"),
          roomId: createUniqueUuid({ agentId: "a-b-c-d-e" }, "r"),
          content: { text: "x" },
          embedding: [1, 2, 3],
        },
        MemoryTable.MESSAGES,
      ),
    ).rejects.toThrow(/dimension|width/i);
  });

  it("makes no model call at startup when EMBEDDING_DIMENSION is configured", async () => {
    const before = openai.requests.length;
    await agentOn(createMemoryStorage());
    expect(openai.requests.length).toBe(before);
  });

  it("says clearly when the model's width differs from EMBEDDING_DIMENSION", async () => {
    const storage = createMemoryStorage();
    const { runtime } = await agentOn(storage, {
      EMBEDDING_DIMENSION: "32",
      EMBEDDING_BUDGET_MS: "5000",
    });
    openai.enqueue({
      body: {
        object: "list",
        data: [{ object: "embedding", index: 0, embedding: new Array(48).fill(0.1) }],
        model: "x",
      },
    });
    // The message is still answered; the embedding is deferred and the error logged.
    const warnings: string[] = [];
    runtime.logger.warn = (message, data) =>
      void warnings.push(`${message} ${JSON.stringify(data)}`);
    const result = await say(runtime, "wrong width");
    expect(result.didRespond).toBe(true);
    expect(warnings.join("\n")).toMatch(/48.*32|32.*48/);
  });
});

describe("chunkText", () => {
  it("keeps short text whole and splits long text at sentence boundaries with overlap", () => {
    expect(chunkText("  short text  ")).toEqual(["short text"]);
    expect(chunkText("")).toEqual([]);
    const sentence = "This sentence is exactly long enough to matter. ";
    const long = sentence.repeat(60);
    const chunks = chunkText(long, 500, 50);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(500);
      expect(chunk.endsWith(".")).toBe(true);
    }
    // Every word of the input is in some chunk.
    expect(chunks.join(" ").replace(/\s+/g, " ")).toContain(sentence.trim());
  });

  it("cuts text without any boundary at the size limit", () => {
    const chunks = chunkText("x".repeat(2500), 1000, 100);
    expect(chunks.map((c) => c.length)).toEqual([1000, 1000, 700]);
  });
});
