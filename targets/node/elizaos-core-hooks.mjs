// Node module-resolution hook (module.register): the specifier `@elizaos/core`, imported from
// anywhere (a plugin in node_modules included), resolves to eliza-edge's compat entry. Every
// other specifier, subpaths such as `@elizaos/core/node` included, resolves as before.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ELIZAOS_CORE = "@elizaos/core";
// In the published package this file is dist/elizaos-core-hooks.mjs, beside the built compat
// entry; in this repository it sits among the sources (run through tsx). The plugins must get
// the same copy of the compat entry as the agent's own code, or their `Service` is not ours.
const BUILT_ENTRY = new URL("./elizaos.mjs", import.meta.url);
const COMPAT_ENTRY = existsSync(fileURLToPath(BUILT_ENTRY))
  ? BUILT_ENTRY.href
  : new URL("../../core/elizaos/index.ts", import.meta.url).href;

/**
 * @param {string} specifier
 * @param {unknown} context
 * @param {(specifier: string, context: unknown) => Promise<{ url: string }>} nextResolve
 */
export async function resolve(specifier, context, nextResolve) {
  // Resolved through the rest of the chain, not short-circuited: tsx's hooks must see the .ts
  // entry to load it. Short-circuiting worked only when tsx had already resolved that file (a
  // script importing eliza-edge/elizaos first); a script importing just a plugin and
  // @elizaos/core failed with ERR_UNKNOWN_FILE_EXTENSION under `tsx --import`.
  if (specifier === ELIZAOS_CORE) return nextResolve(COMPAT_ENTRY, context);
  return nextResolve(specifier, context);
}
