// A real D1 (workerd's, through Miniflare 4) for Node tests, with the adapter's migrations
// applied the way `wrangler d1 migrations apply` applies them: every .sql file in
// adapters/d1/migrations in name order, each as one batch, recorded in `d1_migrations`.
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { D1Database } from "@cloudflare/workers-types";
import { Miniflare } from "miniflare";

export const D1_MIGRATIONS_DIR = fileURLToPath(
  new URL("../../adapters/d1/migrations/", import.meta.url),
);

export interface MiniflareD1 {
  db: D1Database;
  /** A request to the Worker (the `script` given, else one answering 404), run in workerd. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Deletes every row of every migrated table, keeping the schema (fast per-test reset). */
  reset(): Promise<void>;
  dispose(): Promise<void>;
}

/** `script`: an ES module Worker, already bundled, with the database bound as `env.DB`. */
export async function startMiniflareD1(options: { script?: string } = {}): Promise<MiniflareD1> {
  const mf = new Miniflare({
    modules: true,
    script:
      options.script ??
      "export default { fetch() { return new Response(null, { status: 404 }); } };",
    compatibilityDate: "2025-01-01",
    d1Databases: ["DB"],
  });
  try {
    const db = await mf.getD1Database("DB");
    await applyD1Migrations(db);
    const tables = await userTables(db);
    return {
      db,
      async reset() {
        await db.batch(tables.map((table) => db.prepare(`DELETE FROM "${table}"`)));
      },
      fetch: async (url, init) => {
        // Miniflare's fetch types come from its bundled undici; the shapes are the same.
        const response = await mf.dispatchFetch(url, init as never);
        return response as unknown as Response;
      },
      dispose: () => mf.dispose(),
    };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

/** Applies pending migrations in order; a file's statements land together or not at all. */
export async function applyD1Migrations(
  db: D1Database,
  dir = D1_MIGRATIONS_DIR,
): Promise<string[]> {
  await db
    .prepare(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)",
    )
    .run();
  const done = new Set(
    (await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map(
      (row) => row.name,
    ),
  );
  const files = (await readdir(dir)).filter((name) => /^\d+_.*\.sql$/.test(name)).sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = await readFile(`${dir}/${name}`, "utf8");
    // drizzle-kit separates statements with this marker; triggers hold `;` inside BEGIN..END,
    // so splitting on `;` would cut them apart.
    const statements = sql
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => statement.replace(/^--.*$/gm, "").trim() !== "");
    await db.batch([
      ...statements.map((statement) => db.prepare(statement)),
      db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
    ]);
    applied.push(name);
  }
  return applied;
}

async function userTables(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT GLOB '_cf_*' AND name <> 'd1_migrations'",
    )
    .all<{ name: string }>();
  return results.map((row) => row.name);
}
