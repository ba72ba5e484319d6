// A plugin declaring its own tables the elizaOS way (drizzle pg-core objects in `schema`):
// a uuid key with a database default, jsonb with a default, a timestamp defaulting to now(),
// a unique index, a composite primary key, a foreign key with cascade, an index and an enum.
// Built by a function over a drizzle pg-core module, so a test can pass another drizzle copy.
import type * as PgCore from "drizzle-orm/pg-core";
import type { Plugin } from "../../core/index.ts";

type PgCoreModule = typeof PgCore;
type SqlTag = typeof import("drizzle-orm").sql;

export function notebookTables(pg: PgCoreModule, sql: SqlTag, prefix = "edge_test") {
  const mood = pg.pgEnum(`${prefix}_mood`, ["calm", "busy"]);
  const notebooks = pg.pgTable(
    `${prefix}_notebooks`,
    {
      id: pg.uuid("id").primaryKey().defaultRandom(),
      title: pg.text("title").notNull(),
      meta: pg.jsonb("meta").$type<{ color: string }>().notNull().default({ color: "blue" }),
      mood: mood("mood").default("calm"),
      createdAt: pg.timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [pg.uniqueIndex(`${prefix}_notebooks_title_uq`).on(t.title)],
  );
  const pages = pg.pgTable(
    `${prefix}_pages`,
    {
      notebookId: pg
        .uuid("notebook_id")
        .notNull()
        .references(() => notebooks.id, { onDelete: "cascade" }),
      number: pg.integer("number").notNull(),
      body: pg.text("body").notNull().default("it's empty"),
      words: pg.integer("words").notNull().default(sql`0`),
    },
    (t) => [
      pg.primaryKey({ columns: [t.notebookId, t.number] }),
      pg.index(`${prefix}_pages_body_idx`).on(t.body),
    ],
  );
  return { mood, notebooks, pages };
}

export function notebookPlugin(schema: Record<string, unknown>, init?: Plugin["init"]): Plugin {
  return { name: "notebook", description: "keeps notebooks in its own tables", schema, init };
}
