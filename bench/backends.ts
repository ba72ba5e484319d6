// The backends the round-trip bench and its budget test run: each real, each counted at the
// wire (D1 binding calls, Neon HTTP requests, PGlite queries; memory counts method calls).
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { createD1Storage } from "../adapters/d1/index.ts";
import { createDynamoStorage } from "../adapters/dynamodb/index.ts";
import { createMemoryStorage } from "../adapters/memory/index.ts";
import { createNeonHttpStorage, createPgliteStorage } from "../adapters/postgres/index.ts";
import { localClient, startDynamoDbLocal } from "../test/support/dynamodb-local.ts";
import { startMiniflareD1 } from "../test/support/miniflare-d1.ts";
import { startNeonHttpShim, useLocalNeonHttp } from "../test/support/neon-http-shim.ts";
import { startPgliteServer } from "../test/support/pglite-server.ts";
import {
  type Counter,
  countingD1,
  countingDynamo,
  countingMethods,
} from "./roundtrips/counters.ts";
import type { CountedStorage } from "./roundtrips/measure.ts";

export type BackendName = "memory" | "pglite" | "neon-http" | "d1" | "dynamodb";

export const backends: Record<BackendName, () => Promise<CountedStorage>> = {
  async memory() {
    const counter: Counter = { count: 0 };
    const storage = countingMethods(createMemoryStorage(), counter);
    await storage.init();
    return { storage, read: () => counter.count, close: () => storage.close() };
  },

  async pglite() {
    const counter: Counter = { count: 0 };
    const client = countingMethods(await PGlite.create({ extensions: { vector } }), counter);
    const storage = await createPgliteStorage({ client });
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

  async "neon-http"() {
    const server = await startPgliteServer();
    const shim = await startNeonHttpShim();
    useLocalNeonHttp(shim);
    const storage = createNeonHttpStorage({ connectionString: server.url });
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

  async d1() {
    const mf = await startMiniflareD1();
    const counter: Counter = { count: 0 };
    const storage = createD1Storage(countingD1(mf.db, counter));
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

  async dynamodb() {
    const local = await startDynamoDbLocal();
    const counter: Counter = { count: 0 };
    const requests: Counter = { count: 0 };
    const client = countingDynamo(localClient(local.endpoint), counter, requests);
    const storage = createDynamoStorage({ tableName: "bench", client, createTable: true });
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
