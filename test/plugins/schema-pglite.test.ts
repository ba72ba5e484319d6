// Plugin `schema` on PGlite: the tables are created before the plugin's init, hold their
// constraints, answer through the storage's drizzle database, survive a second run, and may be
// defined with another copy of drizzle-orm than eliza-edge's. In this thread and in PGlite's worker
// thread (the Node server's), where `storage.drizzle` reaches PGlite by messages.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { eq, sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteStorage, type PostgresStorage } from "../../adapters/postgres/index.ts";
import { createPgliteWorkerStorage } from "../../adapters/postgres/pglite-worker-driver.ts";
import { createAgent, parseCharacter } from "../../core/index.ts";
import { captureLogger } from "./capture-logger.ts";
import { notebookPlugin, notebookTables } from "./schema-fixture.ts";

describe.each([
  ["in this thread", createPgliteStorage],
  ["in a worker thread", createPgliteWorkerStorage],
] as const)("PGlite %s", (_, open) => {
  let storage: PostgresStorage;
  beforeAll(async () => {
    storage = await open();
    await storage.init();
  });
  afterAll(async () => {
    await storage?.close();
  });

  const character = parseCharacter({ name: "Keeper" });
  const agentWith = (plugin: ReturnType<typeof notebookPlugin>) =>
    createAgent({ character, storage, logger: captureLogger(), plugins: [plugin] });

  describe("plugin schema on PGlite", () => {
    const tables = notebookTables(pg, sql);
    const { notebooks, pages } = tables;

    it("creates the tables before init, which can already use them through storage.drizzle", async () => {
      let seenInInit: unknown;
      const runtime = await agentWith(
        notebookPlugin(tables, async () => {
          const db = storage.drizzle;
          await db.insert(notebooks).values({ title: "from init" });
          seenInInit = (await db.select().from(notebooks)).map((n) => n.title);
        }),
      );
      expect(seenInInit).toEqual(["from init"]);
      expect(runtime.plugins.map((p) => p.name)).toContain("notebook");
    });

    it("applies defaults (uuid, jsonb, enum, now(), sql) and reads back typed rows", async () => {
      const db = storage.drizzle;
      const [book] = await db.insert(notebooks).values({ title: "defaults" }).returning();
      expect(book?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(book?.meta).toEqual({ color: "blue" });
      expect(book?.mood).toBe("calm");
      expect(book?.createdAt).toBeInstanceOf(Date);
      await db.insert(pages).values({ notebookId: book!.id, number: 1 });
      const [page] = await db.select().from(pages).where(eq(pages.notebookId, book!.id));
      expect(page).toEqual({ notebookId: book!.id, number: 1, body: "it's empty", words: 0 });
      await db
        .update(notebooks)
        .set({ meta: { color: "red" } })
        .where(eq(notebooks.id, book!.id));
      const [again] = await db.select().from(notebooks).where(eq(notebooks.id, book!.id));
      expect(again?.meta).toEqual({ color: "red" });
    });

    it("enforces the unique index, the composite key, the foreign key and its cascade", async () => {
      const db = storage.drizzle;
      const [book] = await db.insert(notebooks).values({ title: "constraints" }).returning();
      await expect(db.insert(notebooks).values({ title: "constraints" })).rejects.toThrow();
      await db.insert(pages).values({ notebookId: book!.id, number: 1, body: "one" });
      await expect(db.insert(pages).values({ notebookId: book!.id, number: 1 })).rejects.toThrow();
      await expect(
        db.insert(pages).values({ notebookId: "00000000-0000-4000-8000-000000000000", number: 1 }),
      ).rejects.toThrow();
      await db.delete(notebooks).where(eq(notebooks.id, book!.id));
      expect(await db.select().from(pages).where(eq(pages.notebookId, book!.id))).toEqual([]);
      const indexes = await db.execute(
        sql`select indexname from pg_indexes where tablename = 'edge_test_pages' order by indexname`,
      );
      expect(
        (indexes as unknown as { rows: { indexname: string }[] }).rows.map((r) => r.indexname),
      ).toEqual(["edge_test_pages_body_idx", "edge_test_pages_notebook_id_number_pk"]);
    });

    it("is idempotent: a second start keeps the rows, and a column a plugin update adds lands", async () => {
      const db = storage.drizzle;
      const before = await db.select().from(notebooks);
      await storage.runPluginMigrations([notebookPlugin(tables)]);
      await agentWith(notebookPlugin(tables));
      expect(await db.select().from(notebooks)).toEqual(before);
      // Version 2 of the plugin adds a nullable column and one with a default.
      const v2 = pg.pgTable("edge_test_notebooks", {
        id: pg.uuid("id").primaryKey().defaultRandom(),
        title: pg.text("title").notNull(),
        archived: pg.boolean("archived").notNull().default(false),
        note: pg.text("note"),
      });
      await storage.runPluginMigrations([notebookPlugin({ notebooks: v2 })]);
      const rows = await db.select().from(v2);
      expect(rows.length).toBe(before.length);
      expect(rows.every((r) => r.archived === false && r.note === null)).toBe(true);
    });

    it("creates an enum a column uses even when the schema lists only tables", async () => {
      const { notebooks: onlyTables } = notebookTables(pg, sql, "edge_enum");
      await storage.runPluginMigrations([notebookPlugin({ onlyTables })]);
      const [row] = await storage.drizzle
        .insert(onlyTables)
        .values({ title: "t", mood: "busy" })
        .returning();
      expect(row?.mood).toBe("busy");
    });

    it("refuses a plugin table named like one of eliza-edge's, naming the plugin", async () => {
      const clash = pg.pgTable("memories", { id: pg.uuid("id").primaryKey() });
      await expect(
        storage.runPluginMigrations([{ name: "greedy", schema: { clash } }]),
      ).rejects.toThrow(
        'Plugin "greedy" schema: table public.memories is already one of eliza-edge\'s own tables',
      );
    });

    it("creates tables in a plugin's own pgSchema", async () => {
      const own = pg.pgSchema("edge_test_own");
      const items = own.table("items", {
        id: pg.serial("id").primaryKey(),
        label: pg.varchar("label", { length: 40 }).notNull().unique(),
      });
      await storage.runPluginMigrations([{ name: "own", schema: { own, items } }]);
      await storage.runPluginMigrations([{ name: "own", schema: { own, items } }]);
      await storage.drizzle.insert(items).values({ label: "a" });
      await expect(storage.drizzle.insert(items).values({ label: "a" })).rejects.toThrow();
      expect(await storage.drizzle.select().from(items)).toEqual([{ id: 1, label: "a" }]);
    });
  });

  describe("tables from another copy of drizzle-orm", () => {
    let copyDir: string;
    beforeAll(async () => {
      // A real second copy, as a plugin bundling its own drizzle-orm brings: same files, other
      // module instances, so no class is shared with ours; only the Symbol.for keys are.
      copyDir = await mkdtemp(join(tmpdir(), "drizzle-copy-"));
      const source = join(process.cwd(), "node_modules", "drizzle-orm");
      await cp(source, join(copyDir, "drizzle-orm"), {
        recursive: true,
        filter: (path) => !/\.(d\.ts|d\.cts|cjs|cjs\.map)$/.test(path),
      });
    });
    afterAll(async () => {
      if (copyDir) await rm(copyDir, { recursive: true, force: true });
    });

    it("are created from getTableConfig and queried through our drizzle", async () => {
      const base = pathToFileURL(join(copyDir, "drizzle-orm")).href;
      const otherPg = (await import(`${base}/pg-core/index.js`)) as typeof pg;
      const otherSql = ((await import(`${base}/index.js`)) as typeof import("drizzle-orm")).sql;
      expect(otherPg.pgTable).not.toBe(pg.pgTable);
      const tables = notebookTables(otherPg, otherSql, "edge_copy");
      await storage.runPluginMigrations([notebookPlugin(tables)]);
      const db = storage.drizzle;
      await db.insert(tables.notebooks).values({ title: "from a copy" });
      const [row] = await db.select().from(tables.notebooks);
      expect(row).toMatchObject({ title: "from a copy", meta: { color: "blue" }, mood: "calm" });
    });
  });
});
