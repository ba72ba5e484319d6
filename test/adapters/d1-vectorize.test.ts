// D1 with Cloudflare Vectorize as its memory index: workerd's own Vectorize binding (Miniflare
// wires it as `wrangler dev --remote` does), its requests answered by the local stand-in that
// follows Vectorize's documented API and limits (test/fakes/vectorize). The conformance suite
// runs through it, then what is particular to an index beside the rows: reach, asynchronous
// writes, deletes that follow D1's, scores, limits and outages.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createD1Storage,
  type D1Storage,
  type D1StorageOptions,
  SEARCH_CANDIDATES,
  VECTORIZE_METADATA,
} from "../../adapters/d1/index.ts";
import { stringToUuid } from "../../core/kernel/ids/uuid.ts";
import type { StorageOp } from "../../core/kernel/storage/contract.ts";
import type { UUID } from "../../core/kernel/types/domain.ts";
import { cosineSimilarity } from "../../core/kernel/vectors/vector.ts";
import { startVectorizeStandIn, type VectorizeStandIn } from "../fakes/vectorize/server.ts";
import { describeStorageConformance } from "../storage/conformance.ts";
import { DIMENSION, expectStorageError } from "../storage/fixtures.ts";
import { explain, recordingD1 } from "../support/d1-plans.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";

let standIn: VectorizeStandIn;
let d1: MiniflareD1;

beforeAll(async () => {
  standIn = await startVectorizeStandIn({
    dimensions: DIMENSION,
    metadataIndexes: Object.fromEntries(VECTORIZE_METADATA.map((name) => [name, "string"])),
  });
  d1 = await startMiniflareD1({ vectorize: standIn.url });
});

afterAll(async () => {
  await d1?.dispose();
  await standIn?.close();
});

const reset = async () => {
  await d1.reset();
  standIn.index.clear();
  standIn.index.mutations = "immediate";
  standIn.calls.length = 0;
};

const withVectorize = (options: D1StorageOptions = {}) =>
  createD1Storage(d1.db, { ...options, vectorize: d1.vectorize! });

describeStorageConformance("d1 + vectorize (stand-in)", {
  create: async (options) => withVectorize(options),
  reset,
  capabilities: {
    agentClient: async (_storage, agentId, options) => withVectorize({ ...options, agentId }),
  },
});

