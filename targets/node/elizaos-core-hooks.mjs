// Node module-resolution hook (module.register): the specifier `@elizaos/core`, imported from
// anywhere (a plugin in node_modules included), resolves to eliza-edge's compat entry. Every
// other specifier, subpaths such as `@elizaos/core/node` included, resolves as before.
const ELIZAOS_CORE = "@elizaos/core";
const COMPAT_ENTRY = new URL("../../core/elizaos/index.ts", import.meta.url).href;

/**
 * @param {string} specifier
 * @param {unknown} context
 * @param {(specifier: string, context: unknown) => Promise<{ url: string }>} nextResolve
 */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === ELIZAOS_CORE) return { url: COMPAT_ENTRY, shortCircuit: true };
  return nextResolve(specifier, context);
}
