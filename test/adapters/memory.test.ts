import { describe, expect, it } from "vitest";
import { createMemoryStorage, type MemoryStorage } from "../../adapters/memory/index.ts";
import { stringToUuid } from "../../core/kernel/ids/uuid.ts";
import { type StorageAdapter, StorageError } from "../../core/kernel/storage/contract.ts";
import { describeStorageConformance } from "../storage/conformance.ts";

describeStorageConformance("memory", {
  create: async ({ now }) => createMemoryStorage({ now }),
});

// The same backend through the suite's other lifecycle: one storage reused with `reset`, as
// slow backends (PGlite) run it, and claim races over several clients. Clients are views of
// one shared MemoryStorage, which reset swaps for an empty one.
let shared: MemoryStorage | undefined;
const sharedClient = (): StorageAdapter =>
  new Proxy({} as StorageAdapter, {
    get(_target, key) {
      const value = Reflect.get(shared!, key);
      return typeof value === "function" ? value.bind(shared) : value;
    },
  });
let sharedNow: () => number = Date.now;

describeStorageConformance("memory, reused with reset and several clients", {
  create: async ({ now }) => {
    sharedNow = now;
    shared = createMemoryStorage({ now });
    return sharedClient();
  },
  reset: async () => {
    shared = createMemoryStorage({ now: sharedNow });
  },
  capabilities: {
    concurrentClients: async (_storage, count) =>
      Array.from({ length: count }, () => sharedClient()),
  },
});

describe("memory storage options", () => {
  const room = stringToUuid("room");
  const user = stringToUuid("user");
  const memory = (embedding: number[]) => ({
    entityId: user,
    roomId: room,
    content: {},
    embedding,
  });

  it("reports its kind for /health", () => {
    expect(createMemoryStorage().kind).toBe("memory");
  });

  it("pins the embedding width from the embeddingDimension option", async () => {
    const storage = createMemoryStorage({ embeddingDimension: 3 });
    await expect(storage.createMemory(memory([1, 2, 3]), "messages")).resolves.toBeTypeOf("string");
    const error = await storage.createMemory(memory([1, 2]), "messages").catch((e) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error.code).toBe("EMBEDDING_DIMENSION_MISMATCH");
  });

  it("refuses a width that is not a positive integer", async () => {
    expect(() => createMemoryStorage({ embeddingDimension: 0 })).toThrow(RangeError);
    await expect(createMemoryStorage().ensureEmbeddingDimension(1.5)).rejects.toThrow(RangeError);
  });

  it("records relationships under the configured agent", async () => {
    const agentId = stringToUuid("agent");
    const storage = createMemoryStorage({ agentId });
    await storage.createRelationship({ sourceEntityId: user, targetEntityId: room });
    const rel = await storage.getRelationship({ sourceEntityId: user, targetEntityId: room });
    expect(rel?.agentId).toBe(agentId);
  });

  it("stores values as JSON, like the database backends", async () => {
    const storage = createMemoryStorage();
    await storage.setCache("k", { at: new Date(0), gone: undefined, n: 1 });
    expect(await storage.getCache("k")).toEqual({ at: "1970-01-01T00:00:00.000Z", n: 1 });
  });
});

