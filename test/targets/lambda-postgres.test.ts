// The Lambda handler with DATABASE_URL set: Postgres over Neon's HTTP driver instead of
// DynamoDB (serverless.yml always sets DYNAMODB_TABLE; DATABASE_URL wins), against the local
// Neon HTTP shim in front of PGlite. The schema and the search index of EMBEDDING_DIMENSION
// are applied first as the deploy step does (`npm run db:migrate`'s code). Then: messages and
// ticks land in Postgres, search reaches every memory (DynamoDB scores only the newest 1,000
// embedded ones in scope), and the deployable bundle loads the Postgres driver, kept in a chunk
// of its own, only when DATABASE_URL is set.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostgresStorage } from "../../adapters/postgres/index.ts";
import { writeMemories } from "../../bench/scale/seed.ts";
import characterJson from "../../character.json" with { type: "json" };
import { characterAgentId, parseCharacter, type UUID } from "../../core/index.ts";
import { writeLambdaBundle } from "../../targets/lambda/build.ts";
import { createLambdaHandler, lambdaStorageFromEnv } from "../../targets/lambda/index.ts";
import { migratePostgresFromEnv } from "../../targets/node/migrate.ts";
import { clusteredSpace } from "../support/clustered-vectors.ts";
import { type HttpResult, json, scheduledEvent, v2Event } from "../support/lambda-events.ts";
import {
  type NeonHttpShim,
  startNeonHttpShim,
  useLocalNeonHttp,
} from "../support/neon-http-shim.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";

const API_TOKEN = "lambda-postgres-token";
const character = parseCharacter(characterJson);
const agentId = characterAgentId(character);
const WIDTH = 8;

let server: PgliteServer;
let shim: NeonHttpShim;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startPgliteServer();
  shim = await startNeonHttpShim();
  useLocalNeonHttp(shim);
  env = {
    DATABASE_URL: server.url,
    DYNAMODB_TABLE: "the-stack-table-left-unused",
    EMBEDDING_DIMENSION: String(WIDTH),
    API_TOKEN,
    LOG_LEVEL: "silent",
  };
  const line = await migratePostgresFromEnv({ DATABASE_URL: server.url, EMBEDDING_DIMENSION: "8" });
  expect(line).toMatch(/^applied 0000_pgvector, .*; search index for width 8: built$/);
});

afterAll(async () => {
  await shim?.stop();
  await server?.stop();
});

async function count(sql: string): Promise<number> {
  const result = await server.db.query<{ n: number }>(sql);
  return Number(result.rows[0]?.n ?? 0);
}