describe("d1 with vectorize", () => {
  const AGENT = stringToUuid("vz:agent");
  const ROOM = stringToUuid("vz:room");
  const OTHER_ROOM = stringToUuid("vz:other-room");
  const WORLD = stringToUuid("vz:world");
  const vector = (...head: number[]) => Array.from({ length: DIMENSION }, (_, i) => head[i] ?? 0);
  const memory = (label: string, embedding: number[] | undefined, roomId = ROOM) => ({
    id: stringToUuid(`vz:${label}`),
    entityId: AGENT,
    agentId: AGENT,
    roomId,
    worldId: WORLD,
    content: { text: label },
    ...(embedding ? { embedding } : {}),
  });
  let storage: D1Storage;
  let indexErrors: unknown[];

  beforeEach(async () => {
    await reset();
    indexErrors = [];
    storage = withVectorize({
      agentId: AGENT,
      embeddingDimension: DIMENSION,
      onIndexError: (error) => indexErrors.push(error),
    });
  });

  const search = (
    embedding: number[],
    extra: Partial<Parameters<D1Storage["searchMemories"]>[0]> = {},
  ) => storage.searchMemories({ tableName: "messages", roomId: ROOM, embedding, ...extra });

  it("finds the best match anywhere in the room, past D1's newest SEARCH_CANDIDATES", async () => {
    const ops: StorageOp[] = Array.from({ length: SEARCH_CANDIDATES + 1 }, (_, i) => ({
      op: "createMemory",
      tableName: "messages",
      memory: { ...memory(`m${i}`, i === 0 ? vector(1) : vector(0, 1)), createdAt: i },
    }));
    for (let i = 0; i < ops.length; i += 100) await storage.batch(ops.slice(i, i + 100));
    const found = await search(vector(1), { match_threshold: 0.5 });
    expect(found.map((m) => m.content.text)).toEqual(["m0"]);
  });

  it("asks Vectorize once with the scope as metadata filters, then reads the matches by id", async () => {
    await storage.createMemory(memory("hello", vector(1)), "messages");
    standIn.calls.length = 0;
    const recorder = recordingD1(d1.db);
    const scoped = createD1Storage(recorder.db, {
      agentId: AGENT,
      embeddingDimension: DIMENSION,
      vectorize: d1.vectorize!,
    });
    const found = await scoped.searchMemories({
      tableName: "messages",
      roomId: ROOM,
      entityId: AGENT,
      embedding: vector(1),
      count: 5,
    });
    expect(found.map((m) => m.content.text)).toEqual(["hello"]);
    expect(standIn.calls).toEqual([
      {
        op: "query",
        topK: 10,
        filter: { tableName: "messages", roomId: ROOM, entityId: AGENT, agentId: AGENT },
        returnValues: undefined,
        returnMetadata: "none",
      },
    ]);
    const [read, ...more] = recorder.take();
    expect(more).toEqual([]);
    // By primary key alone: with the scope's terms beside the ids, SQLite without statistics
    // walked the scope's index (every row of the room) instead.
    expect(await explain(d1.db, read!)).toEqual([
      "SEARCH memories USING INDEX sqlite_autoindex_memories_1 (id=?)",
    ]);
  });

  it("ranks and thresholds by the stored embedding, not Vectorize's approximate score", async () => {
    // 8-bit quantization (the stand-in's approximation) makes both read as [1, 0, ...]: the
    // index scores them 1 and orders them by id; only the stored values tell them apart.
    const first = {
      ...memory("first by id", vector(1, 0.003)),
      id: "00000000-0000-4000-8000-00000000000a" as UUID,
    };
    const closer = {
      ...memory("closer", vector(1, 0.001)),
      id: "00000000-0000-4000-8000-00000000000b" as UUID,
    };
    await storage.createMemory(first, "messages");
    await storage.createMemory(closer, "messages");
    const approximate = await d1.vectorize!.query(vector(1), { topK: 2 });
    expect(approximate.matches.map((m) => m.id)).toEqual([first.id, closer.id]);
    expect(approximate.matches[0]?.score).toBe(approximate.matches[1]?.score);
    const found = await search(vector(1));
    expect(found.map((m) => m.content.text)).toEqual(["closer", "first by id"]);
    expect(found[1]?.similarity).toBe(cosineSimilarity(vector(1), vector(1, 0.003)));
    const strict = await search(vector(1), { match_threshold: 0.999_999 });
    expect(strict.map((m) => m.content.text)).toEqual(["closer"]);
  });

  it("finds a new memory once Vectorize has applied the write, and never a deleted one", async () => {
    standIn.index.mutations = "manual";
    const kept = await storage.createMemory(memory("kept", vector(1)), "messages");
    const gone = await storage.createMemory(memory("gone", vector(1, 0.5)), "messages");
    // Accepted, not yet searchable: Vectorize applies writes within seconds.
    expect(await search(vector(1))).toEqual([]);
    expect(standIn.index.processMutations()).toBe(2);
    expect((await search(vector(1))).map((m) => m.content.text)).toEqual(["kept", "gone"]);

    await storage.deleteMemory(gone);
    // The vector is still in the index until the delete is applied; D1 no longer has the row.
    expect(standIn.index.has(gone)).toBe(true);
    expect((await search(vector(1))).map((m) => m.id)).toEqual([kept]);
    standIn.index.processMutations();
    expect(standIn.index.has(gone)).toBe(false);
  });

  it("removes the vectors of what deleteRoom, deleteRoomsByWorldId, deleteAllMemories and a batch delete", async () => {
    const otherWorld = stringToUuid("vz:other-world");
    await storage.createRooms([
      { id: ROOM, source: "test", type: "DM", worldId: WORLD },
      { id: OTHER_ROOM, source: "test", type: "DM", worldId: otherWorld },
    ]);
    await storage.createMemory(memory("in room", vector(1)), "messages");
    await storage.createMemory(memory("no vector", undefined), "messages");
    await storage.createMemory(memory("fact", vector(1)), "facts");
    await storage.createMemory(memory("elsewhere", vector(1), OTHER_ROOM), "messages");
    await storage.createMemory(memory("batch", vector(0, 1), OTHER_ROOM), "messages");
    expect(standIn.index.size).toBe(4);
    const deletes = () =>
      standIn.calls.flatMap((call) => (call.op === "deleteByIds" ? [call.ids] : []));

    await storage.batch([{ op: "deleteMemory", memoryId: stringToUuid("vz:batch") }]);
    expect(deletes()).toEqual([[stringToUuid("vz:batch")]]);

    await storage.deleteAllMemories(ROOM, "facts");
    expect(deletes()[1]).toEqual([stringToUuid("vz:fact")]);

    await storage.deleteRoom(ROOM);
    // Only the ids that had a vector: "no vector" never reached the index.
    expect(deletes()[2]).toEqual([stringToUuid("vz:in room")]);

    await storage.deleteRoomsByWorldId(otherWorld);
    expect(deletes()[3]).toEqual([stringToUuid("vz:elsewhere")]);
    expect(standIn.index.size).toBe(0);
    expect(indexErrors).toEqual([]);
  });

  it("re-indexes a memory whose vector or room changed, and drops one whose vector was cleared", async () => {
    const id = await storage.createMemory(memory("moving", vector(1)), "messages");
    await storage.updateMemory({ id, roomId: OTHER_ROOM });
    expect(await search(vector(1))).toEqual([]);
    const moved = await search(vector(1), { roomId: OTHER_ROOM });
    expect(moved.map((m) => m.id)).toEqual([id]);
    expect(standIn.index.getByIds([id])[0]?.metadata).toMatchObject({ roomId: OTHER_ROOM });

    await storage.updateMemory({ id, embedding: vector(0, 1) });
    expect(standIn.index.getByIds([id])[0]?.values).toEqual(vector(0, 1));
    await storage.updateMemory({ id, content: { text: "no vector change" } });
    expect(standIn.calls.filter((call) => call.op === "upsert")).toHaveLength(3);

    await storage.updateMemory({ id, embedding: null as unknown as number[] });
    expect(standIn.index.has(id)).toBe(false);
  });

  it("writes at most 1,000 vectors a call, Vectorize's limit for a Worker", async () => {
    const ops: StorageOp[] = Array.from({ length: 1_500 }, (_, i) => ({
      op: "createMemory",
      tableName: "messages",
      memory: memory(`bulk ${i}`, vector(1, i / 1_500)),
    }));
    // D1 takes them in one batch; Vectorize in two calls.
    await storage.batch(ops);
    const upserts = standIn.calls.flatMap((call) =>
      call.op === "upsert" ? [call.ids.length] : [],
    );
    expect(upserts).toEqual([1_000, 500]);
    await expect(
      d1.vectorize!.upsert(
        Array.from({ length: 1_001 }, (_, i) => ({ id: `v${i}`, values: vector(1) })),
      ),
    ).rejects.toThrow(/VECTOR_UPSERT_ERROR \(code = \d+\): at most 1000 vectors/);
  });

  it("keeps D1's write when Vectorize fails, reports it, and answers searches with 503", async () => {
    standIn.enqueue({ status: 500, body: { code: 50000, error: "internal error" } });
    const id = await storage.createMemory(memory("landed", vector(1)), "messages");
    expect((await storage.getMemoryById(id))?.content.text).toBe("landed");
    expect(indexErrors).toHaveLength(1);
    expect(String(indexErrors[0])).toMatch(/VECTOR_UPSERT_ERROR \(code = 50000\): internal error/);

    standIn.enqueue({ status: 503, body: { error: "overloaded" } });
    await expectStorageError(search(vector(1)), "UNAVAILABLE");
  });

  it("refuses what Vectorize could not index before D1 is written", async () => {
    const long = `${"x".repeat(65)}` as UUID;
    await expectStorageError(
      storage.createMemory({ ...memory("long id", vector(1)), id: long }, "messages"),
      "INVALID_INPUT",
    );
    expect(await storage.getMemoryById(long)).toBeNull();
    // Without a vector the index is not involved.
    await storage.createMemory(
      { ...memory("long id, no vector", undefined), id: long },
      "messages",
    );
    expect(await storage.getMemoryById(long)).not.toBeNull();
    await expectStorageError(
      storage.ensureEmbeddingDimension(1_537),
      "EMBEDDING_DIMENSION_MISMATCH",
    );
  });

  it("turns Vectorize's refusal of a wrong width into a dimension error", async () => {
    const cold = withVectorize({ agentId: AGENT }); // no configured width to check first
    await expectStorageError(
      cold.searchMemories({ tableName: "messages", embedding: [1, 0, 0] }),
      "EMBEDDING_DIMENSION_MISMATCH",
    );
  });
});
