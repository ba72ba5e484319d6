// A fresh PGlite directory starts from the build's seed (targets/node/pglite-seed.ts) instead
// of running initdb, and starts the normal way whenever the seed cannot be trusted. A database
// made from the seed is the seed's own: Postgres's system identifier, which initdb draws at
// random, is the same in both, so it tells a seeded directory from an initdb'd one.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDriver, readMigrations } from "../../adapters/postgres/migrate.ts";
import { createPgliteStorage } from "../../adapters/postgres/pglite.ts";
import { stringToUuid } from "../../core/kernel/ids/uuid.ts";
import {
  pgliteSeedFor,
  SEED_FILE,
  SEED_INFO_FILE,
  type SeedInfo,
  writePgliteSeed,
} from "../../targets/node/pglite-seed.ts";
import { spawnNodeTarget, tempDataDir } from "../support/spawn-node-target.ts";

const scratch = mkdtempSync(join(tmpdir(), "eliza-edge-seed-"));
const seedDir = join(scratch, "seed");
let seedInfo: SeedInfo;

async function systemIdentifier(db: PGlite): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    "select system_identifier::text as id from pg_control_system()",
  );
  return rows[0]!.id;
}

/** The system identifier of the database in a data directory, opened and closed again. */
async function identifierOf(dataDir: string): Promise<string> {
  const db = await PGlite.create({ dataDir, extensions: { vector } });
  try {
    return await systemIdentifier(db);
  } finally {
    await db.close();
  }
}

async function seedIdentifier(dir: string): Promise<string> {
  const blob = new Blob([readFileSync(join(dir, SEED_FILE))]);
  const db = await PGlite.create({ loadDataDir: blob, extensions: { vector } });
  try {
    return await systemIdentifier(db);
  } finally {
    await db.close();
  }
}

/** A copy of the seed with its recorded info changed. */
function seedWith(change: (info: SeedInfo) => SeedInfo): string {
  const dir = mkdtempSync(join(scratch, "variant-"));
  cpSync(join(seedDir, SEED_FILE), join(dir, SEED_FILE));
  writeFileSync(join(dir, SEED_INFO_FILE), JSON.stringify(change(structuredClone(seedInfo))));
  return dir;
}

beforeAll(async () => {
  mkdirSync(seedDir);
  const { bytes: _bytes, ...info } = await writePgliteSeed(seedDir);
  seedInfo = info;
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the PGlite seed", () => {
  it("records the PGlite and pgvector it was made with, and every migration", async () => {
    const installed = (name: string) =>
      JSON.parse(readFileSync(join("node_modules", name, "package.json"), "utf8")).version;
    expect(seedInfo.pglite).toBe(installed("@electric-sql/pglite"));
    expect(seedInfo.pgvector).toBe(installed("@electric-sql/pglite-pgvector"));
    expect(seedInfo.migrations).toEqual((await readMigrations()).map((m) => m.hash));
  });

  it("starts a fresh directory as the seed's database, every migration in place", async () => {
    const dataDir = join(scratch, "fresh");
    const loadDataDir = await pgliteSeedFor(dataDir, [seedDir]);
    expect(loadDataDir).toBeInstanceOf(Blob);
    const storage = await createPgliteStorage({ dataDir, loadDataDir });
    try {
      await storage.init();
      expect(await migrateDriver(storage.driver)).toEqual([]);
      const agentId = stringToUuid("seeded");
      await storage.createAgent({ id: agentId, name: "Seeded" } as never);
      expect((await storage.getAgent(agentId))?.name).toBe("Seeded");
    } finally {
      await storage.close();
    }
    expect(await identifierOf(dataDir)).toBe(await seedIdentifier(seedDir));
    // The directory holds a database now: the next start opens it as it is.
    expect(await pgliteSeedFor(dataDir, [seedDir])).toBeUndefined();
  });

  it("is not used when it cannot be trusted: missing, another PGlite or pgvector, other migrations", async () => {
    const fresh = join(scratch, "never-opened");
    expect(await pgliteSeedFor(fresh, [join(scratch, "no-seed-here")])).toBeUndefined();
    expect(await pgliteSeedFor(fresh, [seedWith((i) => ({ ...i, pglite: "0.0.1" }))])).toBe(
      undefined,
    );
    expect(await pgliteSeedFor(fresh, [seedWith((i) => ({ ...i, pgvector: "0.0.1" }))])).toBe(
      undefined,
    );
    const foreign = seedWith((i) => ({ ...i, migrations: ["0".repeat(64), ...i.migrations] }));
    expect(await pgliteSeedFor(fresh, [foreign])).toBeUndefined();
    // Fewer migrations than there are now is fine: init applies the rest.
    const older = seedWith((i) => ({ ...i, migrations: i.migrations.slice(0, 1) }));
    expect(await pgliteSeedFor(fresh, [older])).toBeInstanceOf(Blob);
    // A seed whose info is unreadable, or whose tarball is gone.
    const broken = seedWith((i) => i);
    writeFileSync(join(broken, SEED_INFO_FILE), "{not json");
    expect(await pgliteSeedFor(fresh, [broken])).toBeUndefined();
    const noTarball = seedWith((i) => i);
    rmSync(join(noTarball, SEED_FILE));
    expect(await pgliteSeedFor(fresh, [noTarball])).toBeUndefined();
  });
});

// The Node target, run from the sources as `npm run dev` runs it, finds the build's seed in
// dist/ (npm ci builds it): its first start in a fresh directory is the seed's database.
describe("npm start in a fresh PGLITE_DIR", { timeout: 180_000 }, () => {
  const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

  it("starts from the build's seed and answers", async () => {
    const PGLITE_DIR = tempDataDir();
    const target = await spawnNodeTarget({ PGLITE_DIR, ALLOW_NO_DATABASE: "false" });
    try {
      const response = await fetch(`${target.url}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "I feel sad" }),
      });
      expect(response.status).toBe(200);
    } finally {
      expect(await target.stop()).toBe(0);
    }
    expect(await identifierOf(PGLITE_DIR)).toBe(await seedIdentifier(dist));
  });
});
