import type { Plugin } from "../contract/index.ts";
import { namesPlugin, replacementFor } from "./plugin-names.ts";

/** A dependency no registered plugin satisfies. */
export interface MissingDependency {
  plugin: string;
  dependency: string;
}

/**
 * Orders plugins so each comes after the plugins it depends on. Dependencies are matched the
 * way elizaOS matches them ("@elizaos/plugin-x", "plugin-x" and "x" name the same plugin). A
 * dependency on a plugin eliza-edge replaces by design (plugin-sql, the model plugins) is
 * satisfied; any other missing one is skipped, as elizaOS skips it, and reported to
 * `onMissing` (createAgent logs it). A cycle is an error naming the chain.
 */
export function orderPlugins(
  plugins: readonly Plugin[],
  onMissing?: (missing: MissingDependency) => void,
): Plugin[] {
  const find = (reference: string) =>
    plugins.find((p) => p.name === reference) ?? plugins.find((p) => namesPlugin(reference, p));
  const ordered: Plugin[] = [];
  const state = new Map<Plugin, "visiting" | "done">();
  const visit = (plugin: Plugin, path: string[]) => {
    const seen = state.get(plugin);
    if (seen === "done") return;
    if (seen === "visiting") {
      throw new Error(`Plugin dependency cycle: ${[...path, plugin.name].join(" → ")}`);
    }
    state.set(plugin, "visiting");
    for (const dependency of plugin.dependencies ?? []) {
      const target = find(dependency);
      if (target) visit(target, [...path, plugin.name]);
      else if (!replacementFor(dependency)) onMissing?.({ plugin: plugin.name, dependency });
    }
    state.set(plugin, "done");
    ordered.push(plugin);
  };
  for (const plugin of plugins) visit(plugin, []);
  return ordered;
}

/** The dependencies `plugins` leave unsatisfied, for a startup warning. */
export function missingDependencies(plugins: readonly Plugin[]): MissingDependency[] {
  const missing: MissingDependency[] = [];
  orderPlugins(plugins, (m) => missing.push(m));
  return missing;
}
