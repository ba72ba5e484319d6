// The Postgres adapter through both Neon drivers, for real: `neon()` over HTTP through a local
// POST /sql shim, and the WebSocket `Pool` through a local ws→TCP proxy, both reaching one
// PGlite served by pglite-socket. Racers are separate clients, so claims cross connections.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createNeonHttpStorage,
  createNeonPoolStorage,
  type PostgresStorage,
} from "../../adapters/postgres/index.ts";
import { describeStorageConformance } from "../storage/conformance.ts";
import {
  type NeonHttpShim,
  startNeonHttpShim,
  useLocalNeonHttp,
} from "../support/neon-http-shim.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";
import { startWsProxy, useLocalWsProxy, type WsProxy } from "../support/ws-proxy.ts";

let server: PgliteServer;
let shim: NeonHttpShim;
let proxy: WsProxy;

beforeAll(async () => {
  server = await startPgliteServer();
  shim = await startNeonHttpShim();
  proxy = await startWsProxy();
  useLocalNeonHttp(shim);
  useLocalWsProxy(proxy);
});

afterAll(async () => {
  await proxy?.stop();
  await shim?.stop();
  await server?.stop();
});

const reset = (storage: unknown) => (storage as PostgresStorage).reset();

describeStorageConformance("postgres (neon-http)", {
  create: ({ now }) =>
    Promise.resolve(createNeonHttpStorage({ connectionString: server.url, now })),
  reset,
  capabilities: {
    concurrentClients: async (_storage, count, { now }) =>
      Array.from({ length: count }, () =>
        createNeonHttpStorage({ connectionString: server.url, now, migrate: false }),
      ),
    agentClient: async (_storage, agentId, { now }) =>
      createNeonHttpStorage({ connectionString: server.url, now, agentId, migrate: false }),
  },
});

describeStorageConformance("postgres (neon-ws)", {
  create: ({ now }) =>
    Promise.resolve(createNeonPoolStorage({ connectionString: server.url, now })),
  reset,
  capabilities: {
    concurrentClients: async (_storage, count, { now }) =>
      Array.from({ length: count }, () =>
        createNeonPoolStorage({ connectionString: server.url, now, migrate: false, max: 1 }),
      ),
    agentClient: async (_storage, agentId, { now }) =>
      createNeonPoolStorage({ connectionString: server.url, now, agentId, migrate: false, max: 1 }),
  },
});

describe("neon-http driver", () => {
  it("sends a batch as one request (one non-interactive transaction)", async () => {
    const storage = createNeonHttpStorage({ connectionString: server.url, migrate: false });
    expect(storage.kind).toBe("neon-http");
    await storage.ensureEmbeddingDimension(8);
    const before = shim.requests();
    await storage.batch([
      { op: "setCache", key: "a", value: 1 },
      { op: "setCache", key: "b", value: 2 },
      { op: "deleteCache", key: "a" },
    ]);
    expect(shim.requests() - before).toBe(1);
    expect(await storage.getCache("b")).toBe(2);
    await storage.close();
  });
});
