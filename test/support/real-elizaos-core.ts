// elizaOS's real @elizaos/core 1.7.2 (node_modules, a dependency of the published plugins), by
// file path. vitest aliases the bare `@elizaos/core` to eliza-edge's compat entry, so a
// differential test that imported it by name would compare eliza-edge with itself.
import * as compat from "../../core/elizaos/index.ts";

const bundle = new URL("../../node_modules/@elizaos/core/dist/node/index.node.js", import.meta.url);

export const real = (await import(
  /* @vite-ignore */ bundle.href
)) as typeof import("@elizaos/core");

if ((real.Service as unknown) === (compat.Service as unknown)) {
  throw new Error("real-elizaos-core resolved to eliza-edge's compat entry, not @elizaos/core");
}
