// A character file's `plugins` list against the plugins the deployment bundles. On the edge
// nothing is installed at startup: the target's entry imports its plugins and passes them in
// `plugins`, so the character's list can only be checked. An entry matches a bundled plugin by
// name ("@elizaos/plugin-x" ↔ "x" or "plugin-x", see plugin-names.ts); one eliza-edge does
// itself (plugin-sql, the model plugins) gets an info line; any other is one warning.
import type { Character } from "../kernel/index.ts";
import { namesPlugin, type Plugin, replacementFor } from "../runtime/index.ts";
import type { PluginNote } from "./plugin-list.ts";

export function characterPluginNotes(
  character: Pick<Character, "name" | "plugins">,
  bundled: readonly Plugin[],
): PluginNote[] {
  const notes: PluginNote[] = [];
  const replaced: string[] = [];
  for (const entry of new Set(character.plugins)) {
    if (bundled.some((plugin) => namesPlugin(entry, plugin))) continue;
    const replacement = replacementFor(entry);
    if (replacement) {
      replaced.push(`${entry} → ${replacement}`);
      continue;
    }
    notes.push({
      level: "warn",
      message:
        `Character "${character.name}" names plugin ${entry}, which this deployment does not ` +
        `bundle, so it is not loaded. To add it: npm install ${entry}, import it in your ` +
        "target's entry and pass it in `plugins` (createWorker / createLambdaHandler / " +
        "createVercelHandler / startNodeServer({ plugins: [...] })).",
    });
  }
  if (replaced.length > 0) {
    notes.unshift({
      level: "info",
      message: `Character plugins done by eliza-edge itself: ${replaced.join("; ")}`,
    });
  }
  return notes;
}
