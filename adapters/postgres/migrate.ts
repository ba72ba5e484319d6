// Applies the SQL drizzle-kit generated in migrations/, at startup (init) or from the CLI.
// It keeps drizzle's bookkeeping table (drizzle.__drizzle_migrations: hash, created_at) so
// `drizzle-kit migrate` and this runner agree on what is applied. Unlike drizzle's neon-http
// migrator, each migration lands atomically on every driver, Neon HTTP included (one
// non-interactive transaction), and concurrent starts are safe: a migration that another
// process applied first fails here with "already exists" and is then found recorded.
// node:fs is imported lazily so importing the adapter stays free of Node built-ins.
import { sql } from "drizzle-orm";
import type { Db, PostgresDriver } from "./driver.ts";

export interface Migration {
  tag: string;
  /** drizzle-kit's `when`: the migration's creation time, its order key. */
  when: number;
  hash: string;
  statements: string[];
}

interface Journal {
  entries: { tag: string; when: number }[];
}

const DEFAULT_FOLDER = new URL("./migrations/", import.meta.url);
const BREAKPOINT = "--> statement-breakpoint";

/** Reads migrations/ (or `folder`) in journal order. Node only. */
export async function readMigrations(folder: URL | string = DEFAULT_FOLDER): Promise<Migration[]> {
  const { readFile } = await import("node:fs/promises");
  const base = folderUrl(folder);
  const journal = await readJournal(base);
  const migrations: Migration[] = [];
  for (const entry of journal.entries) {
    const text = await readFile(new URL(`${entry.tag}.sql`, base), "utf8");
    migrations.push({
      tag: entry.tag,
      when: entry.when,
      hash: await sha256Hex(text),
      statements: text.split(BREAKPOINT).filter((statement) => statement.trim() !== ""),
    });
  }
  return migrations;
}

/** Applies every migration newer than the newest recorded one; returns the tags applied. */
export async function migrateDriver(
  driver: PostgresDriver,
  migrations?: Migration[],
): Promise<string[]> {
  // Every start after the first finds the schema current: one read, no DDL, no file hashed.
  const newest = migrations
    ? Math.max(0, ...migrations.map((m) => m.when))
    : Math.max(0, ...(await readJournal(DEFAULT_FOLDER)).entries.map((e) => e.when));
  if ((await lastApplied(driver).catch(() => 0)) >= newest) return [];
  const list = migrations ?? (await readMigrations());
  const { db } = driver;
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const applied: string[] = [];
  for (const migration of list) {
    if ((await lastApplied(driver)) >= migration.when) continue;
    try {
      await driver.atomic([
        ...migration.statements.map((statement) => (tx: Db) => tx.execute(sql.raw(statement))),
        (tx: Db) =>
          tx.execute(
            sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
          ),
      ]);
      applied.push(migration.tag);
    } catch (error) {
      if ((await lastApplied(driver)) < migration.when) throw error;
    }
  }
  return applied;
}

async function lastApplied(driver: PostgresDriver): Promise<number> {
  const result = await driver.db.execute(
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const rows = (result as unknown as { rows: { last: string | number | null }[] }).rows;
  return Number(rows[0]?.last ?? 0);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function readJournal(base: URL): Promise<Journal> {
  const { readFile } = await import("node:fs/promises");
  return JSON.parse(await readFile(new URL("meta/_journal.json", base), "utf8")) as Journal;
}

function folderUrl(folder: URL | string): URL {
  return typeof folder === "string" ? new URL(`file://${withSlash(folder)}`) : folder;
}

function withSlash(path: string): string {
  const absolute = path.startsWith("/") ? path : `${process.cwd()}/${path}`;
  return absolute.endsWith("/") ? absolute : `${absolute}/`;
}
