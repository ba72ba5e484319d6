// Strings that tell, in a bundle, which elizaOS code went in. The real @elizaos/core markers
// are descriptions from its character schema, which its module code builds at load, so they
// survive tree-shaking in both its node and browser builds whatever a plugin imports; eliza-edge
// has its own schema and no reason to contain them. If one shows up, the alias missed an import.
export const REAL_ELIZAOS_CORE_MARKERS = [
  "Complete character definition including personality, behavior, and capabilities",
  "Example social media posts demonstrating the character's voice and topics",
];

/** Descriptions only the published plugins carry. */
export const PLUGIN_BOOTSTRAP_MARKER =
  "Selects an option for a pending task that has multiple options";
export const PLUGIN_STARTER_MARKER = "This is a starter service which is attached to the agent";

/** Which real elizaOS packages a bundle's inputs (esbuild metafile keys) came from. */
export function elizaosPackagesIn(inputs: string[]): string[] {
  const found = new Set<string>();
  for (const input of inputs) {
    const match = /node_modules\/(@elizaos\/[^/]+)\//.exec(input);
    if (match?.[1]) found.add(match[1]);
  }
  return [...found].sort();
}
