// The runtime's plugin list as createAgent assembles it: eliza-edge's built-ins, then the
// deployment's plugins, then the offline fallback. A deployment plugin named like a built-in
// replaces it (plugin-bootstrap's "bootstrap" replaces ours): said in one log line, never
// silently, and resolved here so the runtime never sees two plugins with one name. A passed
// @elizaos/plugin-sql is left out: eliza-edge's storage is what it would provide.
import { type Plugin, REPLACED_BY_DESIGN, shortPluginName } from "../runtime/index.ts";

export interface PluginNote {
  level: "info" | "warn";
  message: string;
}

export interface AssembledPlugins {
  plugins: Plugin[];
  /** What the assembly decided that a user should read at startup. */
  notes: PluginNote[];
}

export function assemblePlugins(
  builtIns: readonly Plugin[],
  deployment: readonly Plugin[],
  fallbacks: readonly Plugin[] = [],
): AssembledPlugins {
  const notes: PluginNote[] = [];
  const mine: Plugin[] = [];
  for (const plugin of deployment) {
    if (shortPluginName(plugin.name) === "sql") {
      // An elizaOS project passes plugin-sql; its init would open a second database and its
      // schema is elizaOS's own tables, which eliza-edge's storage already holds.
      notes.push({
        level: "info",
        message: `Plugin "${plugin.name}" is not registered: ${REPLACED_BY_DESIGN.sql} does its job.`,
      });
      continue;
    }
    const first = mine.find((p) => p.name === plugin.name);
    if (!first) mine.push(plugin);
    // The same object twice (a connector's plugin also passed by hand) is one plugin.
    else if (first !== plugin) {
      notes.push({
        level: "warn",
        message:
          `Two plugins are named "${plugin.name}"; the first one passed is used and the ` +
          "second is ignored (elizaOS does the same). Rename one if both should run.",
      });
    }
  }
  const keep = (builtIn: Plugin) => {
    if (!mine.some((p) => p.name === builtIn.name)) return true;
    notes.push({
      level: "warn",
      message:
        `Plugin "${builtIn.name}" passed in plugins replaces eliza-edge's built-in ` +
        `"${builtIn.name}" plugin (its actions, providers and handlers are not registered).`,
    });
    return false;
  };
  return {
    plugins: [...builtIns.filter(keep), ...mine, ...fallbacks.filter(keep)],
    notes,
  };
}
