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

/**
 * A file reaches into another folder of core/ only through that folder's index.ts, its public
 * face; the files of its own folder and of the folders it sits in are its own. One rule per
 * folder depth, because a rule can name the importer's folders only by its regex groups.
 */
const throughIndexRules = [1, 2, 3, 4, 5].map((depth) => {
  const groups = Array.from({ length: depth }, (_, i) => `/$${i + 1}`);
  return {
    name: "through-index",
    comment: "Reach into another folder of core/ through its index.ts only.",
    severity: "error",
    from: { path: `^core${"/([^/]+)".repeat(depth)}/[^/]+$` },
    to: {
      path: "^core/",
      pathNot: [
        "/index\\.ts$",
        ...groups.map((_, j) => `^core${groups.slice(0, j + 1).join("")}/[^/]+$`),
      ],
    },
  };
});

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
    ...throughIndexRules,
    {
      name: "adapters-know-the-kernel",
      comment:
        "A storage backend knows only the storage contract and the kernel around it " +
        "(core/kernel/index.ts), never the runtime that uses it.",
      severity: "error",
      from: { path: "^adapters/" },
      to: { path: "^core/", pathNot: "^core/kernel/index\\.ts$" },
    },
    {
      name: "outside-through-index",
      comment:
        "Code outside core/ reaches it through its public index or a layer's index.ts " +
        "(core/http/client.ts, the eliza-edge/client entry, is one file of its own).",
      severity: "error",
      from: { path: "^(targets|connectors)/" },
      to: { path: "^core/", pathNot: "^core/(?:index\\.ts|[^/]+/index\\.ts)$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
