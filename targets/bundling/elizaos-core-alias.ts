// Build-time only (Node): the esbuild `alias` that hands published elizaOS plugins eliza-edge's
// compat entry for every `@elizaos/core` import, the plugins' own in node_modules included.
// The Lambda and Vercel builds use it; users' own esbuild builds copy the same option.
import { fileURLToPath } from "node:url";

export const ELIZAOS_COMPAT_ENTRY = fileURLToPath(
  new URL("../../core/elizaos/index.ts", import.meta.url),
);

export const ELIZAOS_CORE_ALIAS = { "@elizaos/core": ELIZAOS_COMPAT_ENTRY };
