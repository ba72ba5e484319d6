// The published elizaOS plugins the e2e legs run, exactly as npm installed them (their
// `@elizaos/core` import resolved to eliza-edge's compat entry by the test bundler's alias).
import bootstrapPlugin from "@elizaos/plugin-bootstrap";
import starterPlugin from "@elizaos/plugin-starter";
import type { Plugin as EdgePlugin } from "../../core/index.ts";

export { bootstrapPlugin, starterPlugin };

/** In registration order; the matrix walks them in this order. */
export const ELIZA_PLUGINS = [bootstrapPlugin, starterPlugin];

/**
 * The same objects as eliza-edge plugins, for createAgent / createWorker. The cast is the
 * drop-in claim under test: elizaOS's Plugin type is not ours, the object must work anyway.
 */
export const ELIZA_PLUGINS_FOR_EDGE = ELIZA_PLUGINS as unknown as EdgePlugin[];
