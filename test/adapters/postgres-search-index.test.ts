// Memory search through the HNSW index of the pinned width (adapters/postgres/hnsw.ts), on
// PGlite: the storage's own search statement is planned as a scan of that index; its top 10
// agree with exact search (recall@10 >= 0.95); rows of another width, left from an earlier
// EMBEDDING_DIMENSION, sit beside them and are neither returned nor an error, nor do they
// keep the index from being used; and a filtered search (one agent's knowledge among many
// messages) still returns its full count, whichever plan it gets (with statistics of the
// width, migration 0004, the planner reads a small scope by its btree index and sorts it;
// through the HNSW index it would need pgvector's iterative scans).
//
// Size: 10,000 memories of width 64 in wide clusters, enough that the planner prices the
// index (EF_SEARCH candidates) below an exact scan, and that an HNSW scan sees a small part
// of the table and a recall of 1.0 is not automatic; the index
// is built once over them, as the upgrade to this version builds it over existing rows. The
// bench (bench/scale/search.ts) measures 100,000 memories of width 384.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresStorage } from "../../adapters/postgres/index.ts";
import { pgliteDriver } from "../../adapters/postgres/pglite.ts";
import { writeMemories } from "../../bench/scale/seed.ts";
import type { Memory, UUID } from "../../core/index.ts";
import { clusteredSpace, exactNearest, recall } from "../support/clustered-vectors.ts";
import {
  describePlan,
  plan,
  type RecordingClient,
  recordingClient,
} from "../support/query-plans.ts";

const WIDTH = 64;
const OLD_WIDTH = 32;
const MEMORIES = 10_000;
const QUERIES = 40;
const AGENT = "00000000-0000-4000-8000-00000000000a" as UUID;
const ROOM = "00000000-0000-4000-8000-0000000000a1" as UUID;

let db: PGlite;
let recorder: RecordingClient;
let storage: PostgresStorage;
/** The stored width-64 memories, in the order their vectors were made. */
const stored: (Memory & { id: UUID; createdAt: number; embedding: number[] })[] = [];
const oldIds = new Set<string>();
// Wide clusters (noise 0.3 per component at width 64): a hard set for its size, where
// pgvector's default of 40 candidates finds about 0.93 of the exact top 10 and EF_SEARCH 1.0.
const space = clusteredSpace(WIDTH, { topics: 50, noise: 0.3 });
const oldSpace = clusteredSpace(OLD_WIDTH, { topics: 50 });
const queries = { next: space.points(99) };

beforeAll(async () => {
  db = await PGlite.create({ extensions: { vector } });
  recorder = recordingClient(db);
  // Before: memories of width 32 (an earlier EMBEDDING_DIMENSION), then of width 64, written
  // by a storage with no width pinned, so no index exists yet.
  const before = new PostgresStorage(pgliteDriver(recorder.client, false), { agentId: AGENT });
  await before.init();
  const old = { next: oldSpace.points(3) };
  const oldRows = Array.from({ length: 200 }, (_, i) => memory(i, old.next()));
  for (const row of oldRows) oldIds.add(row.id);
  await writeMemories(before, "messages", oldRows);
  const vectors = { next: space.points(5) };
  for (let i = 0; i < MEMORIES; i++) stored.push(memory(1_000 + i, vectors.next()));
  // Every 20th is the agent's knowledge (a fragment), the rest messages of one room.
  await writeMemories(
    before,
    "messages",
    stored.filter((_, i) => i % 20 !== 0),
  );
  await writeMemories(
    before,
    "fragments",
    stored.filter((_, i) => i % 20 === 0),
  );
  // The start with EMBEDDING_DIMENSION=64: init makes the index over the rows already there,
  // then gathers statistics, as every start does.
  storage = new PostgresStorage(pgliteDriver(recorder.client, false), {
    agentId: AGENT,
    embeddingDimension: WIDTH,
  });
  await storage.init();
});

afterAll(async () => {
  await db?.close();
});

