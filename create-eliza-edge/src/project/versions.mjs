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

/**
 * @param {string[]} names
 * @returns {Record<string, string>}
 */
export function toolVersions(names) {
  /** @type {Record<string, string>} */
  const known = TOOL_VERSIONS;
  return Object.fromEntries(
    names.map((name) => {
      const version = known[name];
      if (!version) throw new Error(`no pinned version for ${name}`);
      return [name, version];
    }),
  );
}
