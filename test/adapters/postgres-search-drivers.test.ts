// The HNSW search's settings (hnsw.ts, searchSettingsSql) reach the database through every
// network driver: Neon over HTTP sends them with each search, SET LOCAL in its one request
// (every request is a session of its own), and the pools (Neon's WebSocket Pool, pg) give
// each new connection them first. Without them an HNSW scan hands over at most 40 candidates
// (pgvector's default ef_search), fewer once the scope's filter drops some, so a search for
// more than that comes back short; with them it returns its full count. One PGlite served
// over pglite-socket stands in for the database (one session under every connection, so each
// case resets the session's settings first).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createNeonHttpStorage,
  createNeonPoolStorage,
  createNodePostgresStorage,
  type PostgresStorage,
} from "../../adapters/postgres/index.ts";
import { writeMemories } from "../../bench/scale/seed.ts";
import type { UUID } from "../../core/index.ts";
import { clusteredSpace } from "../support/clustered-vectors.ts";
import {
  type NeonHttpShim,
  startNeonHttpShim,
  useLocalNeonHttp,
} from "../support/neon-http-shim.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";
import { startWsProxy, useLocalWsProxy, type WsProxy } from "../support/ws-proxy.ts";

const WIDTH = 32;
const AGENT = "00000000-0000-4000-8000-00000000000a" as UUID;
const ROOM = "00000000-0000-4000-8000-0000000000a1" as UUID;

let server: PgliteServer;
let shim: NeonHttpShim;
let proxy: WsProxy;
const space = clusteredSpace(WIDTH, { topics: 40 });
const queries = { next: space.points(11) };

beforeAll(async () => {
  server = await startPgliteServer();
  shim = await startNeonHttpShim();
  proxy = await startWsProxy();
  useLocalNeonHttp(shim);
  useLocalWsProxy(proxy);
  // 1,200 memories in clusters, every 20th the agent's knowledge; written before the width
  // is pinned, then the start with EMBEDDING_DIMENSION builds the index over them.
  const writer = createNeonHttpStorage({ connectionString: server.url, agentId: AGENT });
  await writer.init();
  const vectors = { next: space.points(5) };
  const rows = Array.from({ length: 1_200 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` as UUID,
    entityId: AGENT,
    agentId: AGENT,
    roomId: ROOM,
    content: { text: `memory ${i}` },
    embedding: vectors.next(),
    createdAt: Date.UTC(2026, 0, 1) + i * 1000,
  }));
  await writeMemories(
    writer,
    "messages",
    rows.filter((_, i) => i % 20 !== 0),
  );
  await writeMemories(
    writer,
    "fragments",
    rows.filter((_, i) => i % 20 === 0),
  );
  await writer.ensureEmbeddingDimension(WIDTH);
  // What autovacuum does on Postgres and Neon (PGlite, underneath, has none).
  await server.db.exec("analyze");
});

afterAll(async () => {
  await proxy?.stop();
  await shim?.stop();
  await server?.stop();
});

async function resetSession(): Promise<void> {
  await server.db.exec("reset hnsw.ef_search; reset hnsw.iterative_scan");
}

/**
 * A search for more rows than an HNSW scan keeps by default. Over 1,140 messages of width 32
 * the planner reads the index for up to about 100 rows (beyond that it sorts them all), so 60.
 */
const COUNT = 60;

/** Ten searches of the room's messages; each must come back full. */
async function expectFullResults(storage: PostgresStorage): Promise<void> {
  for (let q = 0; q < 10; q++) {
    const found = await storage.searchMemories({
      tableName: "messages",
      roomId: ROOM,
      embedding: queries.next(),
      count: COUNT,
    });
    expect(found).toHaveLength(COUNT);
    expect(found.every((m) => m.content.text !== undefined && m.similarity! > 0)).toBe(true);
  }
}

describe("HNSW search settings through the network drivers", () => {
  it("are needed: without them the same index scan comes back short", async () => {
    await resetSession();
    const search = `select id from memories where type = 'messages' and agent_id = $1
         and room_id = $2 and vector_dims(embedding) = ${WIDTH}
       order by (embedding::vector(${WIDTH})) <=> $3::vector(${WIDTH}) limit ${COUNT}`;
    const args = [AGENT, ROOM, `[${queries.next().join(",")}]`];
    const shown = await server.db.query<{ "QUERY PLAN": string }>(`explain ${search}`, args);
    expect(shown.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain(
      `Index Scan using memories_embedding_${WIDTH}_idx`,
    );
    const plain = await server.db.query(search, args);
    expect(plain.rows.length).toBeLessThanOrEqual(40);
  });

  it("Neon HTTP: sent in the search's own request, and gone after it", async () => {
    await resetSession();
    const storage = createNeonHttpStorage({
      connectionString: server.url,
      agentId: AGENT,
      embeddingDimension: WIDTH,
      migrate: false,
    });
    const before = shim.requests();
    await storage.searchMemories({ tableName: "fragments", embedding: queries.next(), count: 10 });
    expect(shim.requests() - before).toBe(1);
    await expectFullResults(storage);
    // SET LOCAL: the session the next request lands on starts from the defaults again.
    const shown = await server.db.query<{ value: string }>(
      "select current_setting('hnsw.iterative_scan') as value",
    );
    expect(shown.rows[0]?.value).toBe("off");
  });

  it("Neon's WebSocket Pool: set on each new connection", async () => {
    await resetSession();
    const storage = createNeonPoolStorage({
      connectionString: server.url,
      agentId: AGENT,
      embeddingDimension: WIDTH,
      migrate: false,
      max: 2,
    });
    try {
      await expectFullResults(storage);
    } finally {
      await storage.close();
    }
  });

  it("pg's Pool: set on each new connection", async () => {
    await resetSession();
    const storage = createNodePostgresStorage({
      connectionString: server.url,
      agentId: AGENT,
      embeddingDimension: WIDTH,
      migrate: false,
      max: 2,
    });
    try {
      await expectFullResults(storage);
    } finally {
      await storage.close();
    }
  });
});
