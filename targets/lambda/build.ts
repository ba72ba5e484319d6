// `npm run build:lambda`: bundles the handler with its AWS SDK clients into one minified ESM
// file, dist/lambda/index.js, which serverless.yml packages. Bundling (rather than relying on
// the SDK in the Lambda runtime) pins the SDK version we test and keeps cold starts small.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { ELIZAOS_CORE_ALIAS } from "../bundling/elizaos-core-alias.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
export const LAMBDA_ENTRY = `${root}targets/lambda/main.ts`;
export const LAMBDA_OUTDIR = `${root}dist/lambda`;

export interface LambdaBundle {
  code: string;
  bytes: number;
  metafile: Metafile;
}

export async function bundleLambda(entry = LAMBDA_ENTRY): Promise<LambdaBundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    minify: true,
    metafile: true,
    legalComments: "none",
    logLevel: "silent",
    // Published elizaOS plugins in the handler get eliza-edge/elizaos for `@elizaos/core`.
    alias: ELIZAOS_CORE_ALIAS,
    // Some SDK dependencies still call require(); ESM output needs one defined.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no output");
  return { code: file.text, bytes: file.contents.byteLength, metafile: result.metafile };
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
