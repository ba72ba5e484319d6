// The deployable Worker with a Vectorize binding, in workerd: `VECTORIZE` is workerd's own
// Vectorize binding class, its requests answered by the local stand-in (test/fakes/vectorize),
// and embeddings come from the fake OpenAI server. A message's vectors land in the index with
// the metadata searches filter on, and the turn's recall and knowledge search the index.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { D1Database } from "@cloudflare/workers-types";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VECTORIZE_METADATA } from "../../adapters/d1/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { startVectorizeStandIn, type VectorizeStandIn } from "../fakes/vectorize/server.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";
import { startD1Worker, vectorizeBinding } from "../support/miniflare-d1.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const API_TOKEN = "vectorize-test-token";
const WIDTH = 8;

describe("Worker in workerd with D1 and Vectorize", () => {
  let mf: Miniflare;
  let db: D1Database;
  let standIn: VectorizeStandIn;
  let model: FakeOpenAIServer;

  beforeAll(async () => {
    standIn = await startVectorizeStandIn({
      dimensions: WIDTH,
      metadataIndexes: Object.fromEntries(VECTORIZE_METADATA.map((name) => [name, "string"])),
    });
    model = await startFakeOpenAI({ embeddingDimension: WIDTH });
    const bundle = await bundleForWorkers(join(root, "targets/cloudflare/main.ts"));
    ({ mf, db } = await startD1Worker({
      script: bundle.code,
      compatibilityDate: "2026-04-20",
      worker: { vectorize: vectorizeBinding(standIn.url) },
      bindings: {
        API_TOKEN,
        LOG_LEVEL: "warn",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: model.url,
        EMBEDDING_DIMENSION: String(WIDTH),
      },
    }));
  });

  afterAll(async () => {
    await mf?.dispose();
    await model?.close();
    await standIn?.close();
  });

  const send = async (text: string) => {
    const response = (await mf.dispatchFetch("http://worker.test/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text, userId: "ada" }),
    })) as unknown as Response;
    expect(response.status).toBe(200);
    return (await response.json()) as { roomUuid: string };
  };

  it("indexes each message's vector with its scope, and recalls through the index", async () => {
    const { roomUuid } = await send("I keep bees on the roof");
    const { results: rows } = await db
      .prepare("SELECT id, agent_id, entity_id FROM memories WHERE room_id = ? ORDER BY rowid")
      .bind(roomUuid)
      .all<{ id: string; agent_id: string; entity_id: string }>();
    expect(rows).toHaveLength(2); // the user's message and the reply, both embedded
    const [stored] = standIn.index.getByIds([rows[0]!.id]);
    expect(stored?.values).toHaveLength(WIDTH);
    expect(stored?.metadata).toEqual({
      tableName: "messages",
      roomId: roomUuid,
      agentId: rows[0]!.agent_id,
      entityId: rows[0]!.entity_id,
    });
    expect(standIn.index.getByIds(rows.map((row) => row.id))).toHaveLength(2);

    standIn.calls.length = 0;
    await send("what do I keep on the roof?");
    // Recall of this room's messages, and of the agent's knowledge: both from the index.
    const filters = standIn.calls.flatMap((call) => (call.op === "query" ? [call.filter] : []));
    const agentId = rows[0]!.agent_id;
    expect(filters).toHaveLength(2);
    expect(filters).toEqual(
      expect.arrayContaining([
        { tableName: "messages", roomId: roomUuid, agentId },
        { tableName: "fragments", agentId },
      ]),
    );
  });
});
