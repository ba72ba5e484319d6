// @ts-check
// The new project's package.json: its scripts, eliza-edge at the release this scaffolder
// belongs to (or the spec a test gives) with the drivers the target uses, and the tools the
// target needs, all pinned.
import { toolVersions } from "./versions.mjs";

/**
 * @param {object} p
 * @param {string} p.name
 * @param {Record<string, string>} p.scripts the target's scripts
 * @param {string[]} p.dependencies the target's drivers (names in versions.mjs)
 * @param {string[]} p.devDependencies the target's tools (names in versions.mjs)
 * @param {string} p.elizaEdgeSpec
 */
export function packageJson({ name, scripts, dependencies, devDependencies, elizaEdgeSpec }) {
  const pkg = {
    name,
    version: "0.1.0",
    private: true,
    type: "module",
    engines: { node: ">=20.18" },
    scripts: {
      ...scripts,
      test: "tsc --noEmit && vitest run",
      typecheck: "tsc --noEmit",
    },
    dependencies: sorted({ "eliza-edge": elizaEdgeSpec, ...toolVersions(dependencies) }),
    devDependencies: sorted(
      toolVersions(["typescript", "vitest", "@types/node", ...devDependencies]),
    ),
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** @param {Record<string, string>} record */
function sorted(record) {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
