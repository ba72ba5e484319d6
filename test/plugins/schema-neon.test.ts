// Plugin `schema` through the network Postgres drivers, for real: Neon over HTTP (a local
// POST /sql shim, one request per statement, no interactive transaction) and node-postgres,
// both reaching one PGlite served by pglite-socket.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createNeonHttpStorage,
  createNodePostgresStorage,
  type PostgresStorage,
} from "../../adapters/postgres/index.ts";
import { createAgent, parseCharacter } from "../../core/index.ts";
import {
  type NeonHttpShim,
  startNeonHttpShim,
  useLocalNeonHttp,
} from "../support/neon-http-shim.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";
import { captureLogger } from "./capture-logger.ts";
import { notebookPlugin, notebookTables } from "./schema-fixture.ts";

let server: PgliteServer;
let shim: NeonHttpShim;
beforeAll(async () => {
  server = await startPgliteServer();
  shim = await startNeonHttpShim();
  useLocalNeonHttp(shim);
});
afterAll(async () => {
  await shim?.stop();
  await server?.stop();
});

describe("plugin schema over the network drivers", () => {
  const tables = notebookTables(pg, sql, "edge_net");

  for (const [kind, open] of [
    ["neon-http", () => createNeonHttpStorage({ connectionString: server.url })],
    ["postgres", () => createNodePostgresStorage({ connectionString: server.url, max: 1 })],
  ] as const) {
    it(`${kind}: startup creates the tables (twice is a no-op) and the plugin's rows round-trip`, async () => {
      const storage: PostgresStorage = open();
      await storage.init();
      try {
        for (let start = 0; start < 2; start++) {
          await createAgent({
            character: parseCharacter({ name: "Keeper" }),
            storage,
            logger: captureLogger(),
            plugins: [notebookPlugin(tables)],
          });
        }
        const db = storage.drizzle;
        await db.insert(tables.notebooks).values({ title: `via ${kind}` });
        const titles = (await db.select().from(tables.notebooks)).map((n) => n.title);
        expect(titles).toContain(`via ${kind}`);
      } finally {
        await storage.close();
      }
    });
  }
});
