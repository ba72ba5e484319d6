// Bundles a Worker that imports published elizaOS plugins the way a user's wrangler build
// does: `@elizaos/core` aliased to eliza-edge's compat entry, Node builtins left as imports
// for workerd's nodejs_compat (plugin-bootstrap imports node:crypto, plugin-starter reads
// process.env). Reports the builtins it left, so a test can name what needs the flag, and the
// files bundled, so a test can see the real @elizaos/core stayed out.
import { build } from "esbuild";
import { ELIZAOS_CORE_ALIAS } from "../../targets/bundling/elizaos-core-alias.ts";
import { NODE_BUILTIN } from "./bundle-check.ts";

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
    alias: ELIZAOS_CORE_ALIAS,
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
