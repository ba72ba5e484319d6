// batch: every op kind lands together, ensure* never overwrites, a failure leaves nothing.
import { describe, expect, it } from "vitest";
import type { StorageOp } from "../../core/kernel/storage/contract.ts";
import type { Entity } from "../../core/kernel/types/domain.ts";
import {
  AGENT_ID,
  type ConformanceContext,
  DIMENSION,
  entity,
  expectStorageError,
  FakeClock,
  id,
  message,
  ROOM_ID,
  room,
  seed,
  sortedIds,
  USER_ID,
  vector,
  WORLD_ID,
  world,
} from "./fixtures.ts";
import { task } from "./tasks-cases.ts";

export function describeBatchCases(ctx: ConformanceContext): void {
  describe("batch", () => {
    it("lands every op kind together", async () => {
      const s = ctx.storage();
      await s.createAgent({ id: AGENT_ID, name: "Agent" });
      // Rows the batch updates or deletes exist beforehand; no item is touched twice
      // (DynamoDB transactions forbid it).
      await s.createWorld(world({ id: id("old-world") }));
      await s.createRooms([room({ id: id("old-room"), worldId: id("old-world") })]);
      await s.createEntities([entity(USER_ID)]);
      const doomed = await s.createMemory(
        message("doomed", { roomId: id("old-room"), worldId: id("old-world") }),
        "messages",
      );
      const toUpdate = await s.createTask(task("UPDATE_ME", { roomId: id("old-room") }));
      const toDelete = await s.createTask(task("DELETE_ME", { roomId: id("old-room") }));
      await s.setCache("stale", "x");

      const newMemory = id("batch-memory");
      const newTask = id("batch-task");
      const ops: StorageOp[] = [
        { op: "ensureWorld", world: world() },
        { op: "ensureRoom", room: room() },
        { op: "ensureEntity", entity: entity(id("batch-entity"), ["Batched"]) },
        { op: "ensureParticipant", entityId: USER_ID, roomId: ROOM_ID },
        {
          op: "createMemory",
          memory: { ...message("batched", { embedding: vector(1) }), id: newMemory },
          tableName: "messages",
        },
        { op: "deleteMemory", memoryId: doomed },
        { op: "createTask", task: { ...task("BATCHED", { dueAt: FakeClock.START }), id: newTask } },
        { op: "updateTask", id: toUpdate, task: { metadata: { updated: true } } },
        { op: "deleteTask", id: toDelete },
        { op: "setCache", key: "fresh", value: { v: 1 } },
        { op: "setCache", key: "fleeting", value: 1, ttlMs: 1_000 },
        { op: "deleteCache", key: "stale" },
      ];
      await s.batch(ops);

      expect(await s.getWorld(WORLD_ID)).toMatchObject({ name: "World" });
      expect((await s.getRoomsByIds([ROOM_ID]))[0]).toMatchObject({ worldId: WORLD_ID });
      expect((await s.getEntitiesByIds([id("batch-entity")]))[0]?.names).toEqual(["Batched"]);
      expect(await s.isRoomParticipant(ROOM_ID, USER_ID)).toBe(true);
      const memory = await s.getMemoryById(newMemory);
      expect(memory).toMatchObject({ content: { text: "batched" }, roomId: ROOM_ID });
      expect(memory?.createdAt).toBe(FakeClock.START);
      expect(await s.getMemoryById(doomed)).toBeNull();
      expect(await s.getTask(newTask)).toMatchObject({ name: "BATCHED", dueAt: FakeClock.START });
      expect((await s.getTask(toUpdate))?.metadata).toEqual({ updated: true });
      expect((await s.getTask(toUpdate))?.name).toBe("UPDATE_ME");
      expect(await s.getTask(toDelete)).toBeNull();
      expect(await s.getCache("fresh")).toEqual({ v: 1 });
      expect(await s.getCache("stale")).toBeUndefined();
      ctx.clock.advance(2_000);
      expect(await s.getCache("fleeting")).toBeUndefined();
    });

    it("ensures rows only when absent and never overwrites", async () => {
      const s = ctx.storage();
      await seed(s);
      await s.setParticipantUserState(ROOM_ID, USER_ID, "MUTED");
      await s.batch([
        { op: "ensureWorld", world: world({ name: "Overwritten?" }) },
        { op: "ensureRoom", room: room({ name: "Overwritten?" }) },
        { op: "ensureEntity", entity: entity(USER_ID, ["Overwritten?"]) },
        { op: "ensureParticipant", entityId: USER_ID, roomId: ROOM_ID },
      ]);
      expect((await s.getWorld(WORLD_ID))?.name).toBe("World");
      expect((await s.getRoomsByIds([ROOM_ID]))[0]?.name).toBe("Room");
      expect((await s.getEntitiesByIds([USER_ID]))[0]?.names).toEqual(["User"]);
      expect(
        (await s.getParticipantsForRoom(ROOM_ID)).filter((entityId) => entityId === USER_ID),
      ).toHaveLength(1);
      expect(await s.getParticipantUserState(ROOM_ID, USER_ID)).toBe("MUTED");
    });

    it("leaves nothing behind when the last op fails", async () => {
      const s = ctx.storage();
      await seed(s);
      const existing = await s.createMemory(message("already here", { id: id("dup") }), "messages");
      const pendingTask = await s.createTask(task("PENDING", { metadata: { n: 0 } }));
      await s.setCache("keep", "original");

      const newRoom = id("batch-room");
      const newEntity = id("batch-entity");
      const err = await expectStorageError(
        s.batch([
          { op: "ensureRoom", room: room({ id: newRoom }) },
          { op: "ensureEntity", entity: entity(newEntity) },
          { op: "ensureParticipant", entityId: newEntity, roomId: newRoom },
          {
            op: "createMemory",
            memory: { ...message("first"), id: id("fresh") },
            tableName: "messages",
          },
          { op: "createTask", task: { ...task("NEW"), id: id("new-task") } },
          { op: "updateTask", id: pendingTask, task: { metadata: { n: 1 } } },
          { op: "setCache", key: "keep", value: "changed" },
          { op: "setCache", key: "new-key", value: 1 },
          {
            op: "createMemory",
            memory: { ...message("duplicate"), id: existing },
            tableName: "messages",
          },
        ]),
        "CONFLICT",
      );
      expect(err.message.length).toBeGreaterThan(0);

      expect(await s.getRoomsByIds([newRoom])).toEqual([]);
      expect(await s.getEntitiesByIds([newEntity])).toEqual([]);
      expect(await s.getRoomsForParticipant(newEntity)).toEqual([]);
      expect(await s.getMemoryById(id("fresh"))).toBeNull();
      expect(await s.getTask(id("new-task"))).toBeNull();
      expect((await s.getTask(pendingTask))?.metadata).toEqual({ n: 0 });
      expect(await s.getCache("keep")).toBe("original");
      expect(await s.getCache("new-key")).toBeUndefined();
      expect((await s.getMemoryById(existing))?.content.text).toBe("already here");
    });

    it("rejects a wrong-width embedding and applies nothing", async () => {
      const s = ctx.storage();
      await seed(s);
      await expectStorageError(
        s.batch([
          { op: "setCache", key: "before", value: 1 },
          {
            op: "createMemory",
            memory: {
              ...message("bad", { embedding: new Array<number>(DIMENSION + 2).fill(1) }),
              id: id("bad"),
            },
            tableName: "messages",
          },
        ]),
        "EMBEDDING_DIMENSION_MISMATCH",
      );
      expect(await s.getCache("before")).toBeUndefined();
      expect(await s.getMemoryById(id("bad"))).toBeNull();
    });

    it("treats an empty batch as a no-op", async () => {
      const s = ctx.storage();
      await seed(s);
      await s.batch([]);
      expect(sortedIds(await s.getAllWorlds())).toEqual([WORLD_ID]);
    });

    describe("with reads", () => {
      it("answers each read after the writes, seeing them, in the order asked", async () => {
        const s = ctx.storage();
        await seed(s);
        await s.createMemory({ ...message("older"), createdAt: FakeClock.START - 10 }, "messages");
        const newcomer = id("newcomer");
        const latest = { ...message("latest"), id: id("latest"), createdAt: FakeClock.START };
        const [recent, people, withComponents] = await s.batch(
          [
            { op: "ensureEntity", entity: entity(newcomer, ["Newcomer"]) },
            { op: "ensureParticipant", entityId: newcomer, roomId: ROOM_ID },
            { op: "createMemory", memory: latest, tableName: "messages" },
          ],
          [
            { read: "getMemories", params: { tableName: "messages", roomId: ROOM_ID, count: 5 } },
            { read: "getEntitiesForRoom", roomId: ROOM_ID },
            { read: "getEntitiesForRoom", roomId: ROOM_ID, includeComponents: true },
          ],
        );
        expect((recent as { content: { text?: string } }[]).map((m) => m.content.text)).toEqual([
          "latest",
          "older",
        ]);
        expect(recent).toEqual(
          await s.getMemories({ tableName: "messages", roomId: ROOM_ID, count: 5 }),
        );
        expect(sortedIds(people as Entity[])).toEqual(
          sortedIds(await s.getEntitiesForRoom(ROOM_ID)),
        );
        expect(sortedIds(people as Entity[])).toContain(newcomer);
        expect((withComponents as { components?: unknown[] }[])[0]?.components).toEqual(
          expect.any(Array),
        );
      });

      it("keeps a read's count and scope when the batch writes more than it asks for", async () => {
        const s = ctx.storage();
        await seed(s);
        const ops: StorageOp[] = [0, 1, 2, 3].map((i) => ({
          op: "createMemory",
          memory: { ...message(`m${i}`), id: id(`m${i}`), createdAt: FakeClock.START + i },
          tableName: "messages",
        }));
        ops.push({
          op: "createMemory",
          memory: { ...message("elsewhere", { roomId: id("room-other") }), id: id("else") },
          tableName: "messages",
        });
        const [page] = await s.batch(ops, [
          { read: "getMemories", params: { tableName: "messages", roomId: ROOM_ID, count: 2 } },
        ]);
        expect((page as { id?: string }[]).map((m) => m.id)).toEqual([id("m3"), id("m2")]);
      });

      it("answers reads with no ops, and answers nothing when the ops fail", async () => {
        const s = ctx.storage();
        await seed(s);
        const taken = await s.createMemory(message("taken"), "messages");
        const [found] = await s.batch(
          [],
          [{ read: "getMemories", params: { tableName: "messages", roomId: ROOM_ID } }],
        );
        expect((found as { id?: string }[]).map((m) => m.id)).toEqual([taken]);
        await expectStorageError(
          s.batch(
            [
              {
                op: "createMemory",
                memory: { ...message("again"), id: taken },
                tableName: "messages",
              },
            ],
            [{ read: "getMemories", params: { tableName: "messages", roomId: ROOM_ID } }],
          ),
          "CONFLICT",
        );
      });
    });
  });
}
