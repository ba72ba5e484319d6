// Character knowledge on the Worker in real workerd, on D1 and on D1 + Vectorize: a cold start
// embeds nothing and leaves the ingest to the Cron Triggers, each tick embeds a bounded batch
// and the next resumes, and then the agent answers a question only its knowledge answers.
// A second cold start (a new workerd over the same persisted database) embeds nothing again.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { D1Database } from "@cloudflare/workers-types";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VECTORIZE_METADATA } from "../../adapters/d1/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { startVectorizeStandIn, type VectorizeStandIn } from "../fakes/vectorize/server.ts";
import { FACT, KNOWLEDGE_FILES, QUESTION } from "../fixtures/knowledge-character.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";
import { startD1Worker, vectorizeBinding } from "../support/miniflare-d1.ts";
import { triggerScheduled } from "../support/miniflare-scheduled.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const API_TOKEN = "knowledge-test-token";
const WIDTH = 32;
const compatibilityDate = "2026-04-20";
/** Four documents of one fragment each (the string, the file, two in the directory), 2 a tick. */
const PER_TICK = 2;

describe.each([
  { backend: "D1", vectorize: false },
  { backend: "D1 + Vectorize", vectorize: true },
])("character knowledge on the Worker with $backend", ({ vectorize }) => {
  let script: string;
  let model: FakeOpenAIServer;
  let standIn: VectorizeStandIn | undefined;
  let persist: string;
  let mf: Miniflare | undefined;

  const embeddingCalls = () => model.requests.filter((r) => r.path.endsWith("/embeddings")).length;

  beforeAll(async () => {
    script = (await bundleForWorkers(join(root, "test/fixtures/worker-knowledge.ts"))).code;
    // The model answers from whatever knowledge its prompt carries.
    model = await startFakeOpenAI({
      embeddingDimension: WIDTH,
      reply: (request) =>
        JSON.stringify(request.body).includes(FACT)
          ? `The gate code is ${FACT}.`
          : "I do not know that.",
    });
    if (vectorize) {
      standIn = await startVectorizeStandIn({
        dimensions: WIDTH,
        metadataIndexes: Object.fromEntries(VECTORIZE_METADATA.map((name) => [name, "string"])),
      });
    }
    persist = await mkdtemp(join(tmpdir(), "worker-knowledge-"));
  }, 60_000);

  afterAll(async () => {
    await mf?.dispose();
    await model?.close();
    await standIn?.close();
    if (persist) await rm(persist, { recursive: true, force: true });
  });

  /** A workerd over the persisted database: each one is a cold start. */
  const start = async () => {
    await mf?.dispose();
    const started = await startD1Worker({
      script,
      compatibilityDate,
      shared: { unsafeTriggerHandlers: true, d1Persist: persist },
      worker: standIn ? { vectorize: vectorizeBinding(standIn.url) } : {},
      bindings: {
        API_TOKEN,
        LOG_LEVEL: "warn",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: model.url,
        EMBEDDING_DIMENSION: String(WIDTH),
        KNOWLEDGE_FRAGMENTS_PER_TICK: String(PER_TICK),
        KNOWLEDGE_MATCH_THRESHOLD: "0",
      },
    });
    mf = started.mf;
    return started.db;
  };
  const tick = (minute: number) =>
    triggerScheduled(mf as Miniflare, "http://worker.test", {
      cron: "* * * * *",
      scheduledTime: new Date(Date.UTC(2026, 10, 28, 12, minute)),
    });
  const count = async (db: D1Database, sql: string) =>
    (await db.prepare(sql).first<{ n: number }>())?.n ?? 0;
  const ask = async () => {
    const response = (await (mf as Miniflare).dispatchFetch("http://worker.test/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text: QUESTION, userId: "visitor" }),
    })) as unknown as Response;
    expect(response.status).toBe(200);
    return (await response.json()) as { replies: { text: string }[] };
  };

  it("is ingested a bounded batch per tick, then answers from it", async () => {
    const db = await start();
    const ticks: number[] = [];
    for (let minute = 0; minute < 10; minute++) {
      const before = embeddingCalls();
      expect((await tick(minute)).outcome).toBe("ok");
      ticks.push(embeddingCalls() - before);
      const pending = await count(
        db,
        "SELECT COUNT(*) AS n FROM tasks WHERE name = 'KNOWLEDGE_INGEST'",
      );
      if (pending === 0) break;
    }
    // Never more than the batch in one invocation; more than one tick, so it was resumed.
    expect(Math.max(...ticks)).toBeLessThanOrEqual(PER_TICK);
    expect(ticks.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(ticks.reduce((a, b) => a + b, 0)).toBe(1 + Object.keys(KNOWLEDGE_FILES).length);
    expect(
      await count(db, "SELECT COUNT(*) AS n FROM memories WHERE table_name = 'documents'"),
    ).toBe(4);
    if (standIn) expect(standIn.index.size).toBeGreaterThanOrEqual(4);

    const { replies } = await ask();
    expect(replies.map((r) => r.text).join(" ")).toContain(FACT);
  });

  it("embeds nothing again on the next cold start", async () => {
    const db = await start();
    const before = embeddingCalls();
    expect((await tick(30)).outcome).toBe("ok");
    expect(embeddingCalls()).toBe(before);
    expect(await count(db, "SELECT COUNT(*) AS n FROM tasks")).toBe(0);
    expect(
      await count(db, "SELECT COUNT(*) AS n FROM memories WHERE table_name = 'fragments'"),
    ).toBe(4);
  });
});
