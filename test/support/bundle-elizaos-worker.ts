// Bundles a Worker that imports published elizaOS plugins the way a user's wrangler build
// does: `@elizaos/core` aliased to eliza-edge's compat entry, Node builtins left as imports
// for workerd's nodejs_compat (plugin-bootstrap imports node:crypto, plugin-starter reads
// process.env). Reports the builtins it left, so a test can name what needs the flag, and the
// files bundled, so a test can see the real @elizaos/core stayed out.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const ELIZA_COMPAT_ENTRY = fileURLToPath(
  new URL("../../core/elizaos/index.ts", import.meta.url),
);

const NODE_BUILTIN =
  /^(node:|(fs|path|os|net|tls|crypto|child_process|http|https|stream|util|url|buffer|events|readline|worker_threads)(\/|$))/;

export async function bundleElizaosWorker(
  entry: string,
): Promise<{ code: string; nodeImports: string[]; inputs: string[] }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    target: "es2022",
    metafile: true,
    logLevel: "silent",
    alias: { "@elizaos/core": ELIZA_COMPAT_ENTRY },
    plugins: [
      {
        name: "node-builtins-for-nodejs-compat",
        setup(b) {
          b.onResolve({ filter: NODE_BUILTIN }, (args) => ({
            path: args.path.startsWith("node:") ? args.path : `node:${args.path}`,
            external: true,
          }));
        },
      },
    ],
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no output");
  const nodeImports = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external) nodeImports.add(imported.path);
    }
  }
  return {
    code: file.text,
    nodeImports: [...nodeImports].sort(),
    inputs: Object.keys(result.metafile.inputs),
  };
}
