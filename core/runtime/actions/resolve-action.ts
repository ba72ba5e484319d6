import type { Action } from "../contract/index.ts";

// Models write action names loosely ("reply", "Send_Message"); match as elizaOS does:
// case-insensitive, underscores ignored, exact name before simile.
const normalize = (name: string) => name.toLowerCase().replace(/_/g, "").trim();

export function resolveAction(actions: readonly Action[], requested: string): Action | undefined {
  const wanted = normalize(requested);
  if (!wanted) return undefined;
  return (
    actions.find((a) => normalize(a.name) === wanted) ??
    actions.find((a) => a.similes?.some((s) => normalize(s) === wanted))
  );
}