function memory(i: number, embedding: number[]) {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` as UUID;
  return {
    id,
    entityId: AGENT,
    agentId: AGENT,
    roomId: ROOM,
    content: { text: `memory ${i}` },
    embedding,
    createdAt: Date.UTC(2026, 0, 1) + i * 1000,
  };
}

describe("memory search through the HNSW index of the pinned width (PGlite)", () => {
  it("made one index per width, the pinned width's over the rows already stored", async () => {
    const result = await db.query<{ name: string; definition: string }>(
      "select indexname as name, indexdef as definition from pg_indexes where tablename = 'memories' and indexdef like '%hnsw%'",
    );
    expect(result.rows.map((row) => row.name)).toEqual([`memories_embedding_${WIDTH}_idx`]);
    expect(result.rows[0]?.definition).toContain(`WHERE (vector_dims(embedding) = ${WIDTH})`);
    // The next start pins the same width: a catalog check, never a second build.
    const next = new PostgresStorage(pgliteDriver(db, false), { agentId: AGENT });
    expect(await next.ensureSearchIndex(WIDTH)).toBe("exists");
  });

  it("plans the storage's search as a scan of that index, with rows of another width present", async () => {
    recorder.take();
    await storage.searchMemories({
      tableName: "messages",
      roomId: ROOM,
      embedding: queries.next(),
      count: 10,
    });
    const [search, ...others] = recorder.take();
    expect(others).toEqual([]);
    const nodes = await plan(db, search!);
    const shown = `${search!.sql}\n${describePlan(nodes)}`;
    const scan = nodes.find((node) => node.relation === "memories");
    expect(scan, shown).toMatchObject({
      type: "Index Scan",
      index: `memories_embedding_${WIDTH}_idx`,
    });
    expect(
      nodes.filter((node) => /Sort|Seq Scan/.test(node.type)),
      shown,
    ).toEqual([]);
  });

  it("finds what exact search finds: recall@10 of at least 0.95 over 40 queries", async () => {
    const messages = stored.filter((_, i) => i % 20 !== 0);
    let total = 0;
    for (let q = 0; q < QUERIES; q++) {
      const query = queries.next();
      const found = await storage.searchMemories({
        tableName: "messages",
        roomId: ROOM,
        embedding: query,
        count: 10,
      });
      expect(found).toHaveLength(10);
      // Best first, similarity as cosine: never a row of the old width.
      expect(found.map((m) => m.similarity)).toEqual(
        [...found.map((m) => m.similarity)].sort((a, b) => b! - a!),
      );
      expect(found.some((m) => oldIds.has(m.id!))).toBe(false);
      const exact = exactNearest(
        query,
        messages.map((m) => m.embedding),
        10,
      ).map((index) => messages[index]!.id);
      total += recall(
        found.map((m) => m.id),
        exact,
      );
    }
    expect(total / QUERIES).toBeGreaterThanOrEqual(0.95);
  });

  it("returns the full count from a filtered scan: the agent's knowledge, 1 row in 20", async () => {
    const fragments = stored.filter((_, i) => i % 20 === 0);
    for (let q = 0; q < 10; q++) {
      const query = queries.next();
      const found = await storage.searchMemories({
        tableName: "fragments",
        embedding: query,
        count: 10,
      });
      expect(found.map((m) => m.id).filter((id) => !fragments.some((f) => f.id === id))).toEqual(
        [],
      );
      expect(found).toHaveLength(10);
      const exact = exactNearest(
        query,
        fragments.map((m) => m.embedding),
        10,
      ).map((index) => fragments[index]!.id);
      expect(
        recall(
          found.map((m) => m.id),
          exact,
        ),
      ).toBeGreaterThanOrEqual(0.8);
    }
  });

  it("keeps the threshold: only rows at least that similar, still best first", async () => {
    const query = stored[1]!.embedding;
    const all = await storage.searchMemories({
      tableName: "messages",
      roomId: ROOM,
      embedding: query,
      count: 50,
    });
    const cut = all[20]!.similarity!;
    const kept = await storage.searchMemories({
      tableName: "messages",
      roomId: ROOM,
      embedding: query,
      count: 50,
      match_threshold: cut,
    });
    expect(kept.length).toBeGreaterThanOrEqual(21);
    expect(kept.every((m) => m.similarity! >= cut)).toBe(true);
    expect(kept.map((m) => m.id)).toEqual(all.slice(0, kept.length).map((m) => m.id));
  });

  it("refuses a query of the old width, and re-pinning to it makes that width's own index", async () => {
    await expect(
      storage.searchMemories({ tableName: "messages", embedding: new Array(OLD_WIDTH).fill(0.1) }),
    ).rejects.toMatchObject({ code: "EMBEDDING_DIMENSION_MISMATCH" });
    const repinned = new PostgresStorage(pgliteDriver(db, false), { agentId: AGENT });
    await repinned.init();
    await repinned.ensureEmbeddingDimension(OLD_WIDTH);
    const found = await repinned.searchMemories({
      tableName: "messages",
      roomId: ROOM,
      embedding: oldSpace.points(4)(),
      count: 5,
    });
    expect(found).toHaveLength(5);
    expect(found.every((m) => oldIds.has(m.id!))).toBe(true);
    const names = await db.query<{ name: string }>(
      "select indexname as name from pg_indexes where tablename = 'memories' and indexdef like '%hnsw%' order by 1",
    );
    expect(names.rows.map((row) => row.name)).toEqual([
      `memories_embedding_${OLD_WIDTH}_idx`,
      `memories_embedding_${WIDTH}_idx`,
    ]);
  });
});
