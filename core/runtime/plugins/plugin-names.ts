// How a plugin is named in the places that name it: its own `name` ("bootstrap",
// "plugin-starter"), a character file's `plugins` and another plugin's `dependencies`
// ("@elizaos/plugin-bootstrap", "bootstrap"). elizaOS treats "@scope/plugin-x" and "x" as the
// same plugin; so do we, and also "plugin-x", the name plugin-starter and its copies carry.
import type { Plugin } from "../contract/index.ts";

/** The short form: "@elizaos/plugin-x" → "x", "plugin-x" → "x", "x" → "x". */
export function shortPluginName(name: string): string {
  const scoped = /^@[^/]+\/(.+)$/.exec(name);
  const unscoped = scoped?.[1] ?? name;
  return unscoped.startsWith("plugin-") ? unscoped.slice("plugin-".length) : unscoped;
}

/** Whether `reference` (a character entry or a dependency) names `plugin`. */
export function namesPlugin(reference: string, plugin: Pick<Plugin, "name">): boolean {
  return reference === plugin.name || shortPluginName(reference) === shortPluginName(plugin.name);
}

/**
 * elizaOS plugins whose job eliza-edge does itself, by short name, with what does it. A
 * dependency on one is satisfied; a character naming one gets an info line, not a warning.
 */
export const REPLACED_BY_DESIGN: Readonly<Record<string, string>> = {
  sql: "eliza-edge's storage adapter (PGlite, Postgres, Neon, D1, DynamoDB)",
  openai: "the built-in OpenAI-compatible provider (OPENAI_API_KEY, OPENAI_BASE_URL)",
  anthropic: "the built-in Anthropic provider (ANTHROPIC_API_KEY)",
  ollama: "the built-in OpenAI-compatible provider (OPENAI_BASE_URL=http://host:11434/v1)",
  openrouter:
    "the built-in OpenAI-compatible provider (OPENAI_BASE_URL=https://openrouter.ai/api/v1)",
  "local-embedding": "the built-in local embedding sidecar (LOCAL_EMBEDDING_URL)",
  "local-ai": "the built-in local embedding sidecar (LOCAL_EMBEDDING_URL)",
};

/** What eliza-edge uses instead of the plugin `reference` names, or undefined. */
export function replacementFor(reference: string): string | undefined {
  return REPLACED_BY_DESIGN[shortPluginName(reference)];
}
