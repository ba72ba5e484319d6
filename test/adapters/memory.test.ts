import { describe, expect, it } from "vitest";
import { createMemoryStorage, type MemoryStorage } from "../../adapters/memory/index.ts";
import { type StorageAdapter, StorageError } from "../../core/storage.ts";
import { stringToUuid } from "../../core/uuid.ts";
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
