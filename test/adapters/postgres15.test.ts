// The Postgres adapter on a real PostgreSQL 15 with pgvector (the only place where racing
// connections are truly parallel): `pg` over TCP, and the Neon WebSocket Pool through the
// local proxy. Runs when TEST_POSTGRES_URL is set: `eval "$(test/support/postgres15.sh)"`.
import { afterAll, beforeAll, describe, it } from "vitest";
import {
  createNeonPoolStorage,
  createNodePostgresStorage,
  type PostgresStorage,
} from "../../adapters/postgres/index.ts";
import { describeStorageConformance } from "../storage/conformance.ts";
import { startWsProxy, useLocalWsProxy, type WsProxy } from "../support/ws-proxy.ts";

const url = process.env.TEST_POSTGRES_URL;

if (!url) {
  describe("postgres 15", () => {
    it.skip('skipped: TEST_POSTGRES_URL not set (eval "$(test/support/postgres15.sh)")', () => {});
  });
} else {
  const connectionString = url;
  let proxy: WsProxy;
  beforeAll(async () => {
    proxy = await startWsProxy();
    useLocalWsProxy(proxy);
  });
  afterAll(async () => {
    await proxy?.stop();
  });

  const reset = (storage: unknown) => (storage as PostgresStorage).reset();

  describeStorageConformance("postgres 15 (pg)", {
    create: async ({ now }) => createNodePostgresStorage({ connectionString, now }),
    reset,
    capabilities: {
      concurrentClients: async (_storage, count, { now }) =>
        Array.from({ length: count }, () =>
          createNodePostgresStorage({ connectionString, now, migrate: false, max: 2 }),
        ),
      agentClient: async (_storage, agentId, { now }) =>
        createNodePostgresStorage({ connectionString, now, agentId, migrate: false, max: 1 }),
    },
  });

  describeStorageConformance("postgres 15 (neon-ws)", {
    create: async ({ now }) => createNeonPoolStorage({ connectionString, now }),
    reset,
    capabilities: {
      concurrentClients: async (_storage, count, { now }) =>
        Array.from({ length: count }, () =>
          createNeonPoolStorage({ connectionString, now, migrate: false, max: 2 }),
        ),
      agentClient: async (_storage, agentId, { now }) =>
        createNeonPoolStorage({ connectionString, now, agentId, migrate: false, max: 1 }),
    },
  });
}