describe("Lambda with DATABASE_URL", () => {
  const handler = createLambdaHandler({ env: { LOG_LEVEL: "silent" }, selfInvoke: null });
  const call = (event: unknown) => createLambdaHandler({ env, selfInvoke: null })(event);

  it("answers /health from Postgres over Neon HTTP, though DYNAMODB_TABLE is set too", async () => {
    const result = (await call(v2Event({ method: "GET", path: "/health" }))) as HttpResult;
    expect(result.statusCode).toBe(200);
    expect(json(result)).toMatchObject({ status: "ok", storage: "neon-http" });
    // Neither configured is still refused, as before.
    const bare = (await handler(v2Event({ method: "GET", path: "/health" }))) as HttpResult;
    expect(bare.statusCode).toBe(503);
  });

  it("stores a message and its reply in Postgres and lists them back", async () => {
    const before = shim.requests();
    const sent = (await call(
      v2Event({
        method: "POST",
        path: "/api/messages",
        headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ text: "I need some help", userId: "ada" }),
      }),
    )) as HttpResult;
    expect(sent.statusCode).toBe(200);
    const reply = json(sent) as { roomId: string; roomUuid: UUID; didRespond: boolean };
    expect(reply.didRespond).toBe(true);
    expect(shim.requests()).toBeGreaterThan(before);
    expect(
      await count(
        `select count(*)::int as n from memories where room_id = '${reply.roomUuid}' and agent_id = '${agentId}'`,
      ),
    ).toBe(2);
    const listed = (await call(
      v2Event({
        method: "GET",
        path: `/api/rooms/${reply.roomId}/messages`,
        headers: { authorization: `Bearer ${API_TOKEN}` },
      }),
    )) as HttpResult;
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(json(listed))).toContain("I need some help");
  });

  it("runs an EventBridge tick on Postgres, once per occurrence", async () => {
    const first = await call(scheduledEvent("2031-01-01T00:00:00Z"));
    expect(first).toMatchObject({ duplicate: false });
    const again = await call(scheduledEvent("2031-01-01T00:00:00Z"));
    expect(again).toMatchObject({ duplicate: true });
    expect(await count("select count(*)::int as n from claims where key like 'tick:%'")).toBe(1);
  });

  it("searches every memory, the oldest of 1,500 included, with the deploy step's index in place", async () => {
    const storage = (await lambdaStorageFromEnv(env, { agentId, character })) as PostgresStorage;
    expect(storage.kind).toBe("neon-http");
    const roomId = "00000000-0000-4000-8000-0000000000b1" as UUID;
    // 1,499 newer memories in clusters; the oldest is the one the query names exactly.
    const next = clusteredSpace(WIDTH, { topics: 20, noise: 0.2 }).points(5);
    const memories = Array.from({ length: 1_500 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` as UUID,
      entityId: agentId,
      agentId,
      roomId,
      content: { text: i === 0 ? "the oldest" : `newer ${i}` },
      embedding: next(),
      createdAt: Date.UTC(2026, 0, 1) + i * 1000,
    }));
    await writeMemories(storage, "messages", memories);
    await server.db.exec("analyze memories"); // what autovacuum does on Neon
    const found = await storage.searchMemories({
      tableName: "messages",
      roomId,
      embedding: memories[0]!.embedding,
      count: 1,
    });
    expect(found.map((m) => m.content.text)).toEqual(["the oldest"]);
    // The index the deploy step built for the pinned width. Whether a search uses it is the
    // planner's call: over 1,500 rows of width 8 reading them all is cheaper, and it says so.
    // postgres-search-index.test.ts asserts the index plan where the planner picks it.
    const index = await server.db.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'memories_embedding_${WIDTH}_idx'`,
    );
    expect(index.rows[0]?.indexdef).toMatch(/USING hnsw .*WHERE \(vector_dims\(embedding\) = 8\)/);
  });
});

describe("the deployable bundle with DATABASE_URL", () => {
  it("keeps the Neon driver out of what a DynamoDB cold start loads, and loads it for Postgres", async () => {
    const dir = await mkdtemp(join(tmpdir(), "eliza-edge-lambda-pg-"));
    const saved = { ...process.env };
    const realFetch = globalThis.fetch;
    try {
      const bundle = await writeLambdaBundle(dir);
      const outputs = bundle.metafile.outputs;
      const neonOutputs = Object.keys(outputs).filter((path) =>
        Object.keys(outputs[path]!.inputs).some((input) =>
          input.includes("@neondatabase/serverless"),
        ),
      );
      expect(neonOutputs).toHaveLength(1);
      expect(neonOutputs[0]).toContain("/chunks/");
      // Nothing the entry imports statically holds it: only the dynamic import reaches it.
      expect(bundle.loadedAtStart.length).toBeGreaterThan(0);
      expect(bundle.loadedAtStart).not.toContain(neonOutputs[0]);
      expect(bundle.code).not.toContain("neon-connection-string");
      expect(await readdir(join(dir, "chunks"))).toContain(neonOutputs[0]!.split("/").pop());
      // The bundle has its own copy of the Neon driver, configured for neon.tech: its
      // requests to POST /sql go to the local shim instead.
      // (The driver makes https://api.0.0.1/sql of 127.0.0.1, which new URL() refuses.)
      globalThis.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (!url.endsWith("/sql")) return realFetch(input, init);
        return realFetch(`http://127.0.0.1:${shim.port}/sql`, init);
      };
      Object.assign(process.env, env);
      const { handler } = (await import(pathToFileURL(join(dir, "index.js")).href)) as {
        handler: (event: unknown) => Promise<HttpResult>;
      };
      const health = await handler(v2Event({ method: "GET", path: "/health" }));
      expect(health.statusCode).toBe(200);
      expect(json(health)).toMatchObject({ storage: "neon-http" });
      const sent = await handler(
        v2Event({
          method: "POST",
          path: "/api/messages",
          headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ text: "hello from the bundle", userId: "bundle-user" }),
        }),
      );
      expect(sent.statusCode).toBe(200);
      expect(json(sent)).toMatchObject({ didRespond: true });
      expect(
        await count(
          "select count(*)::int as n from memories where content->>'text' = 'hello from the bundle'",
        ),
      ).toBe(1);
    } finally {
      globalThis.fetch = realFetch;
      for (const key of Object.keys(env)) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      await rm(dir, { recursive: true, force: true });
    }
  });
});
