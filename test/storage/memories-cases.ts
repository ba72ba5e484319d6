// Memories: create, read by room/ids, update, delete, count, and the wrong-width guard.
import { describe, expect, it } from "vitest";
import { validateUuid } from "../../core/kernel/ids/uuid.ts";
import type { Memory, UUID } from "../../core/kernel/types/domain.ts";
import {
  AGENT_ID,
  type ConformanceContext,
  DIMENSION,
  expectStorageError,
  expectVectorClose,
  FakeClock,
  id,
  message,
  OTHER_ROOM_ID,
  OTHER_USER_ID,
  ROOM_ID,
  seed,
  sortedIds,
  USER_ID,
  vector,
  WORLD_ID,
} from "./fixtures.ts";

export function describeMemoryCases(ctx: ConformanceContext): void {
  describe("memories", () => {
    it("generates an id and createdAt when absent and reads the memory back", async () => {
      const s = ctx.storage();
      await seed(s);
      const memoryId = await s.createMemory(
        message("hello", { metadata: { type: "message", tags: ["a"] }, embedding: vector(1) }),
        "messages",
      );
      expect(validateUuid(memoryId)).toBe(memoryId);
      const got = await s.getMemoryById(memoryId);
      expect(got).toMatchObject({
        id: memoryId,
        entityId: USER_ID,
        roomId: ROOM_ID,
        content: { text: "hello", source: "test" },
        metadata: { type: "message", tags: ["a"] },
        createdAt: FakeClock.START,
      });
      expectVectorClose(got?.embedding, vector(1));
    });

    it("keeps a given id and createdAt", async () => {
      const s = ctx.storage();
      await seed(s);
      const given = id("given-memory");
      expect(await s.createMemory(message("x", { id: given, createdAt: 1234 }), "messages")).toBe(
        given,
      );
      expect((await s.getMemoryById(given))?.createdAt).toBe(1234);
    });

    it("rejects a create with an existing id as CONFLICT and keeps the original", async () => {
      const s = ctx.storage();
      await seed(s);
      const taken = id("taken");
      await s.createMemory(message("original", { id: taken }), "messages");
      await expectStorageError(
        s.createMemory(message("replacement", { id: taken }), "messages"),
        "CONFLICT",
      );
      await expectStorageError(
        s.createMemory(message("other", { id: taken }), "facts"),
        "CONFLICT",
      );
      expect((await s.getMemoryById(taken))?.content.text).toBe("original");
    });

    it("stores the unique flag from the create call", async () => {
      const s = ctx.storage();
      await seed(s);
      const u = await s.createMemory(message("unique"), "messages", true);
      const n = await s.createMemory(message("plain"), "messages", false);
      expect((await s.getMemoryById(u))?.unique).toBe(true);
      expect((await s.getMemoryById(n))?.unique ?? false).toBe(false);
    });

    it("reads a room newest first, with count, offset and inclusive time bounds", async () => {
      const s = ctx.storage();
      await seed(s);
      const ids = await createTimeline(ctx, 6); // createdAt START + 0..5 s
      await s.createMemory(message("elsewhere", { roomId: OTHER_ROOM_ID }), "messages");
      await s.createMemory(message("a fact"), "facts");

      const all = await s.getMemories({ tableName: "messages", roomId: ROOM_ID });
      expect(all.map((m) => m.id)).toEqual([...ids].reverse());

      const page = await s.getMemories({
        tableName: "messages",
        roomId: ROOM_ID,
        count: 2,
        offset: 1,
      });
      expect(page.map((m) => m.id)).toEqual([ids[4], ids[3]]);

      const bounded = await s.getMemories({
        tableName: "messages",
        roomId: ROOM_ID,
        start: FakeClock.START + 1000,
        end: FakeClock.START + 3000,
      });
      expect(bounded.map((m) => m.id)).toEqual([ids[3], ids[2], ids[1]]);
      // The stale-reply check's read: the newest few at or after a time, nothing older.
      const since = await s.getMemories({
        tableName: "messages",
        roomId: ROOM_ID,
        start: FakeClock.START + 3000,
        count: 10,
      });
      expect(since.map((m) => m.id)).toEqual([ids[5], ids[4], ids[3]]);

      const past = await s.getMemories({ tableName: "messages", roomId: ROOM_ID, offset: 10 });
      expect(past).toEqual([]);
    });

    it("keeps tables apart and filters by entity and uniqueness", async () => {
      const s = ctx.storage();
      await seed(s);
      const m1 = await s.createMemory(message("msg", { createdAt: 1 }), "messages", true);
      const m2 = await s.createMemory(
        message("other's", { entityId: OTHER_USER_ID, createdAt: 2 }),
        "messages",
        false,
      );
      const f1 = await s.createMemory(message("fact", { createdAt: 3 }), "facts");

      expect(sortedIds(await s.getMemories({ tableName: "messages", roomId: ROOM_ID }))).toEqual(
        sortedIds([m1, m2]),
      );
      expect(sortedIds(await s.getMemories({ tableName: "facts", roomId: ROOM_ID }))).toEqual([f1]);
      expect(await s.getMemories({ tableName: "documents", roomId: ROOM_ID })).toEqual([]);
      expect(
        sortedIds(
          await s.getMemories({ tableName: "messages", roomId: ROOM_ID, entityId: OTHER_USER_ID }),
        ),
      ).toEqual([m2]);
      expect(
        sortedIds(await s.getMemories({ tableName: "messages", roomId: ROOM_ID, unique: true })),
      ).toEqual([m1]);
      expect(
        sortedIds(
          await s.getMemories({ tableName: "messages", worldId: WORLD_ID, agentId: AGENT_ID }),
        ),
      ).toEqual(sortedIds([m1, m2]));
      expect(await s.getMemories({ tableName: "messages", worldId: id("no-world") })).toEqual([]);
    });

    it("reads by ids (optionally within a table) and by room ids", async () => {
      const s = ctx.storage();
      await seed(s);
      const a = await s.createMemory(message("a", { createdAt: 1 }), "messages");
      const b = await s.createMemory(message("b", { createdAt: 2 }), "facts");
      const c = await s.createMemory(
        message("c", { roomId: OTHER_ROOM_ID, createdAt: 3 }),
        "messages",
      );
      const d = await s.createMemory(message("d", { createdAt: 4 }), "messages");

      expect(sortedIds(await s.getMemoriesByIds([a, b, id("nope")]))).toEqual(sortedIds([a, b]));
      expect(sortedIds(await s.getMemoriesByIds([a, b], "facts"))).toEqual([b]);
      expect(await s.getMemoriesByIds([])).toEqual([]);
      expect(await s.getMemoryById(id("nope"))).toBeNull();

      const byRooms = await s.getMemoriesByRoomIds({
        tableName: "messages",
        roomIds: [ROOM_ID, OTHER_ROOM_ID],
      });
      expect(sortedIds(byRooms)).toEqual(sortedIds([a, c, d]));
      const limited = await s.getMemoriesByRoomIds({
        tableName: "messages",
        roomIds: [ROOM_ID, OTHER_ROOM_ID],
        limit: 2,
      });
      expect(limited.map((m) => m.id)).toEqual([d, c]);
      expect(await s.getMemoriesByRoomIds({ tableName: "messages", roomIds: [] })).toEqual([]);
    });

    it("updates content and metadata partially, leaving other fields alone", async () => {
      const s = ctx.storage();
      await seed(s);
      const memoryId = await s.createMemory(
        message("before", { metadata: { type: "message" }, embedding: vector(1, 1) }),
        "messages",
      );
      expect(await s.updateMemory({ id: memoryId, content: { text: "after" } })).toBe(true);
      let got = await s.getMemoryById(memoryId);
      expect(got?.content).toEqual({ text: "after" });
      expect(got?.metadata).toEqual({ type: "message" });
      expectVectorClose(got?.embedding, vector(1, 1));
      expect(got?.createdAt).toBe(FakeClock.START);

      expect(await s.updateMemory({ id: memoryId, metadata: { type: "edited", n: 2 } })).toBe(true);
      got = await s.getMemoryById(memoryId);
      expect(got?.content).toEqual({ text: "after" });
      expect(got?.metadata).toEqual({ type: "edited", n: 2 });

      expect(await s.updateMemory({ id: memoryId, embedding: vector(0, 0, 1) })).toBe(true);
      expectVectorClose((await s.getMemoryById(memoryId))?.embedding, vector(0, 0, 1));

      expect(await s.updateMemory({ id: id("ghost"), content: { text: "x" } })).toBe(false);
      expect(await s.getMemoryById(id("ghost"))).toBeNull();
    });

    it("deletes one, many, and all of a room's table", async () => {
      const s = ctx.storage();
      await seed(s);
      const ids = await createTimeline(ctx, 4);
      const fact = await s.createMemory(message("fact"), "facts");
      const elsewhere = await s.createMemory(message("x", { roomId: OTHER_ROOM_ID }), "messages");

      await s.deleteMemory(ids[0]!);
      expect(await s.getMemoryById(ids[0]!)).toBeNull();
      await s.deleteMemory(id("never-existed"));

      await s.deleteManyMemories([ids[1]!, ids[2]!]);
      await s.deleteManyMemories([]);
      expect(sortedIds(await s.getMemories({ tableName: "messages", roomId: ROOM_ID }))).toEqual([
        ids[3]!,
      ]);

      await s.deleteAllMemories(ROOM_ID, "messages");
      expect(await s.getMemories({ tableName: "messages", roomId: ROOM_ID })).toEqual([]);
      expect(await s.getMemoryById(fact)).not.toBeNull();
      expect(await s.getMemoryById(elsewhere)).not.toBeNull();
    });

    it("counts a room's memories, optionally unique only and within a table", async () => {
      const s = ctx.storage();
      await seed(s);
      await s.createMemory(message("1"), "messages", true);
      await s.createMemory(message("2"), "messages", false);
      await s.createMemory(message("3"), "messages", true);
      await s.createMemory(message("4"), "facts", true);
      await s.createMemory(message("5", { roomId: OTHER_ROOM_ID }), "messages", true);

      expect(await s.countMemories(ROOM_ID, false, "messages")).toBe(3);
      expect(await s.countMemories(ROOM_ID, true, "messages")).toBe(2);
      expect(await s.countMemories(ROOM_ID, false, "facts")).toBe(1);
      expect(await s.countMemories(ROOM_ID, false)).toBe(4);
      expect(await s.countMemories(id("empty"), false, "messages")).toBe(0);
    });

    it("hands out copies: mutating inputs or results never changes what is stored", async () => {
      const s = ctx.storage();
      await seed(s);
      const input = message("pristine", { metadata: { list: [1, 2] }, embedding: vector(1) });
      const memoryId = await s.createMemory(input, "messages");
      input.content.text = "mutated input";
      (input.metadata!.list as number[]).push(3);
      input.embedding![0] = 0.5;

      const first = await s.getMemoryById(memoryId);
      first!.content.text = "mutated result";
      (first!.metadata!.list as number[]).push(4);
      const listed = await s.getMemories({ tableName: "messages", roomId: ROOM_ID });
      listed[0]!.content.text = "mutated list";

      const again = await s.getMemoryById(memoryId);
      expect(again?.content.text).toBe("pristine");
      expect(again?.metadata).toEqual({ list: [1, 2] });
      expectVectorClose(again?.embedding, vector(1));
    });
  });

  describe("embedding width", () => {
    it("rejects a wrong-width embedding on create, update and search", async () => {
      const s = ctx.storage();
      await seed(s);
      const narrow = new Array<number>(DIMENSION - 1).fill(0.5);
      const wide = new Array<number>(DIMENSION + 1).fill(0.5);
      await expectStorageError(
        s.createMemory(message("narrow", { id: id("narrow"), embedding: narrow }), "messages"),
        "EMBEDDING_DIMENSION_MISMATCH",
      );
      await expectStorageError(
        s.createMemory(message("wide", { embedding: wide }), "messages"),
        "EMBEDDING_DIMENSION_MISMATCH",
      );
      await expectStorageError(
        s.createMemory(message("empty", { embedding: [] }), "messages"),
        "EMBEDDING_DIMENSION_MISMATCH",
      );
      expect(await s.getMemoryById(id("narrow"))).toBeNull();
      expect(await s.countMemories(ROOM_ID, false)).toBe(0);

      const ok = await s.createMemory(message("ok", { embedding: vector(1) }), "messages");
      await expectStorageError(
        s.updateMemory({ id: ok, embedding: wide }),
        "EMBEDDING_DIMENSION_MISMATCH",
      );
      expectVectorClose((await s.getMemoryById(ok))?.embedding, vector(1));

      await expectStorageError(
        s.searchMemories({ tableName: "messages", embedding: narrow }),
        "EMBEDDING_DIMENSION_MISMATCH",
      );
      await expectStorageError(
        s.searchMemories({ tableName: "messages", embedding: wide }),
        "EMBEDDING_DIMENSION_MISMATCH",
      );
    });

    it("accepts memories without an embedding", async () => {
      const s = ctx.storage();
      await seed(s);
      const memoryId = await s.createMemory(message("no vector"), "messages");
      expect((await s.getMemoryById(memoryId))?.embedding ?? undefined).toBeUndefined();
    });
  });
}

/** `count` messages in ROOM_ID, one second apart from the clock's start, oldest first. */
async function createTimeline(ctx: ConformanceContext, count: number): Promise<UUID[]> {
  const ids: UUID[] = [];
  for (let i = 0; i < count; i++) {
    const memory: Memory = message(`message ${i}`, { createdAt: FakeClock.START + i * 1000 });
    ids.push(await ctx.storage().createMemory(memory, "messages"));
  }
  return ids;
}
