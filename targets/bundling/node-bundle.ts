// Build-time only (Node): one minified ESM file for a Node function platform (Lambda, Vercel).
// Both bundle for the same reasons: the platform's runtime does not resolve our `@elizaos/core`
// alias, and one file pins the dependency versions the tests ran against.
import { resolve } from "node:path";
import { build, type Metafile } from "esbuild";
import { ELIZAOS_CORE_ALIAS } from "./elizaos-core-alias.ts";

export interface NodeBundle {
  /** The entry file. */
  code: string;
  /** What a cold start loads: the entry and every chunk it imports statically. */
  bytes: number;
  /** Those files, as the metafile names them (its `outputs` keys). */
  loadedAtStart: string[];
  metafile: Metafile;
  /** Every file, the entry first, by path under the output folder ("index.js", "chunks/..."). */
  files: { path: string; contents: Uint8Array }[];
}

export interface NodeBundleOptions {
  /**
   * The code behind dynamic imports (Lambda's Postgres driver, the AWS SDK's credential
   * providers) goes to chunks of its own, loaded only when reached; the entry is then
   * `index.js` beside a `chunks/` folder. Otherwise everything is the one entry file.
   */
  split?: boolean;
  /**
   * Where `@elizaos/core` goes. This repository's sources by default; a user's project
   * passes `eliza-edge/elizaos`, which esbuild resolves from `workingDir`.
   */
  alias?: Record<string, string>;
  /** Where bare imports resolve from; default the process's. */
  workingDir?: string;
  /** Packages left as imports, beside the ones always left out (see `external` below). */
  external?: string[];
}

export async function bundleForNode(
  entry: string,
  options: NodeBundleOptions = {},
): Promise<NodeBundle> {
  const outdir = "/bundle";
  const result = await build({
    ...(options.workingDir ? { absWorkingDir: options.workingDir } : {}),
    entryPoints: options.split ? { index: entry } : [entry],
    ...(options.split
      ? { splitting: true, outdir, chunkNames: "chunks/[name]-[hash]" }
      : { outfile: `${outdir}/index.js` }),
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    minify: true,
    metafile: true,
    legalComments: "none",
    logLevel: "silent",
    // Published elizaOS plugins in the function get eliza-edge/elizaos for `@elizaos/core`.
    alias: options.alias ?? ELIZAOS_CORE_ALIAS,
    // ES modules first, as AWS advises for bundling SDK v3 into a function: its CommonJS
    // build is one file per client (every command of client-lambda for the one Invoke
    // used), while its ES build lets the unused commands be dropped.
    mainFields: ["module", "main"],
    // The AWS SDK's browser user-agent parser (~33 KB) is reached only by a dynamic import on
    // its browser path, never in Node: left out, that import is simply never evaluated.
    external: ["bowser", ...(options.external ?? [])],
    // Some dependencies (the AWS SDK's among them) still call require(); ESM needs one defined.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  const files = result.outputFiles.map((file) => ({
    path: file.path.slice(outdir.length + 1),
    contents: file.contents,
  }));
  const entryFile = result.outputFiles.find((file) => file.path === `${outdir}/index.js`);
  if (!entryFile) throw new Error("esbuild produced no entry file");
  files.sort((a, b) => Number(b.path === "index.js") - Number(a.path === "index.js"));
  const loadedAtStart = staticOutputs(
    result.metafile,
    `${outdir}/index.js`,
    options.workingDir ?? process.cwd(),
  );
  return {
    code: entryFile.text,
    bytes: loadedAtStart.reduce(
      (sum, path) => sum + (result.metafile.outputs[path]?.bytes ?? 0),
      0,
    ),
    loadedAtStart,
    metafile: result.metafile,
    files,
  };
}

/** `entry` (absolute) and every output it imports statically, each once, as the metafile names them. */
function staticOutputs(metafile: Metafile, entry: string, workingDir: string): string[] {
  // The metafile names outputs relative to the working directory.
  const start = Object.keys(metafile.outputs).filter((path) => resolve(workingDir, path) === entry);
  return withStaticImports(metafile, start);
}

/** `outputs` and every output they import statically, each once. */
function withStaticImports(metafile: Metafile, outputs: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    const file = metafile.outputs[path];
    if (!file || seen.has(path)) return;
    seen.add(path);
    for (const imported of file.imports) {
      if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
    }
  };
  for (const path of outputs) visit(path);
  return [...seen];
}

/**
 * What a process loads once the dynamic imports of `modules` have run, beside what its start
 * loads: the chunk esbuild made for each (the output whose `entryPoint` is that input, named
 * as the metafile names inputs, e.g. "adapters/dynamodb/index.ts") and that chunk's static
 * imports. How a configuration's files are told apart: a DynamoDB Lambda loads the start and
 * the DynamoDB adapter's chunk, a memory one the start alone.
 */
export function loadedWith(bundle: NodeBundle, modules: readonly string[]): string[] {
  const outputs = bundle.metafile.outputs;
  const chunks = modules.map((module) => {
    const chunk = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === module);
    if (!chunk) throw new Error(`no chunk is the dynamic import of ${module}`);
    return chunk;
  });
  return withStaticImports(bundle.metafile, [...bundle.loadedAtStart, ...chunks]);
}

/** The bundled source files (metafile inputs) in `outputs`: what those files carry. */
export function inputsOf(bundle: NodeBundle, outputs: readonly string[]): string[] {
  return [
    ...new Set(outputs.flatMap((path) => Object.keys(bundle.metafile.outputs[path]?.inputs ?? {}))),
  ];
}

/** Bytes of `outputs`, minified, as written. */
export function bytesOf(bundle: NodeBundle, outputs: readonly string[]): number {
  return outputs.reduce((sum, path) => sum + (bundle.metafile.outputs[path]?.bytes ?? 0), 0);
}
