import type { Plugin } from "../plugin.ts";

/**
 * Orders plugins so each comes after the plugins it depends on. A dependency that is not in
 * the list is an error naming both plugins, and so is a cycle: silently skipping either would
 * leave a plugin running without what it needs.
 */
export function orderPlugins(plugins: readonly Plugin[]): Plugin[] {
  const byName = new Map(plugins.map((p) => [p.name, p]));
  const ordered: Plugin[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (plugin: Plugin, path: string[]) => {
    const seen = state.get(plugin.name);
    if (seen === "done") return;
    if (seen === "visiting") {
      throw new Error(`Plugin dependency cycle: ${[...path, plugin.name].join(" → ")}`);
    }
    state.set(plugin.name, "visiting");
    for (const dependency of plugin.dependencies ?? []) {
      const target = byName.get(dependency);
      if (!target) {
        throw new Error(`Plugin ${plugin.name} depends on ${dependency}, which is not registered`);
      }
      visit(target, [...path, plugin.name]);
    }
    state.set(plugin.name, "done");
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}
