// The IDatabaseAdapter methods elizaOS plugins call on the runtime (plugin-bootstrap calls
// getRoom, getEntityById, getComponents, getRelationships, getTasks, createMemory, log ...),
// round-tripped through real storage, with elizaOS's return shapes.
import { describe, expect, it } from "vitest";
import { ChannelType, type Memory, type UUID } from "../../core/index.ts";
import { randomUuid } from "../../core/kernel/ids/uuid.ts";
import { backends, runtimeOn } from "./runtime-elizaos-backends.ts";

describe.each(backends)("runtime database methods on $name", (backend) => {
  it("worlds, rooms (elizaOS's createRoom object) and lookups that miss return null", async () => {
    const runtime = await runtimeOn(backend);
    await runtime.initialize();
    const worldId = randomUuid();
    await runtime.createWorld({ id: worldId, name: "w", agentId: runtime.agentId });
    expect((await runtime.getWorld(worldId))?.name).toBe("w");
    await runtime.updateWorld({ id: worldId, name: "w2", agentId: runtime.agentId });
    expect((await runtime.getWorld(worldId))?.name).toBe("w2");

    const roomId = await runtime.createRoom({
      name: "general",
      source: "discord",
      type: ChannelType.GROUP,
      channelId: "c1",
      messageServerId: "server-1",
      worldId,
    } as Parameters<typeof runtime.createRoom>[0]);
    const room = await runtime.getRoom(roomId);
    expect(room).toMatchObject({ id: roomId, type: "GROUP", serverId: "server-1", worldId });
    expect((await runtime.getRooms(worldId)).map((r) => r.id)).toEqual([roomId]);
    expect(await runtime.getRoom(randomUuid())).toBeNull();
    expect(await runtime.getEntityById(randomUuid())).toBeNull();
    await expect(runtime.createRoom({ source: "x", type: ChannelType.DM })).rejects.toThrow(
      "worldId is required",
    );
  });

  it("entities, participants ({id, entity}), user state and components", async () => {
    const runtime = await runtimeOn(backend);
    await runtime.initialize();
    const worldId = randomUuid();
    const roomId = randomUuid();
    await runtime.ensureWorldExists({ id: worldId, agentId: runtime.agentId });
    await runtime.ensureRoomExists({ id: roomId, source: "test", type: "GROUP", worldId });
    await runtime.ensureRoomExists({ id: roomId, source: "test", type: "GROUP", worldId });
    const entityId = randomUuid();
    expect(await runtime.createEntity({ id: entityId, names: ["Ann"] } as never)).toBe(true);
    expect((await runtime.getEntityById(entityId))?.agentId).toBe(runtime.agentId);
    expect(await runtime.addParticipant(entityId, roomId)).toBe(true);
    await runtime.ensureParticipantInRoom(entityId, roomId);
    expect(await runtime.isRoomParticipant(roomId, entityId)).toBe(true);
    expect(await runtime.getParticipantsForRoom(roomId)).toEqual([entityId]);
    const [participant] = await runtime.getParticipantsForEntity(entityId);
    expect(participant?.entity?.names).toEqual(["Ann"]);
    expect(participant?.roomId).toBe(roomId);
    expect(await runtime.getRoomsForParticipant(entityId)).toEqual([roomId]);

    expect(await runtime.getParticipantUserState(roomId, entityId)).toBeNull();
    await runtime.setParticipantUserState(roomId, entityId, "FOLLOWED");
    expect(await runtime.getParticipantUserState(roomId, entityId)).toBe("FOLLOWED");

    await runtime.createComponent({
      entityId,
      roomId,
      worldId,
      sourceEntityId: runtime.agentId,
      type: "profile",
      data: { likes: "tea" },
    } as never);
    expect((await runtime.getComponent(entityId, "profile", worldId))?.data).toEqual({
      likes: "tea",
    });
    expect(await runtime.getComponents(entityId)).toHaveLength(1);
  });

  it("memories: agentId filled in, by world, all of the agent's, cleared", async () => {
    const runtime = await runtimeOn(backend);
    await runtime.initialize();
    const worldId = randomUuid();
    const roomId = randomUuid();
    const entityId = randomUuid();
    await runtime.ensureConnection({ entityId, roomId, worldId, source: "test" });
    const memory: Memory = { entityId, roomId, content: { text: "hello" } };
    const id = await runtime.createMemory(memory, "messages");
    expect((await runtime.getMemoryById(id))?.agentId).toBe(runtime.agentId);
    expect(await runtime.countMemories(roomId)).toBe(1);
    const byWorld = await runtime.getMemoriesByWorldId({ worldId, count: 10 });
    expect(byWorld.map((m) => m.content.text)).toEqual(["hello"]);
    expect(await runtime.getMemoriesByWorldId({ worldId: randomUuid() })).toEqual([]);
    expect((await runtime.getAllMemories()).map((m) => m.id)).toEqual([id]);
    await runtime.clearAllAgentMemories();
    expect(await runtime.getAllMemories()).toEqual([]);
    expect(await runtime.getCachedEmbeddings({} as never)).toEqual([]);
  });

  it("relationships, cache, logs (createdAt a Date) and tasks without tags", async () => {
    const runtime = await runtimeOn(backend);
    await runtime.initialize();
    const a = randomUuid();
    const b = randomUuid();
    await runtime.createEntities([
      { id: a, names: ["a"], agentId: runtime.agentId },
      { id: b, names: ["b"], agentId: runtime.agentId },
    ]);
    expect(
      await runtime.createRelationship({ sourceEntityId: a, targetEntityId: b, tags: ["friend"] }),
    ).toBe(true);
    const [relationship] = await runtime.getRelationships({ entityId: b });
    expect(relationship?.tags).toEqual(["friend"]);

    expect(await runtime.setCache("k", { n: 1 })).toBe(true);
    expect(await runtime.getCache("k")).toEqual({ n: 1 });
    expect(await runtime.deleteCache("k")).toBe(true);
    expect(await runtime.getCache("k")).toBeUndefined();

    const roomId = randomUuid();
    await runtime.ensureConnection({ entityId: a, roomId, source: "test" });
    await runtime.log({ body: { action: "REPLY" }, entityId: a, roomId, type: "action" });
    const [log] = await runtime.getLogs({ entityId: a, type: "action" });
    expect(log?.createdAt).toBeInstanceOf(Date);
    expect(log?.body).toEqual({ action: "REPLY" });

    const taskId = await runtime.createTask({ name: "CHECK", roomId, metadata: { x: 1 } });
    expect((await runtime.getTask(taskId))?.tags).toEqual([]);
    expect((await runtime.getTasksByName("CHECK")).map((t) => t.id)).toEqual([taskId]);
    await runtime.updateTask(taskId, { description: "changed" });
    expect((await runtime.getTasks({ roomId }))[0]?.description).toBe("changed");
    await runtime.deleteTask(taskId);
    expect(await runtime.getTask(taskId)).toBeNull();
  });

  it("ensureConnection takes elizaOS's object; ensureConnections a whole world", async () => {
    const runtime = await runtimeOn(backend);
    await runtime.initialize();
    const entityId = randomUuid();
    const roomId = randomUuid();
    const worldId = randomUuid();
    await runtime.ensureConnection({
      entityId,
      roomId,
      worldId,
      worldName: "Guild",
      userName: "ann",
      name: "Ann",
      source: "discord",
      type: "GROUP",
      channelId: "chan",
      messageServerId: "guild-1" as UUID,
      userId: "user-1" as UUID,
      metadata: { avatar: "a.png" },
    });
    expect(await runtime.getRoom(roomId)).toMatchObject({
      type: "GROUP",
      channelId: "chan",
      worldId,
    });
    expect((await runtime.getWorld(worldId))?.name).toBe("Guild");
    const entity = await runtime.getEntityById(entityId);
    expect(entity?.names).toEqual(["Ann", "ann"]);
    expect(entity?.metadata?.discord).toMatchObject({ avatar: "a.png", userName: "ann" });
    expect((await runtime.getParticipantsForRoom(roomId)).sort()).toEqual(
      [entityId, runtime.agentId].sort(),
    );

    const world = { id: randomUuid(), name: "W", agentId: runtime.agentId };
    const rooms = [
      { id: randomUuid(), source: "discord", type: ChannelType.GROUP },
      { id: randomUuid(), source: "discord", type: ChannelType.GROUP },
    ];
    const members = Array.from({ length: 60 }, (_, i) => ({
      id: randomUuid(),
      names: [`m${i}`],
      agentId: runtime.agentId,
    }));
    await runtime.ensureConnections(members, rooms, "discord", world);
    await runtime.ensureConnections(members, rooms, "discord", world);
    expect((await runtime.getRooms(world.id)).length).toBe(2);
    // elizaOS adds members (and the agent) to the first room.
    expect(await runtime.getParticipantsForRoom(rooms[0]!.id)).toHaveLength(61);
  });

  it("adapter, db, readiness and queueEmbeddingGeneration as a durable task", async () => {
    const runtime = await runtimeOn(backend);
    await runtime.initialize();
    expect(runtime.adapter).toBe(runtime.storage);
    expect(runtime.db).toBe(runtime.storage.drizzle ?? runtime.storage);
    expect(await runtime.getConnection()).toBe(runtime.db);
    expect(await runtime.isReady()).toBe(true);
    runtime.registerDatabaseAdapter({} as never);
    expect(runtime.adapter).toBe(runtime.storage);

    const roomId = randomUuid();
    const entityId = randomUuid();
    await runtime.ensureConnection({ entityId, roomId, source: "test" });
    const memory: Memory = { id: randomUuid(), entityId, roomId, content: { text: "embed me" } };
    await runtime.createMemory(memory, "messages");
    await runtime.queueEmbeddingGeneration(memory, "high");
    await runtime.queueEmbeddingGeneration({ ...memory, id: randomUuid(), content: {} });
    const tasks = await runtime.getTasksByName("EMBED_MEMORY");
    expect(tasks.map((t) => t.metadata?.memoryId)).toEqual([memory.id]);
  });
});
