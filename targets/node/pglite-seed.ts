// A fresh PGlite directory starts from a data directory made at build time instead of running
// initdb (about 3.5 s of a first `npm start`'s 4-7): `npm run build` (and so `npm ci`) opens an
// in-memory PGlite, applies migrations/ and writes the result to dist/ as a gzipped tarball,
// which PGlite's `loadDataDir` unpacks into the new directory. The seed records the PGlite and
// pgvector versions it was made with and the migrations it holds; a directory that already
// holds a database, a seed that is missing or unreadable, another PGlite or pgvector version,
// or migrations that are not the start of the current list, all mean a normal first start.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const SEED_FILE = "pglite-seed.tar.gz";
export const SEED_INFO_FILE = "pglite-seed.json";

export interface SeedInfo {
  pglite: string;
  pgvector: string;
  /** The hashes of the migrations applied in the seed, in order. */
  migrations: string[];
}

/** Where the seed is written and looked for: beside the built code (dist/). */
const HERE = fileURLToPath(new URL(".", import.meta.url));
/** Run from the sources (tsx, tests), this file is in targets/node/: the build's seed is in dist/. */
const SEED_DIRS = HERE.endsWith("/targets/node/") ? [HERE, join(HERE, "../../dist/")] : [HERE];

/** The installed PGlite and pgvector versions, as the seed must match them. */
async function installedVersions(): Promise<Pick<SeedInfo, "pglite" | "pgvector">> {
  const version = async (name: string) => {
    // Neither package exports its package.json: find it above the entry point.
    const entry = fileURLToPath(import.meta.resolve(name));
    const root = entry.slice(0, entry.lastIndexOf(`/node_modules/${name}/`));
    const file = join(root, "node_modules", name, "package.json");
    return (JSON.parse(await readFile(file, "utf8")) as { version: string }).version;
  };
  return {
    pglite: await version("@electric-sql/pglite"),
    pgvector: await version("@electric-sql/pglite-pgvector"),
  };
}

/**
 * The seed for a PGlite data directory about to be opened, or undefined when it must start
 * the normal way (see the file comment). Reads only small files unless the seed is used.
 */
export async function pgliteSeedFor(
  dataDir: string,
  seedDirs: readonly string[] = SEED_DIRS,
): Promise<Blob | undefined> {
  if (existsSync(join(dataDir, "PG_VERSION"))) return undefined;
  const seedDir = seedDirs.find((dir) => existsSync(join(dir, SEED_INFO_FILE)));
  if (seedDir === undefined) return undefined;
  let info: SeedInfo;
  try {
    info = JSON.parse(await readFile(join(seedDir, SEED_INFO_FILE), "utf8")) as SeedInfo;
  } catch {
    return undefined;
  }
  const installed = await installedVersions();
  if (info.pglite !== installed.pglite || info.pgvector !== installed.pgvector) return undefined;
  const { readMigrations } = await import("../../adapters/postgres/migrate.ts");
  const current = (await readMigrations()).map((m) => m.hash);
  if (info.migrations.some((hash, i) => current[i] !== hash)) return undefined;
  try {
    return new Blob([await readFile(join(seedDir, SEED_FILE))]);
  } catch {
    return undefined;
  }
}

/** Builds the seed into `outDir` (dist/): an in-memory PGlite with every migration applied. */
export async function writePgliteSeed(outDir = HERE): Promise<SeedInfo & { bytes: number }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  const { createPgliteStorage } = await import("../../adapters/postgres/pglite.ts");
  const { readMigrations } = await import("../../adapters/postgres/migrate.ts");
  const client = await PGlite.create({ extensions: { vector } });
  try {
    const storage = await createPgliteStorage({ client });
    await storage.init();
    // Everything on disk and the write-ahead log recycled: the smallest directory to ship.
    await client.exec("checkpoint");
    const tarball = await client.dumpDataDir("gzip");
    const bytes = new Uint8Array(await tarball.arrayBuffer());
    const info: SeedInfo = {
      ...(await installedVersions()),
      migrations: (await readMigrations()).map((m) => m.hash),
    };
    await writeFile(join(outDir, SEED_FILE), bytes);
    await writeFile(join(outDir, SEED_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
    return { ...info, bytes: bytes.length };
  } finally {
    await client.close();
  }
}
