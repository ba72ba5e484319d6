// D1 in workerd (Miniflare 4), migrated as wrangler migrates it: the conformance suite, then
// what is particular to D1 (100-parameter chunking, the database-side width guard, the
// bounded search scan, the row limit). Vectorize beside D1: d1-vectorize.test.ts.

import type { D1Database } from "@cloudflare/workers-types";
import { build } from "esbuild";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createD1Storage,
  D1Storage,
  MAX_ROW_BYTES,
  SEARCH_CANDIDATES,
} from "../../adapters/d1/index.ts";
import { stringToUuid } from "../../core/kernel/ids/uuid.ts";
import type { StorageOp } from "../../core/kernel/storage/contract.ts";
import type { Entity, UUID } from "../../core/kernel/types/domain.ts";
import { describeStorageConformance } from "../storage/conformance.ts";
import { expectStorageError, FakeClock } from "../storage/fixtures.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";

let d1: MiniflareD1;

beforeAll(async () => {
  d1 = await startMiniflareD1();
});

afterAll(async () => {
  await d1?.dispose();
});

describeStorageConformance("d1 (miniflare)", {
  create: async (options) => createD1Storage(d1.db, options),
  reset: () => d1.reset(),
  capabilities: {
    maxRowBytes: MAX_ROW_BYTES,
    // Separate D1Storage objects over one binding, as separate isolates share one database.
    concurrentClients: async (_storage, count, options) =>
      Array.from({ length: count }, () => new D1Storage(d1.db, options)),
    agentClient: async (_storage, agentId, options) =>
      new D1Storage(d1.db, { ...options, agentId }),
  },
});

