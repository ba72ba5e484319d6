// Worlds, rooms and participants.
import { describe, expect, it } from "vitest";
import {
  AGENT_ID,
  type ConformanceContext,
  entity,
  id,
  message,
  OTHER_ROOM_ID,
  OTHER_USER_ID,
  ROOM_ID,
  room,
  seed,
  sortedIds,
  USER_ID,
  WORLD_ID,
  world,
} from "./fixtures.ts";

export function describeRoomCases(ctx: ConformanceContext): void {
  describe("worlds", () => {
    it("creates, reads, lists, updates and removes a world", async () => {
      const s = ctx.storage();
      await s.createAgent({ id: AGENT_ID, name: "Agent" });
      const w = world({ metadata: { ownership: { ownerId: USER_ID } } });
      expect(await s.createWorld(w)).toBe(WORLD_ID);
      expect(await s.getWorld(WORLD_ID)).toMatchObject(w);
      expect(sortedIds(await s.getAllWorlds())).toEqual([WORLD_ID]);

      await s.updateWorld({ ...w, name: "Renamed", metadata: { roles: { [USER_ID]: "OWNER" } } });
      expect(await s.getWorld(WORLD_ID)).toMatchObject({
        name: "Renamed",
        metadata: { roles: { [USER_ID]: "OWNER" } },
      });

      await s.removeWorld(WORLD_ID);
      expect(await s.getWorld(WORLD_ID)).toBeNull();
      expect(await s.getAllWorlds()).toEqual([]);
      expect(await s.getWorld(id("no-world"))).toBeNull();
    });
  });

  describe("rooms", () => {
    it("creates rooms, reads them by ids and by world, and updates one", async () => {
      const s = ctx.storage();
      await s.createAgent({ id: AGENT_ID, name: "Agent" });
      await s.createWorld(world());
      const otherWorld = id("world-2");
      await s.createWorld(world({ id: otherWorld, name: "Second" }));
      const loose = id("room-loose");
      const ids = await s.createRooms([
        room({ metadata: { topic: "general" } }),
        room({ id: OTHER_ROOM_ID, name: "Other", type: "DM" }),
        room({ id: loose, worldId: otherWorld }),
      ]);
      expect([...ids].sort()).toEqual([ROOM_ID, OTHER_ROOM_ID, loose].sort());

      const got = await s.getRoomsByIds([ROOM_ID, OTHER_ROOM_ID, id("missing")]);
      expect(sortedIds(got)).toEqual([ROOM_ID, OTHER_ROOM_ID].sort());
      expect(got.find((r) => r.id === ROOM_ID)).toMatchObject(
        room({ metadata: { topic: "general" } }),
      );
      expect(got.find((r) => r.id === OTHER_ROOM_ID)?.type).toBe("DM");
      expect(await s.getRoomsByIds([])).toEqual([]);

      expect(sortedIds(await s.getRoomsByWorld(WORLD_ID))).toEqual([ROOM_ID, OTHER_ROOM_ID].sort());
      expect(sortedIds(await s.getRoomsByWorld(otherWorld))).toEqual([loose]);

      await s.updateRoom(room({ name: "Renamed", metadata: { topic: "random" } }));
      expect((await s.getRoomsByIds([ROOM_ID]))[0]).toMatchObject({
        name: "Renamed",
        metadata: { topic: "random" },
      });
    });

    it("deleteRoom removes the room with its memories and participants, nothing else", async () => {
      const s = ctx.storage();
      await seed(s);
      const gone = await s.createMemory(message("in room"), "messages");
      const kept = await s.createMemory(message("kept", { roomId: OTHER_ROOM_ID }), "messages");

      await s.deleteRoom(ROOM_ID);
      expect(await s.getRoomsByIds([ROOM_ID])).toEqual([]);
      expect(await s.getMemoryById(gone)).toBeNull();
      expect(await s.getParticipantsForRoom(ROOM_ID)).toEqual([]);
      expect(await s.isRoomParticipant(ROOM_ID, USER_ID)).toBe(false);
      expect(await s.getRoomsForParticipant(USER_ID)).toEqual([OTHER_ROOM_ID]);

      expect(await s.getMemoryById(kept)).not.toBeNull();
      expect(sortedIds(await s.getEntitiesByIds([USER_ID]))).toEqual([USER_ID]);
      expect(await s.getWorld(WORLD_ID)).not.toBeNull();
    });

    it("deleteRoomsByWorldId removes that world's rooms and their memories", async () => {
      const s = ctx.storage();
      await seed(s);
      const otherWorld = id("world-2");
      const outside = id("room-outside");
      await s.createWorld(world({ id: otherWorld }));
      await s.createRooms([room({ id: outside, worldId: otherWorld })]);
      const gone = await s.createMemory(message("x"), "messages");
      const kept = await s.createMemory(message("y", { roomId: outside }), "messages");

      await s.deleteRoomsByWorldId(WORLD_ID);
      expect(await s.getRoomsByWorld(WORLD_ID)).toEqual([]);
      expect(await s.getRoomsByIds([ROOM_ID, OTHER_ROOM_ID])).toEqual([]);
      expect(await s.getMemoryById(gone)).toBeNull();
      expect(sortedIds(await s.getRoomsByWorld(otherWorld))).toEqual([outside]);
      expect(await s.getMemoryById(kept)).not.toBeNull();
    });
  });

  describe("participants", () => {
    it("adds participants idempotently and lists them both ways", async () => {
      const s = ctx.storage();
      await seed(s);
      expect(sortedIds(await s.getParticipantsForRoom(ROOM_ID))).toEqual(
        [AGENT_ID, USER_ID, OTHER_USER_ID].sort(),
      );
      expect(await s.addParticipantsRoom([USER_ID, USER_ID], ROOM_ID)).toBe(true);
      expect(await s.getParticipantsForRoom(ROOM_ID)).toHaveLength(3);

      expect([...(await s.getRoomsForParticipant(USER_ID))].sort()).toEqual(
        [ROOM_ID, OTHER_ROOM_ID].sort(),
      );
      expect(await s.getRoomsForParticipant(OTHER_USER_ID)).toEqual([ROOM_ID]);
      expect([...(await s.getRoomsForParticipants([USER_ID, OTHER_USER_ID]))].sort()).toEqual(
        [ROOM_ID, OTHER_ROOM_ID].sort(),
      );
      expect(await s.getRoomsForParticipants([])).toEqual([]);

      const participations = await s.getParticipantsForEntity(USER_ID);
      expect(participations.map((p) => p.roomId).sort()).toEqual([ROOM_ID, OTHER_ROOM_ID].sort());
      for (const p of participations) {
        expect(p.entityId).toBe(USER_ID);
        expect(typeof p.id).toBe("string");
      }

      expect(await s.isRoomParticipant(ROOM_ID, OTHER_USER_ID)).toBe(true);
      expect(await s.isRoomParticipant(OTHER_ROOM_ID, OTHER_USER_ID)).toBe(false);
      expect(await s.getRoomsForParticipant(id("stranger"))).toEqual([]);
    });

    it("removes a participant, reporting whether there was one", async () => {
      const s = ctx.storage();
      await seed(s);
      expect(await s.removeParticipant(OTHER_USER_ID, ROOM_ID)).toBe(true);
      expect(await s.isRoomParticipant(ROOM_ID, OTHER_USER_ID)).toBe(false);
      expect(await s.removeParticipant(OTHER_USER_ID, ROOM_ID)).toBe(false);
      expect(sortedIds(await s.getParticipantsForRoom(ROOM_ID))).toEqual(
        [AGENT_ID, USER_ID].sort(),
      );
    });

    it("keeps a follow/mute state per participant, null by default", async () => {
      const s = ctx.storage();
      await seed(s);
      expect(await s.getParticipantUserState(ROOM_ID, USER_ID)).toBeNull();
      await s.setParticipantUserState(ROOM_ID, USER_ID, "FOLLOWED");
      expect(await s.getParticipantUserState(ROOM_ID, USER_ID)).toBe("FOLLOWED");
      expect(await s.getParticipantUserState(OTHER_ROOM_ID, USER_ID)).toBeNull();
      expect(await s.getParticipantUserState(ROOM_ID, OTHER_USER_ID)).toBeNull();
      await s.setParticipantUserState(ROOM_ID, USER_ID, "MUTED");
      expect(await s.getParticipantUserState(ROOM_ID, USER_ID)).toBe("MUTED");
      // Re-adding an existing participant keeps its state.
      await s.addParticipantsRoom([USER_ID], ROOM_ID);
      expect(await s.getParticipantUserState(ROOM_ID, USER_ID)).toBe("MUTED");
      await s.setParticipantUserState(ROOM_ID, USER_ID, null);
      expect(await s.getParticipantUserState(ROOM_ID, USER_ID)).toBeNull();
    });

    it("lets a new entity join a room after creation", async () => {
      const s = ctx.storage();
      await seed(s);
      const newcomer = id("newcomer");
      await s.createEntities([entity(newcomer, ["Newcomer"])]);
      await s.addParticipantsRoom([newcomer], OTHER_ROOM_ID);
      expect(await s.isRoomParticipant(OTHER_ROOM_ID, newcomer)).toBe(true);
    });
  });
}
