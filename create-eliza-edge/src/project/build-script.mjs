// @ts-check
// scripts/build.mjs for the Node-based targets: esbuild bundles each entry into dist/.
// A function bundle (Lambda, Vercel) holds every dependency, because those platforms run the
// file as it is; the local server keeps node_modules external and starts from there.

/**
 * @typedef {object} BuildEntry
 * @property {string} name what `node scripts/build.mjs <name>` builds
 * @property {string} entry source file
 * @property {string} outfile
 * @property {boolean} bundleDependencies
 * @property {string} why a comment for the reader
 * @property {string[]} [after] generated code lines run after the build (comment first)
 */

/** @type {BuildEntry} */
export const SERVER_ENTRY = {
  name: "server",
  entry: "src/server.ts",
  outfile: "dist/server.js",
  bundleDependencies: false,
  why: "The agent on this machine (npm start); dependencies load from node_modules.",
};

/** @param {BuildEntry} e */
function entryCode(e) {
  const lines = [
    `  // ${e.why}`,
    `  ${e.name}: {`,
    `    entry: ${JSON.stringify(e.entry)},`,
    `    outfile: ${JSON.stringify(e.outfile)},`,
    `    bundleDependencies: ${e.bundleDependencies},`,
  ];
  if (e.after) {
    lines.push("    after: async () => {", ...e.after.map((line) => `      ${line}`), "    },");
  }
  lines.push("  },");
  return lines.join("\n");
}

/** @param {BuildEntry[]} entries */
export function buildScript(entries) {
  const usesFs = entries.some((e) => e.after);
  return `// \`node scripts/build.mjs [name...]\`: bundles the entries below (all when none is named).
${usesFs ? 'import { mkdir, writeFile } from "node:fs/promises";\n' : ""}import { build } from "esbuild";

const entries = {
${entries.map(entryCode).join("\n")}
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!Object.hasOwn(entries, name)) {
    console.error(\`unknown build entry "\${name}" (known: \${Object.keys(entries).join(", ")})\`);
    process.exit(2);
  }
}
for (const name of wanted.length > 0 ? wanted : Object.keys(entries)) {
  const { entry, outfile, bundleDependencies, after } = entries[name];
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    minify: bundleDependencies,
    packages: bundleDependencies ? "bundle" : "external",
    // Published elizaOS plugins import @elizaos/core: they get eliza-edge's compatible one.
    alias: { "@elizaos/core": "eliza-edge/elizaos" },
    // The AWS SDK's browser-only user-agent parser, reached by a dynamic import Node never runs.
    external: bundleDependencies ? ["bowser"] : [],
    // Some bundled dependencies (the AWS SDK among them) call require(), which ESM lacks.
    banner: bundleDependencies
      ? {
          js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
        }
      : {},
    logLevel: "warning",
  });
  await after?.();
  console.log(\`built \${outfile}\`);
}
`;
}
