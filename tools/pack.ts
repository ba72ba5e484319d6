// Packs eliza-edge and create-eliza-edge the way `npm publish` would, without touching the
// checkout: the package is built in a temporary copy of the sources (its node_modules linked
// in), so a running `npm start` keeps its dist/ and an interrupted pack leaves nothing behind.
// The tarballs are kept under node_modules/.cache, named by a hash of every file that goes
// into them: packing the same sources again (a second project, the other packed test) is free.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { npmBin } from "./npm-bin.ts";

export const root = fileURLToPath(new URL("..", import.meta.url));
const run = promisify(execFile);
const npm = npmBin;

/** What `npm pack --json` reports for one tarball. */
export interface PackReport {
  filename: string;
  name: string;
  version: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

export interface Packed {
  /** Absolute path of the tarball. */
  tarball: string;
  report: PackReport;
}

export interface PackedPair {
  elizaEdge: Packed;
  scaffolder: Packed;
}

/** Never copied: installs, builds, local state, and what the package does not build from. */
const SKIPPED_ANYWHERE = new Set([
  "node_modules",
  ".wrangler",
  ".eliza-edge",
  ".vercel",
  ".serverless",
]);
const SKIPPED_AT_ROOT = new Set(["dist", ".git", ".ci", "test", "bench", "tools", "docs"]);
const SKIPPED_FILE = /\.(?:tgz|log)$|^\.env|^\.dev\.vars/;

function copied(path: string): boolean {
  const rel = relative(root, path);
  if (rel === "") return true;
  const parts = rel.split(/[\\/]/);
  const name = parts.at(-1) ?? "";
  if (parts.length === 1 && SKIPPED_AT_ROOT.has(name)) return false;
  if (parts.some((part) => SKIPPED_ANYWHERE.has(part))) return false;
  return !SKIPPED_FILE.test(name);
}

async function sourceFiles(dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => copied(join(dir, entry.name)))
      .map((entry) =>
        entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
      ),
  );
  return nested.flat().sort();
}

/** A hash of every file the two packages are made from, names and bytes. */
export async function sourceHash(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of await sourceFiles()) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(await readFile(file));
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

async function npmPack(cwd: string, into: string): Promise<Packed> {
  const { stdout } = await run(
    npm,
    ["pack", "--json", "--ignore-scripts", "--pack-destination", into],
    { cwd, env: quietEnv(), maxBuffer: 16 * 1024 * 1024 },
  );
  const report = (JSON.parse(stdout) as PackReport[])[0];
  if (!report) throw new Error(`npm pack in ${cwd} reported no tarball`);
  return { tarball: join(into, report.filename), report };
}

function quietEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
  };
}

/**
 * Both packages as tarballs: from the cache when these sources were packed before, else built
 * in a temporary copy and packed there. `log` hears what takes time.
 */
export async function packBoth(log: (line: string) => void = () => {}): Promise<PackedPair> {
  const hash = await sourceHash();
  const cache = join(root, "node_modules/.cache/eliza-edge-pack", hash);
  const index = join(cache, "packed.json");
  if (existsSync(index)) {
    const pair = JSON.parse(await readFile(index, "utf8")) as PackedPair;
    if (existsSync(pair.elizaEdge.tarball) && existsSync(pair.scaffolder.tarball)) return pair;
  }
  log(`building eliza-edge in a temporary copy (sources ${hash})...`);
  const work = await mkdtemp(join(tmpdir(), "eliza-edge-pack-"));
  try {
    const copy = join(work, "eliza-edge");
    await cp(root, copy, { recursive: true, filter: copied });
    // The build tools and the dependencies tsdown resolves, without a second install.
    await symlink(join(root, "node_modules"), join(copy, "node_modules"), "dir");
    await run(npm, ["run", "--silent", "build"], { cwd: copy, env: quietEnv() });
    const staging = join(work, "packs");
    await mkdir(staging);
    const elizaEdge = await npmPack(copy, staging);
    const scaffolder = await npmPack(join(copy, "create-eliza-edge"), staging);
    // Into the cache in one rename: a concurrent pack of the same sources never sees half.
    await mkdir(dirname(cache), { recursive: true });
    const placed = (p: Packed): Packed => ({ ...p, tarball: join(cache, p.report.filename) });
    const pair = { elizaEdge: placed(elizaEdge), scaffolder: placed(scaffolder) };
    await writeFile(join(staging, "packed.json"), `${JSON.stringify(pair, null, 2)}\n`);
    await rm(cache, { recursive: true, force: true });
    try {
      await rename(staging, cache);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Another pack of the same sources got there first: theirs is the same.
      if (code === "ENOTEMPTY" || code === "EEXIST") return packBoth(log);
      // Across filesystems (tmpdir on another mount): copy instead.
      if (code !== "EXDEV") throw error;
      await cp(staging, cache, { recursive: true });
    }
    log(`packed ${elizaEdge.report.filename} and ${scaffolder.report.filename}`);
    return pair;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
