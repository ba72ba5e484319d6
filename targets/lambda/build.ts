// `npm run build:lambda`: bundles the handler with its AWS SDK clients into one minified ESM
// file, dist/lambda/index.js, which serverless.yml packages. Bundling (rather than relying on
// the SDK in the Lambda runtime) pins the SDK version we test and keeps cold starts small.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { bundleForNode, type NodeBundle } from "../bundling/node-bundle.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
export const LAMBDA_ENTRY = `${root}targets/lambda/main.ts`;
export const LAMBDA_OUTDIR = `${root}dist/lambda`;

export type LambdaBundle = NodeBundle;

export async function bundleLambda(entry = LAMBDA_ENTRY): Promise<LambdaBundle> {
  return bundleForNode(entry);
}

export async function writeLambdaBundle(outdir = LAMBDA_OUTDIR): Promise<LambdaBundle> {
  const bundle = await bundleLambda();
  await mkdir(outdir, { recursive: true });
  await writeFile(`${outdir}/index.js`, bundle.code);
  // The zip holds only dist/lambda, so it carries its own marker that index.js is ESM.
  await writeFile(`${outdir}/package.json`, '{ "type": "module" }\n');
  return bundle;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bundle = await writeLambdaBundle();
  console.log(`dist/lambda/index.js: ${(bundle.bytes / 1024).toFixed(1)} KiB minified`);
}
