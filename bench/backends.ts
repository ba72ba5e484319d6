// The backends the round-trip bench and its budget test run: each real, each counted at the
// wire (D1 binding calls, Neon HTTP requests, PGlite queries; memory counts method calls).
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { createD1Storage } from "../adapters/d1/index.ts";
import { createDynamoStorage } from "../adapters/dynamodb/index.ts";
import { createMemoryStorage } from "../adapters/memory/index.ts";
import { createNeonHttpStorage, createPgliteStorage } from "../adapters/postgres/index.ts";
import type { UUID } from "../core/index.ts";
import { localClient, startDynamoDbLocal } from "../test/support/dynamodb-local.ts";
import { startMiniflareD1 } from "../test/support/miniflare-d1.ts";
import { startNeonHttpShim, useLocalNeonHttp } from "../test/support/neon-http-shim.ts";
import { startPgliteServer } from "../test/support/pglite-server.ts";
import {
  type Counter,
  countingD1,
  countingDynamo,
  countingMethods,
  countingPglite,
} from "./roundtrips/counters.ts";
import type { CountedStorage } from "./roundtrips/measure.ts";

export type BackendName = "memory" | "pglite" | "neon-http" | "d1" | "dynamodb";

/** What a bench may ask of the storage: the agent it serves, as every target creates it. */
export interface BackendOptions {
  agentId?: UUID;
}

type OpenBackend = (options?: BackendOptions) => Promise<CountedStorage>;

export const backends: Record<BackendName, OpenBackend> = {
  async memory(options = {}) {
    const counter: Counter = { count: 0 };
    const storage = countingMethods(createMemoryStorage(options), counter);
    await storage.init();
    return { storage, read: () => counter.count, close: () => storage.close() };
  },

  async pglite(options = {}) {
    const counter: Counter = { count: 0 };
    const client = countingPglite(await PGlite.create({ extensions: { vector } }), counter);
    const storage = await createPgliteStorage({ ...options, client });
    await storage.init();
    return {
      storage,
      read: () => counter.count,
      close: async () => {
        await storage.close();
        await client.close();
      },
    };
  },

  async "neon-http"(options = {}) {
    const server = await startPgliteServer();
    const shim = await startNeonHttpShim();
    useLocalNeonHttp(shim);
    const storage = createNeonHttpStorage({ ...options, connectionString: server.url });
    await storage.init();
    return {
      storage,
      read: () => shim.requests(),
      close: async () => {
        await storage.close();
        await shim.stop();
        await server.stop();
      },
    };
  },

  async d1(options = {}) {
    const mf = await startMiniflareD1();
    const counter: Counter = { count: 0 };
    const storage = createD1Storage(countingD1(mf.db, counter), options);
    await storage.init();
    return {
      storage,
      read: () => counter.count,
      close: async () => {
        await storage.close();
        await mf.dispose();
      },
    };
  },

  async dynamodb(options = {}) {
    const local = await startDynamoDbLocal();
    const counter: Counter = { count: 0 };
    const requests: Counter = { count: 0 };
    const client = countingDynamo(localClient(local.endpoint), counter, requests);
    const storage = createDynamoStorage({
      ...options,
      tableName: "bench",
      client,
      createTable: true,
    });
    await storage.init();
    return {
      storage,
      read: () => counter.count,
      requests: () => requests.count,
      close: async () => {
        await storage.close();
        client.destroy();
        await local.stop();
      },
    };
  },
};
