// Which storage a runtime uses: eliza-edge's `storage` option, or elizaOS's `adapter` (an
// elizaOS IDatabaseAdapter, bridged in eliza-adapter.ts; a backend of adapters/ passed as
// `adapter` is used as it is). With neither, the runtime still constructs, as elizaOS's does,
// and the first storage call fails with elizaOS's message, saying what to pass.
import type { StorageAdapter } from "../../kernel/index.ts";
import {
  type ElizaDatabaseAdapter,
  isStorageAdapter,
  storageFromElizaAdapter,
} from "./eliza-adapter.ts";

export interface StorageChoice {
  storage?: StorageAdapter;
  /** elizaOS's option: its database adapter (plugin-sql's, a mock), or an eliza-edge storage. */
  adapter?: unknown;
}

export function chooseStorage(options: StorageChoice): StorageAdapter {
  const given = options.storage ?? options.adapter;
  if (given === undefined || given === null) return missingStorage();
  if (isStorageAdapter(given)) return given;
  return storageFromElizaAdapter(given as ElizaDatabaseAdapter);
}

const MISSING =
  "Database adapter not initialized: new AgentRuntime was given neither `adapter` (an elizaOS " +
  "database adapter) nor `storage` (an eliza-edge backend: createMemoryStorage() from " +
  "eliza-edge/adapters/memory, createD1Storage(), createDynamoStorage(), a Postgres storage)";

function missingStorage(): StorageAdapter {
  return new Proxy({} as StorageAdapter, {
    get(_target, name) {
      if (name === "kind") return "none";
      if (name === "then" || typeof name === "symbol" || name === "drizzle") return undefined;
      return () => Promise.reject(new Error(MISSING));
    },
  });
}