describe("d1 inside workerd", () => {
  // The adapter as a Worker bundles it: esbuild for the neutral platform (no Node built-ins),
  // run by workerd against its own D1. Fails on `node:` imports and on I/O at module load.
  const worker = `
    import { createD1Storage } from "./adapters/d1/index.ts";
    export default {
      async fetch(request, env) {
        const storage = createD1Storage(env.DB, { embeddingDimension: 2 });
        await storage.ensureEmbeddingDimension(2);
        const roomId = "00000000-0000-0000-0000-0000000000a1";
        const entityId = "00000000-0000-0000-0000-0000000000b1";
        const first = await storage.claimOnce("update:1", 60000);
        const again = await storage.claimOnce("update:1", 60000);
        await storage.batch([
          { op: "ensureRoom", room: { id: roomId, source: "test", type: "DM" } },
          { op: "createMemory", tableName: "messages",
            memory: { id: "00000000-0000-0000-0000-0000000000c1", entityId, roomId,
                      content: { text: "nul\u0000inside" }, embedding: [1, 0] } },
        ]);
        const found = await storage.searchMemories({ tableName: "messages", embedding: [1, 0] });
        let wrongWidth = "";
        try { await storage.searchMemories({ tableName: "messages", embedding: [1, 0, 0] }); }
        catch (error) { wrongWidth = error.code; }
        return Response.json({ first, again, text: found[0]?.content.text, wrongWidth });
      },
    };`;

  it("runs the adapter in a bundled Worker", async () => {
    const bundle = await build({
      stdin: { contents: worker, resolveDir: process.cwd(), loader: "ts", sourcefile: "worker.ts" },
      bundle: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      write: false,
    });
    const script = bundle.outputFiles[0]!.text;
    expect(script).not.toMatch(/from\s*["']node:/);
    const workerd = await startMiniflareD1({ script });
    try {
      const response = await workerd.fetch("http://worker.test/");
      expect(await response.json()).toEqual({
        first: true,
        again: false,
        text: "nul\u0000inside",
        wrongWidth: "EMBEDDING_DIMENSION_MISMATCH",
      });
    } finally {
      await workerd.dispose();
    }
  });
});

describe("d1 specifics", () => {
  const clock = new FakeClock();
  const AGENT = stringToUuid("d1:agent");
  const ROOM = stringToUuid("d1:room");
  let storage: D1Storage;

  beforeEach(async () => {
    clock.reset();
    await d1.reset();
    storage = createD1Storage(d1.db, { now: clock.now });
    await storage.ensureEmbeddingDimension(4);
  });

  const ids = (label: string, n: number): UUID[] =>
    Array.from({ length: n }, (_, i) => stringToUuid(`d1:${label}:${i}`));

  it("reports kind d1", () => {
    expect(storage.kind).toBe("d1");
  });

  it("chunks long id lists under D1's 100 bound parameters", async () => {
    const entityIds = ids("entity", 250);
    const list: Entity[] = entityIds.map((id, i) => ({ id, agentId: AGENT, names: [`n${i}`] }));
    expect(await storage.createEntities(list)).toBe(true);
    expect(await storage.getEntitiesByIds(entityIds)).toHaveLength(250);

    expect(await storage.addParticipantsRoom(entityIds, ROOM)).toBe(true);
    expect(await storage.getParticipantsForRoom(ROOM)).toHaveLength(250);
    expect(await storage.getEntitiesForRoom(ROOM, true)).toHaveLength(250);
    expect(await storage.getRoomsForParticipants(entityIds)).toEqual([ROOM]);

    const roomIds = ids("room", 150);
    const memoryIds = ids("memory", 150);
    await storage.batch(
      memoryIds.map((id, i) => ({
        op: "createMemory",
        tableName: "messages",
        memory: {
          id,
          entityId: AGENT,
          roomId: roomIds[i]!,
          content: { text: `m${i}` },
          createdAt: i,
        },
      })),
    );
    expect(await storage.getMemoriesByIds(memoryIds)).toHaveLength(150);
    const newest = await storage.getMemoriesByRoomIds({ tableName: "messages", roomIds, limit: 3 });
    expect(newest.map((m) => m.content.text)).toEqual(["m149", "m148", "m147"]);
    await storage.deleteManyMemories(memoryIds.slice(0, 120));
    expect(await storage.getMemoriesByIds(memoryIds)).toHaveLength(30);
  });

  it("enforces the pinned width in a cold isolate that never pinned it", async () => {
    const cold = createD1Storage(d1.db, { now: clock.now });
    await expectStorageError(
      cold.createMemory(
        { entityId: AGENT, roomId: ROOM, content: { text: "x" }, embedding: [1, 2, 3] },
        "messages",
      ),
      "EMBEDDING_DIMENSION_MISMATCH",
    );
    const ok = await cold.createMemory(
      { entityId: AGENT, roomId: ROOM, content: { text: "ok" }, embedding: [1, 0, 0, 0] },
      "messages",
    );
    await expectStorageError(
      createD1Storage(d1.db).updateMemory({ id: ok, embedding: [1, 0] }),
      "EMBEDDING_DIMENSION_MISMATCH",
    );
    await expectStorageError(
      createD1Storage(d1.db).searchMemories({ tableName: "messages", embedding: [1, 0] }),
      "EMBEDDING_DIMENSION_MISMATCH",
    );
    const found = await createD1Storage(d1.db).searchMemories({
      tableName: "messages",
      embedding: [1, 0, 0, 0],
    });
    expect(found.map((m) => m.id)).toEqual([ok]);
  });

  it("searches only the newest SEARCH_CANDIDATES embedded memories of the scope", async () => {
    const ops: StorageOp[] = Array.from({ length: SEARCH_CANDIDATES + 1 }, (_, i) => ({
      op: "createMemory",
      tableName: "messages",
      memory: {
        id: stringToUuid(`d1:scan:${i}`),
        entityId: AGENT,
        roomId: ROOM,
        content: { text: `m${i}` },
        // The oldest is the best match, but falls outside the scanned window.
        embedding: i === 0 ? [1, 0, 0, 0] : [0, 1, 0, 0],
        createdAt: i,
      },
    }));
    await storage.batch(ops);
    const found = await storage.searchMemories({
      tableName: "messages",
      embedding: [1, 0, 0, 0],
      match_threshold: 0.5,
    });
    expect(found).toEqual([]);
  });

  it("keeps an agent's candidates when another agent's newer rows fill the window", async () => {
    const mine = stringToUuid("d1:agent-mine");
    const theirs = stringToUuid("d1:agent-theirs");
    const own = stringToUuid("d1:own-knowledge");
    const ops: StorageOp[] = [
      {
        op: "createMemory",
        tableName: "knowledge",
        memory: {
          id: own,
          agentId: mine,
          entityId: AGENT,
          roomId: ROOM,
          content: { text: "own" },
          embedding: [1, 0, 0, 0],
          createdAt: 0,
        },
      },
      ...Array.from(
        { length: SEARCH_CANDIDATES },
        (_, i): StorageOp => ({
          op: "createMemory",
          tableName: "knowledge",
          memory: {
            id: stringToUuid(`d1:theirs:${i}`),
            agentId: theirs,
            entityId: AGENT,
            roomId: ROOM,
            content: { text: `theirs ${i}` },
            embedding: [1, 0, 0, 0],
            createdAt: i + 1,
          },
        }),
      ),
    ];
    await storage.batch(ops);
    const scoped = createD1Storage(d1.db, { now: clock.now, agentId: mine });
    const found = await scoped.searchMemories({
      tableName: "knowledge",
      embedding: [1, 0, 0, 0],
      match_threshold: 0.5,
    });
    expect(found.map((m) => m.id)).toEqual([own]);
  });

  it("rejects an oversized memory inside a batch and applies nothing", async () => {
    await expectStorageError(
      storage.batch([
        { op: "setCache", key: "before", value: 1 },
        {
          op: "createMemory",
          tableName: "messages",
          memory: {
            id: stringToUuid("d1:huge"),
            entityId: AGENT,
            roomId: ROOM,
            content: { text: "é".repeat(MAX_ROW_BYTES / 2) },
          },
        },
      ]),
      "TOO_LARGE",
    );
    expect(await storage.getCache("before")).toBeUndefined();
  });

  it("keeps NUL and other control characters in plain TEXT columns and their lookups", async () => {
    const key = "a\u0000b";
    await storage.setCache(key, "nul key");
    await storage.setCache("a", "prefix only");
    expect(await storage.getCache(key)).toBe("nul key");
    expect(await storage.getCache("a")).toBe("prefix only");
    expect(await storage.claimOnce(key, 1_000)).toBe(true);
    expect(await storage.claimOnce("a", 1_000)).toBe(true);
  });

  it("records relationships under the agentId option", async () => {
    const agentStorage = createD1Storage(d1.db, { now: clock.now, agentId: AGENT });
    const [a, b] = ids("rel", 2) as [UUID, UUID];
    await agentStorage.createRelationship({ sourceEntityId: a, targetEntityId: b });
    expect(
      (await agentStorage.getRelationship({ sourceEntityId: a, targetEntityId: b }))?.agentId,
    ).toBe(AGENT);
  });

  it("costs one round trip per write and claim, and none to check a configured width", async () => {
    const counted = countRoundTrips(d1.db);
    const warm = createD1Storage(counted.db, { now: clock.now, embeddingDimension: 4 });
    await expectStorageError(
      warm.searchMemories({ tableName: "messages", embedding: [1, 0] }),
      "EMBEDDING_DIMENSION_MISMATCH",
    );
    expect(counted.trips).toBe(0);

    await warm.createMemory(
      { entityId: AGENT, roomId: ROOM, content: { text: "hi" }, embedding: [1, 0, 0, 0] },
      "messages",
    );
    expect(counted.trips).toBe(1);
    expect(await warm.claimOnce("update:1", 60_000)).toBe(true); // sweeps in the same batch
    expect(await warm.claimOnce("update:2", 60_000)).toBe(true);
    expect(counted.trips).toBe(3);
    await warm.getMemories({ tableName: "messages", roomId: ROOM, count: 10 });
    expect(counted.trips).toBe(4);

    // A cold isolate with no configured width learns it alongside the candidates.
    const cold = createD1Storage(counted.db, { now: clock.now });
    await cold.searchMemories({ tableName: "messages", embedding: [1, 0, 0, 0] });
    expect(counted.trips).toBe(6); // candidates (with the width), then the winners' rows
  });

  it("sweeps expired claims and cache entries as it writes", async () => {
    await storage.claimOnce("stale-claim", 1_000);
    await storage.setCache("stale-entry", 1, { ttlMs: 1_000 });
    await storage.setCache("kept-entry", 2);
    clock.advance(5_000);
    const fresh = createD1Storage(d1.db, { now: clock.now });
    await fresh.claimOnce("new-claim", 1_000);
    const keys = async (table: string) =>
      (
        await d1.db.prepare(`SELECT key FROM ${table} ORDER BY key`).all<{ key: string }>()
      ).results.map((row) => row.key);
    expect(await keys("claims")).toEqual(["new-claim"]);
    expect(await keys("cache")).toEqual(["kept-entry"]);
  });
});

/** Wraps a D1 binding to count round trips: each statement run outside a batch, each batch. */
function countRoundTrips(real: D1Database): { db: D1Database; trips: number } {
  const counter = { db: real, trips: 0 };
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  type D1PreparedStatement = ReturnType<D1Database["prepare"]>;
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, prop, receiver) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (["run", "all", "raw", "first"].includes(String(prop))) counter.trips++;
          return value.apply(target, args);
        };
      },
    });
    unwrap.set(wrapped, statement);
    return wrapped;
  };
  counter.db = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.trips++;
          return target.batch(statements.map((s) => unwrap.get(s) ?? s));
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return counter;
}
