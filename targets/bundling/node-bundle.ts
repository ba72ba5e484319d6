// Build-time only (Node): one minified ESM file for a Node function platform (Lambda, Vercel).
// Both bundle for the same reasons: the platform's runtime does not resolve our `@elizaos/core`
// alias, and one file pins the dependency versions the tests ran against.
import { build, type Metafile } from "esbuild";
import { ELIZAOS_CORE_ALIAS } from "./elizaos-core-alias.ts";

export interface NodeBundle {
  code: string;
  bytes: number;
  metafile: Metafile;
}

export async function bundleForNode(entry: string): Promise<NodeBundle> {
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
    // Published elizaOS plugins in the function get eliza-edge/elizaos for `@elizaos/core`.
    alias: ELIZAOS_CORE_ALIAS,
    // ES modules first, as AWS advises for bundling SDK v3 into a function: its CommonJS
    // build is one file per client (every command of client-lambda for the one Invoke
    // used), while its ES build lets the unused commands be dropped.
    mainFields: ["module", "main"],
    // The AWS SDK's browser user-agent parser (~33 KB) is reached only by a dynamic import on
    // its browser path, never in Node: left out, that import is simply never evaluated.
    external: ["bowser"],
    // Some dependencies (the AWS SDK's among them) still call require(); ESM needs one defined.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no output");
  return { code: file.text, bytes: file.contents.byteLength, metafile: result.metafile };
}
