// A plugin with tables on a backend that cannot hold them (D1, DynamoDB, memory) stops startup
// with an error naming the plugin and the backend, before the plugin's init or any query.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Storage } from "../../adapters/d1/index.ts";
import { createDynamoStorage } from "../../adapters/dynamodb/index.ts";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createAgent, parseCharacter, type StorageAdapter } from "../../core/index.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";
import { captureLogger } from "./capture-logger.ts";
import { notebookPlugin, notebookTables } from "./schema-fixture.ts";

let d1: MiniflareD1;
beforeAll(async () => {
  d1 = await startMiniflareD1();
});
afterAll(async () => {
  await d1?.dispose();
});

const character = parseCharacter({ name: "Keeper" });

async function startWith(storage: StorageAdapter, schema: Record<string, unknown>) {
  let initRan = false;
  const plugin = notebookPlugin(schema, async () => {
    initRan = true;
  });
  const started = createAgent({ character, storage, logger: captureLogger(), plugins: [plugin] });
  return { started, initRan: () => initRan };
}

describe("plugin schema on backends without plugin tables", () => {
  const tables = notebookTables(pg, sql);

  it("D1 (real, in workerd): startup fails naming the plugin and d1", async () => {
    const { started, initRan } = await startWith(createD1Storage(d1.db), tables);
    await expect(started).rejects.toThrow(
      'Plugin "notebook" declares database tables (schema), which the d1 storage backend cannot create',
    );
    expect(initRan()).toBe(false);
  });

  it("DynamoDB and memory: the same, naming their backend", async () => {
    // Never contacted: startup stops before the first storage call.
    const dynamo = createDynamoStorage({ tableName: "unused", endpoint: "http://127.0.0.1:9" });
    await expect((await startWith(dynamo, tables)).started).rejects.toThrow(
      "which the dynamodb storage backend cannot create: plugin tables need a Postgres backend",
    );
    await expect((await startWith(createMemoryStorage(), tables)).started).rejects.toThrow(
      'Plugin "notebook" declares database tables (schema), which the memory storage backend',
    );
  });

  it("an empty schema is no schema: D1 starts", async () => {
    const { started, initRan } = await startWith(createD1Storage(d1.db), {});
    const runtime = await started;
    expect(initRan()).toBe(true);
    await runtime.stop();
  });
});
