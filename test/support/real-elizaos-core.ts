// elizaOS's real @elizaos/core 1.7.2 (node_modules, a dependency of the published plugins), by
// file path. vitest aliases the bare `@elizaos/core` to eliza-edge's compat entry, so a
// differential test that imported it by name would compare eliza-edge with itself.
// @ts-expect-error the bundle file has no declaration of its own; the package's types are below

import * as compat from "../../core/elizaos/index.ts";
import * as bundle from "../../node_modules/@elizaos/core/dist/node/index.node.js";

export const real = bundle as typeof import("@elizaos/core");

if ((real.Service as unknown) === (compat.Service as unknown)) {
  throw new Error("real-elizaos-core resolved to eliza-edge's compat entry, not @elizaos/core");
}
