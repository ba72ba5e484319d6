// `npm run build:vercel`, vercel.json's buildCommand: bundles the function (main.ts) into one
// ESM file, dist/vercel/main.mjs, that api/index.js re-exports. Vercel's Node runtime does not
// bundle, so without this step a published elizaOS plugin would load the real @elizaos/core
// from node_modules; the bundle resolves it to eliza-edge/elizaos instead.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleForNode, type NodeBundle } from "../bundling/node-bundle.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
export const VERCEL_ENTRY = `${root}targets/vercel/main.ts`;
export const VERCEL_OUTFILE = `${root}dist/vercel/main.mjs`;
/**
 * vercel.json's outputDirectory. A buildCommand makes Vercel publish a static directory and it
 * refuses an empty one; robots.txt is the one file an API-only deployment wants served.
 */
export const VERCEL_STATIC_DIR = `${root}dist/vercel/public`;

export type VercelBundle = NodeBundle;

export async function bundleVercel(entry = VERCEL_ENTRY): Promise<VercelBundle> {
  return bundleForNode(entry);
}

export async function writeVercelBundle(outfile = VERCEL_OUTFILE): Promise<VercelBundle> {
  const bundle = await bundleVercel();
  await mkdir(dirname(outfile), { recursive: true });
  await writeFile(outfile, bundle.code);
  await mkdir(VERCEL_STATIC_DIR, { recursive: true });
  await writeFile(`${VERCEL_STATIC_DIR}/robots.txt`, "User-agent: *\nDisallow: /\n");
  return bundle;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bundle = await writeVercelBundle();
  console.log(`dist/vercel/main.mjs: ${(bundle.bytes / 1024).toFixed(1)} KiB minified`);
}
