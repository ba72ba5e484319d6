// `npm run build:lambda`: bundles the handler with its AWS SDK clients into minified ESM,
// dist/lambda/index.js and the chunks it loads on demand (dist/lambda/chunks/: the Postgres
// driver when DATABASE_URL is set, the SDK's rarer credential providers), which serverless.yml
// packages. Bundling (rather than relying on the SDK in the Lambda runtime) pins the SDK
// version we test and keeps cold starts small: a DynamoDB function never loads Postgres code.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleForNode, type NodeBundle } from "../bundling/node-bundle.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
export const LAMBDA_ENTRY = `${root}targets/lambda/main.ts`;
export const LAMBDA_OUTDIR = `${root}dist/lambda`;

export type LambdaBundle = NodeBundle;

export async function bundleLambda(entry = LAMBDA_ENTRY): Promise<LambdaBundle> {
  return bundleForNode(entry, { split: true });
}

export async function writeLambdaBundle(outdir = LAMBDA_OUTDIR): Promise<LambdaBundle> {
  const bundle = await bundleLambda();
  // Chunk names carry content hashes: the last build's would otherwise stay and be packaged.
  await rm(`${outdir}/chunks`, { recursive: true, force: true });
  for (const file of bundle.files) {
    await mkdir(dirname(`${outdir}/${file.path}`), { recursive: true });
    await writeFile(`${outdir}/${file.path}`, file.contents);
  }
  // The zip holds only dist/lambda, so it carries its own marker that index.js is ESM.
  await writeFile(`${outdir}/package.json`, '{ "type": "module" }\n');
  return bundle;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bundle = await writeLambdaBundle();
  console.log(
    `dist/lambda/index.js: ${(bundle.bytes / 1024).toFixed(1)} KiB minified loaded at start, ${bundle.files.length} files`,
  );
}
