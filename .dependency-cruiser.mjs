// Dependency rules, run by `npm run lint:deps` (part of `npm test`). ARCHITECTURE.md explains them.
//
// core/ is a stack of layers; a file may import from its own layer and the layers below it,
// never above. Each folder's index.ts is its public face: a file reaches into another folder
// only through that folder's index. No cycles anywhere in product code, type-only imports
// included (a reader must read both files of a cycle together).

/** Bottom first. core/index.ts (the package's public face) sits above all but elizaos/. */
const LAYERS = ["kernel", "runtime", "pipeline", "features", "agent", "http"];

const layerRules = LAYERS.map((layer, i) => ({
  name: `layer-${layer}`,
  comment: `core/${layer}/ imports only from the layers below it: ${LAYERS.slice(0, i).join(", ") || "none"}`,
  severity: "error",
  from: { path: `^core/${layer}/` },
  to: { path: `^core/(?:${[...LAYERS.slice(i + 1), "elizaos"].join("|")})/|^core/index\\.ts$` },
}));

export default {
  forbidden: [
    {
      name: "no-cycles",
      comment: "No import cycles in product code, type-only imports included.",
      severity: "error",
      from: { pathNot: "^(test|bench)/" },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "core-stays-core",
      comment: "core/ never imports a target, an adapter or a connector: they import core.",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(targets|adapters|connectors)/" },
    },
    {
      name: "core-web-standard",
      comment: "core/ runs unchanged in workerd: no Node builtins (node: or bare).",
      severity: "error",
      from: { path: "^core/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "through-index",
      comment:
        "A file reaches into another folder of core/ only through that folder's index.ts, its public face.",
      severity: "error",
      from: { path: "^(core/.+)/[^/]+$" },
      to: { path: "^core/", pathNot: ["^$1/[^/]+$", "/index\\.ts$"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
