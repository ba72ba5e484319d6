// D1 in workerd (Miniflare 4), migrated as wrangler migrates it: the conformance suite, then
// what is particular to D1 (100-parameter chunking, the database-side width guard, the
// bounded search scan, the row limit).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createD1Storage,
  D1Storage,
  MAX_ROW_BYTES,
  SEARCH_CANDIDATES,
} from "../../adapters/d1/index.ts";
import type { StorageOp } from "../../core/storage.ts";
import type { Entity, UUID } from "../../core/types.ts";
import { stringToUuid } from "../../core/uuid.ts";
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
  },
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
});
