// `npm run build:lambda`: bundles the handler with its AWS SDK clients into minified ESM,
// dist/lambda/index.js and the chunks it loads on demand (dist/lambda/chunks/), which
// serverless.yml packages. A cold start loads index.js and what every configuration needs;
// the storage drivers are chunks loaded by the first request that builds the agent on them
// (the DynamoDB adapter with the AWS SDK when DYNAMODB_TABLE is used, the Neon driver when
// DATABASE_URL is set), the SDK's Lambda client by the first async self-invoke, the SDK's
// rarer credential providers when reached. Bundling (rather than relying on the SDK in the
// Lambda runtime) pins the SDK version we test.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleForNode, bytesOf, loadedWith, type NodeBundle } from "../bundling/node-bundle.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
export const LAMBDA_ENTRY = `${root}targets/lambda/main.ts`;
export const LAMBDA_OUTDIR = `${root}dist/lambda`;

export type LambdaBundle = NodeBundle;

/**
 * The modules each storage configuration imports dynamically, as the bundle's metafile names
 * them (relative to the repository): memory loads the start alone.
 */
export const LAMBDA_STORAGE_MODULES = {
  memory: [],
  dynamodb: ["adapters/dynamodb/index.ts"],
  neon: ["targets/shared/neon-storage.ts"],
} as const satisfies Record<string, readonly string[]>;

export type LambdaStorage = keyof typeof LAMBDA_STORAGE_MODULES;

export async function bundleLambda(entry = LAMBDA_ENTRY): Promise<LambdaBundle> {
  return bundleForNode(entry, { split: true, workingDir: root });
}

/** The output files a Lambda on `storage` has loaded once its agent is built. */
export function lambdaFilesFor(bundle: LambdaBundle, storage: LambdaStorage): string[] {
  return loadedWith(bundle, LAMBDA_STORAGE_MODULES[storage]);
}

/** Minified KiB per storage configuration, for the build's line and the bench. */
export function lambdaSizes(bundle: LambdaBundle): Record<LambdaStorage, number> {
  const kib = (storage: LambdaStorage) => bytesOf(bundle, lambdaFilesFor(bundle, storage)) / 1024;
  return { memory: kib("memory"), dynamodb: kib("dynamodb"), neon: kib("neon") };
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
  const sizes = lambdaSizes(bundle);
  console.log(
    `dist/lambda/index.js: ${(bundle.bytes / 1024).toFixed(1)} KiB minified loaded at start, ${bundle.files.length} files; with the agent built: DynamoDB ${sizes.dynamodb.toFixed(1)} KiB, Neon ${sizes.neon.toFixed(1)} KiB`,
  );
}