// Reads hand out copies made by walking the stored JSON, not by printing and parsing it
// (adapters/memory/base.ts detached): a caller changing anything it got, however deep, must
// still leave the store as it was.
describe("memory storage reads", () => {
  const agentId = stringToUuid("agent");
  const room = stringToUuid("room");
  const user = stringToUuid("user");
  const world = stringToUuid("world");

  async function seeded() {
    const storage = createMemoryStorage({ agentId });
    await storage.createWorld({ id: world, agentId, name: "W", metadata: { tags: ["a"] } });
    await storage.createRooms([
      { id: room, agentId, worldId: world, source: "api", type: "API", metadata: { x: { y: 1 } } },
    ] as never);
    await storage.createEntities([
      { id: user, agentId, names: ["Ada"], metadata: { nested: { list: [1, 2] } } },
    ]);
    await storage.addParticipantsRoom([user], room);
    await storage.createMemory(
      {
        id: stringToUuid("m1"),
        entityId: user,
        agentId,
        roomId: room,
        content: { text: "pristine", actions: ["REPLY"] },
        metadata: { type: "message", list: [1, 2] } as never,
        embedding: [1, 0, 0],
      },
      "messages",
    );
    await storage.setCache("c", { deep: { list: [1] } });
    return storage;
  }

  it("never let a caller change the store through what a read returned", async () => {
    const storage = await seeded();
    const query = { tableName: "messages", roomId: room };
    const scribble = (memory: { content: { text?: string; actions?: string[] } } | undefined) => {
      memory!.content.text = "scribbled";
      memory!.content.actions!.push("SCRIBBLE");
    };
    scribble((await storage.getMemories(query))[0]);
    scribble((await storage.getMemoryById(stringToUuid("m1")))!);
    scribble((await storage.getMemoriesByIds([stringToUuid("m1")]))[0]);
    scribble((await storage.getMemoriesByRoomIds({ tableName: "messages", roomIds: [room] }))[0]);
    const [found] = await storage.searchMemories({ ...query, embedding: [1, 0, 0] });
    scribble(found);
    found!.embedding![0] = -1;

    const entity = (await storage.getEntitiesByIds([user]))[0]!;
    entity.names.push("Eve");
    (entity.metadata!.nested as { list: number[] }).list.push(3);
    (await storage.getEntitiesForRoom(room))[0]!.names.push("Mallory");
    ((await storage.getRoomsByIds([room]))[0]!.metadata!.x as { y: number }).y = 2;
    ((await storage.getWorld(world))!.metadata!.tags as string[]).push("b");
    (await storage.getCache<{ deep: { list: number[] } }>("c"))!.deep.list.push(2);

    const memory = await storage.getMemoryById(stringToUuid("m1"));
    expect(memory?.content).toEqual({ text: "pristine", actions: ["REPLY"] });
    expect(memory?.embedding).toEqual([1, 0, 0]);
    const again = await storage.searchMemories({ ...query, embedding: [1, 0, 0] });
    expect(again.map((m) => [m.content.text, m.similarity])).toEqual([["pristine", 1]]);
    expect((await storage.getEntitiesByIds([user]))[0]).toMatchObject({
      names: ["Ada"],
      metadata: { nested: { list: [1, 2] } },
    });
    expect((await storage.getRoomsByIds([room]))[0]?.metadata).toEqual({ x: { y: 1 } });
    expect((await storage.getWorld(world))?.metadata).toEqual({ tags: ["a"] });
    expect(await storage.getCache("c")).toEqual({ deep: { list: [1] } });
  });

  it("hands back a `__proto__` key as data, never as a prototype", async () => {
    const storage = createMemoryStorage();
    await storage.setCache("k", JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'));
    const value = (await storage.getCache<Record<string, unknown>>("k"))!;
    expect(Object.keys(value)).toEqual(["__proto__", "ok"]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it("searches with the embedding a row has now, and the old one after an undone batch", async () => {
    const storage = await seeded();
    const search = async (embedding: number[]) =>
      (await storage.searchMemories({ tableName: "messages", embedding })).map((m) => m.similarity);
    expect(await search([1, 0, 0])).toEqual([1]);
    await storage.updateMemory({ id: stringToUuid("m1"), embedding: [0, 1, 0] });
    expect(await search([1, 0, 0])).toEqual([0]);
    expect(await search([0, 1, 0])).toEqual([1]);
    // A batch that deletes the row then fails is undone: the row, and its vector, come back.
    const failing = storage.batch([
      { op: "deleteMemory", memoryId: stringToUuid("m1") },
      { op: "unknown" } as never,
    ]);
    await expect(failing).rejects.toThrow();
    expect(await search([0, 1, 0])).toEqual([1]);
  });
});
