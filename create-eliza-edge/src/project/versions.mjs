// @ts-check
// Versions of the tools a new project installs: the ones eliza-edge itself is tested with
// (its package.json devDependencies; test/scaffold checks they stay equal). Exact versions,
// because npm on Node 20 silently picks older releases of tools whose newest need Node 22.
export const TOOL_VERSIONS = Object.freeze({
  typescript: "5.9.3",
  vitest: "4.1.11",
  "@types/node": "20.19.43",
  esbuild: "0.28.2",
  wrangler: "4.86.0",
  "@cloudflare/workers-types": "4.20260702.1",
});

// eliza-edge's drivers are optional peer dependencies: a project installs the ones its target
// uses (its storage, its platform's SDK), at the versions eliza-edge is tested with.
export const DRIVER_VERSIONS = Object.freeze({
  "@electric-sql/pglite": "0.5.14",
  "@electric-sql/pglite-pgvector": "0.0.15",
  "@neondatabase/serverless": "1.2.0",
  "@aws-sdk/client-dynamodb": "3.1162.0",
  "@aws-sdk/client-lambda": "3.1162.0",
  "@discordjs/rest": "2.6.3",
  "@discordjs/ws": "2.0.4",
  "@vercel/functions": "3.9.9",
});

/** The embedded database `npm start` opens on Node (PGlite with pgvector). */
export const PGLITE = ["@electric-sql/pglite", "@electric-sql/pglite-pgvector"];

/**
 * @param {string[]} names
 * @returns {Record<string, string>}
 */
export function toolVersions(names) {
  /** @type {Record<string, string>} */
  const known = { ...TOOL_VERSIONS, ...DRIVER_VERSIONS };
  return Object.fromEntries(
    names.map((name) => {
      const version = known[name];
      if (!version) throw new Error(`no pinned version for ${name}`);
      return [name, version];
    }),
  );
}
