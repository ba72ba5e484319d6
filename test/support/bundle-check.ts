// Bundles an entry the way a Worker deploy does and lists what real workerd would refuse:
// `node:` imports (Miniflare polyfills some, production does not without nodejs_compat).
import { build, type Metafile } from "esbuild";

export interface BundleResult {
  code: string;
  bytes: number;
  /** Every `node:` (or bare Node builtin) import left in the bundle, with who imported it. */
  nodeImports: string[];
}

export const NODE_BUILTIN =
  /^(node:|(fs|path|os|net|tls|crypto|child_process|http|https|stream|util|url|buffer|events|readline|worker_threads)(\/|$))/;

export async function bundleForWorkers(entry: string): Promise<BundleResult> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    target: "es2022",
    minify: true,
    metafile: true,
    logLevel: "silent",
    // Keep builtins unresolved so they show up in the metafile instead of failing the build.
    plugins: [
      {
        name: "mark-node-builtins",
        setup(b) {
          b.onResolve({ filter: NODE_BUILTIN }, (args) => ({ path: args.path, external: true }));
          // workerd's own modules (`cloudflare:workers`), as wrangler leaves them.
          b.onResolve({ filter: /^cloudflare:/ }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no output");
  return {
    code: file.text,
    bytes: file.contents.byteLength,
    nodeImports: nodeImportsOf(result.metafile),
  };
}

function nodeImportsOf(metafile: Metafile): string[] {
  const found: string[] = [];
  for (const [input, info] of Object.entries(metafile.inputs)) {
    for (const imported of info.imports) {
      if (NODE_BUILTIN.test(imported.path)) found.push(`${imported.path} (from ${input})`);
    }
  }
  return found;
}
