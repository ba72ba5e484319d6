import { createMemoryStorage, type MemoryStorage } from "../../adapters/memory/index.ts";
import type { StorageAdapter } from "../../core/storage.ts";
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
