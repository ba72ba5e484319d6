// The Postgres adapter on embedded PGlite (in-process): the conformance suite, plus what is
// particular to this adapter (migrations, NUL escaping, the stored shape of rows).
import { describe, expect, it } from "vitest";
import { createPgliteStorage, PostgresStorage } from "../../adapters/postgres/index.ts";
import { migrateDriver } from "../../adapters/postgres/migrate.ts";
import { escapeJson, escapeNul, unescapeJson, unescapeNul } from "../../adapters/postgres/nul.ts";
import { describeStorageConformance } from "../storage/conformance.ts";

describeStorageConformance("postgres (pglite)", {
  create: ({ now }) => createPgliteStorage({ now }),
  reset: (storage) => (storage as PostgresStorage).reset(),
  capabilities: {
    // A second adapter over the same PGlite; closing it leaves the database open.
    agentClient: async (storage, agentId, { now }) =>
      new PostgresStorage(
        { ...(storage as PostgresStorage).driver, close: async () => {} },
        { now, agentId, migrate: false },
      ),
  },
});

describe("postgres adapter on pglite", () => {
  it("applies migrations once and records them where drizzle-kit looks", async () => {
    const storage = await createPgliteStorage({ migrate: false });
    try {
      expect(await migrateDriver(storage.driver)).toEqual([
        "0000_pgvector",
        "0001_tables",
        "0002_agent_and_expiry_indexes",
        "0003_read_path_indexes",
        "0004_planner_statistics",
      ]);
      expect(await migrateDriver(storage.driver)).toEqual([]);
      await storage.init();
      const result = await storage.driver.db.execute(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(5);
      expect(storage.kind).toBe("pglite");
    } finally {
      await storage.close();
    }
  });

  it("stores NUL escaped, so psql sees text PostgreSQL accepts, and reads it back exactly", async () => {
    const storage = await createPgliteStorage({ now: () => 0 });
    try {
      await storage.init();
      await storage.setCache("k\u0000ey", { "a\u0000": ["\u0000", "\uE000", "\uE0000"] });
      const raw = await storage.driver.db.execute("select key, value::text as value from cache");
      const row = (raw as unknown as { rows: { key: string; value: string }[] }).rows[0];
      expect(row?.key).toBe("k\uE0000ey");
      expect(row?.key.includes("\u0000")).toBe(false);
      expect(await storage.getCache("k\u0000ey")).toEqual({
        "a\u0000": ["\u0000", "\uE000", "\uE0000"],
      });
      expect(await storage.getCache("k")).toBeUndefined();
    } finally {
      await storage.close();
    }
  });
});

describe("NUL escaping", () => {
  const samples = [
    "",
    "plain",
    "\u0000",
    "\uE000",
    "\uE0000",
    "0\u0000\uE000\u00000",
    "\uE000\uE000",
  ];

  it("round-trips every sample and leaves ordinary strings untouched", () => {
    for (const sample of samples) {
      expect(unescapeNul(escapeNul(sample))).toBe(sample);
      expect(escapeNul(sample).includes("\u0000")).toBe(false);
    }
    expect(escapeNul("plain text")).toBe("plain text");
  });

  it("keeps distinct strings distinct", () => {
    const escaped = samples.map(escapeNul);
    expect(new Set(escaped).size).toBe(samples.length);
  });

  it("escapes keys and nested values in JSON", () => {
    const value = { "k\u0000": [1, "\u0000", { deep: "\uE000" }, null, true] };
    expect(JSON.stringify(escapeJson(value)).includes("\\u0000")).toBe(false);
    expect(unescapeJson(escapeJson(value))).toEqual(value);
  });
});
