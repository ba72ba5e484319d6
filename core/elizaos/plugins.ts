// elizaOS's plugin shape checks and dependency ordering (the parts that need no dynamic
// import; loading plugins by package name is refused, see refused.ts).
import type { Plugin } from "../runtime/index.ts";

export function isValidPluginShape(obj: unknown): obj is Plugin {
  if (!obj || typeof obj !== "object") return false;
  const p = obj as Record<string, unknown>;
  if (!p.name) return false;
  return Boolean(p.init || p.services || p.providers || p.actions || p.evaluators || p.description);
}

export function validatePlugin(plugin: unknown): { isValid: boolean; errors: string[] } {
  if (!plugin) return { isValid: false, errors: ["Plugin is null or undefined"] };
  const p = plugin as Record<string, unknown>;
  const errors: string[] = [];
  if (!p.name) errors.push("Plugin must have a name");
  for (const key of ["actions", "providers", "evaluators", "services"]) {
    if (p[key] !== undefined && !Array.isArray(p[key]))
      errors.push(`Plugin ${key} must be an array`);
  }
  return { isValid: errors.length === 0, errors };
}

/** "@elizaos/plugin-discord" → "discord"; other names unchanged. */
export function normalizePluginName(pluginName: string): string {
  const scoped = /^@[^/]+\/plugin-(.+)$/.exec(pluginName);
  return scoped?.[1] ?? pluginName;
}

/**
 * The plugins in an order where each comes after its dependencies (found by key, name, short
 * or scoped name). Missing dependencies are skipped; a cycle stops at the repeated plugin.
 */
export function resolvePluginDependencies(
  availablePlugins: Map<string, Plugin>,
  isTestMode = false,
): Plugin[] {
  const lookup = new Map<string, Plugin>();
  for (const [key, plugin] of availablePlugins) {
    for (const alias of [
      key,
      plugin.name,
      normalizePluginName(key),
      normalizePluginName(plugin.name),
    ]) {
      lookup.set(alias, plugin);
    }
    if (!plugin.name.startsWith("@")) lookup.set(`@elizaos/plugin-${plugin.name}`, plugin);
  }
  const ordered: Plugin[] = [];
  const done = new Set<Plugin>();
  const visiting = new Set<Plugin>();
  const visit = (plugin: Plugin) => {
    if (done.has(plugin) || visiting.has(plugin)) return;
    visiting.add(plugin);
    const deps = [
      ...(plugin.dependencies ?? []),
      ...(isTestMode ? ((plugin as { testDependencies?: string[] }).testDependencies ?? []) : []),
    ];
    for (const dep of deps) {
      const found = lookup.get(dep) ?? lookup.get(normalizePluginName(dep));
      if (found) visit(found);
    }
    visiting.delete(plugin);
    done.add(plugin);
    ordered.push(plugin);
  };
  for (const plugin of availablePlugins.values()) visit(plugin);
  return ordered;
}

/** The plugins (objects; names are refused at call time) in dependency order. */
export async function resolvePlugins(
  plugins: Array<Plugin | string>,
  isTestMode = false,
): Promise<Plugin[]> {
  const map = new Map<string, Plugin>();
  for (const plugin of plugins) {
    if (typeof plugin === "string") {
      throw new Error(
        `resolvePlugins: plugin "${plugin}" is a package name; eliza-edge cannot load plugins by name at run time (serverless bundles have no dynamic import of packages). Import the plugin object and pass it instead.`,
      );
    }
    // elizaOS leaves out an entry that is not a plugin (one without a name) rather than failing.
    if (!plugin || typeof plugin.name !== "string" || !plugin.name) continue;
    map.set(plugin.name, plugin);
  }
  return resolvePluginDependencies(map, isTestMode);
}
