// Build-time only (Node): `eliza-edge build <kind>` in a user's project. The same bundles this
// repository makes of its own entries (node-bundle.ts): a Lambda split so a cold start loads
// only what every invocation needs, one Vercel function file, and the local server with its
// dependencies left in node_modules. `@elizaos/core` resolves to the project's eliza-edge.
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { build } from "esbuild";
import { DRIVER_VERSIONS } from "../shared/drivers.ts";
import { bundleForNode, type NodeBundle } from "./node-bundle.ts";

export type BuildKind = "lambda" | "vercel" | "server";

/**
 * What a Lambda cold start may load (the entry and its static imports), as this package's own
 * Lambda test holds it to: Lambda allows 50 MB zipped, but every KiB is parsed at a cold start.
 */
export const LAMBDA_START_BUDGET = 1024 * 1024;

export const BUILD_DEFAULTS: Record<BuildKind, { entry: string; out: string }> = {
  lambda: { entry: "src/lambda.ts", out: "dist/lambda" },
  vercel: { entry: "src/vercel.ts", out: "dist/vercel/main.js" },
  server: { entry: "src/server.ts", out: "dist/server.js" },
};

const PROJECT_ALIAS = { "@elizaos/core": "eliza-edge/elizaos" };

export interface BuiltProject {
  /** Files written, relative to the project. */
  files: string[];
  /** What a start loads, for the function bundles: the entry and its static imports. */
  loadedBytes?: number;
}

export async function buildProject(
  kind: BuildKind,
  options: { cwd: string; entry?: string; out?: string },
): Promise<BuiltProject> {
  const { cwd } = options;
  const entry = resolve(cwd, options.entry ?? BUILD_DEFAULTS[kind].entry);
  const out = resolve(cwd, options.out ?? BUILD_DEFAULTS[kind].out);
  const fromProject = (path: string) => relative(cwd, path);
  if (kind === "server") {
    await build({
      absWorkingDir: cwd,
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      // Dependencies load from node_modules, where `node --import eliza-edge/register` hooks
      // published plugins' `@elizaos/core`; the alias covers the project's own imports.
      packages: "external",
      alias: PROJECT_ALIAS,
      logLevel: "warning",
    });
    return { files: [fromProject(out)] };
  }
  const bundle = await bundleForNode(entry, {
    split: kind === "lambda",
    alias: PROJECT_ALIAS,
    workingDir: cwd,
    external: missingDrivers(cwd),
  });
  const files = kind === "lambda" ? await writeLambda(bundle, out) : await writeVercel(bundle, out);
  return { files: files.map(fromProject), loadedBytes: bundle.bytes };
}

/**
 * The optional drivers this project has not installed (eliza-edge's peers) stay imports
 * instead of failing the build: a Lambda on DynamoDB never reaches its Neon chunk, and one
 * that does (DATABASE_URL set) fails with the message naming the package to install.
 */
function missingDrivers(cwd: string): string[] {
  return Object.keys(DRIVER_VERSIONS).filter((name) => !installed(cwd, name));
}

/** Found the way Node finds it: in node_modules here or in a folder above. */
function installed(cwd: string, name: string): boolean {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules", name, "package.json"))) return true;
    if (dirname(dir) === dir) return false;
  }
}

async function writeLambda(bundle: NodeBundle, outdir: string): Promise<string[]> {
  // Chunk names carry content hashes: the last build's would otherwise stay and be deployed.
  await rm(join(outdir, "chunks"), { recursive: true, force: true });
  const written: string[] = [];
  for (const file of bundle.files) {
    const path = join(outdir, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.contents);
    written.push(path);
  }
  // The deployed zip holds only this folder: it says itself that index.js is ESM.
  await writeFile(join(outdir, "package.json"), '{ "type": "module" }\n');
  return [...written, join(outdir, "package.json")];
}

async function writeVercel(bundle: NodeBundle, outfile: string): Promise<string[]> {
  await mkdir(dirname(outfile), { recursive: true });
  await writeFile(outfile, bundle.code);
  // vercel.json's outputDirectory: Vercel refuses to deploy an empty static directory.
  const robots = join(dirname(outfile), "public/robots.txt");
  await mkdir(dirname(robots), { recursive: true });
  await writeFile(robots, "User-agent: *\nDisallow: /\n");
  return [outfile, robots];
}
