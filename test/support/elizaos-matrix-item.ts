// One item of the plugin matrix and how it is run: captured, so an error a plugin only logged
// still fails the item (see elizaos-capture.ts). Web-standard.
import type { Content, Memory } from "@elizaos/core";
import { captureConsole, describeThrown, missingSurface } from "./elizaos-capture.ts";

export type MatrixKind =
  | "action validate"
  | "action handler"
  | "provider"
  | "evaluator validate"
  | "evaluator handler"
  | "service start"
  | "service stop"
  | "event"
  | "compose state";

export interface MatrixItem {
  plugin: string;
  kind: MatrixKind;
  name: string;
  ok: boolean;
  /** Why it is not ok: the exception, or the logged/returned line that gave it away. */
  error?: string;
  /** What happened when ok (validate's answer, the handler's callback text, ...). */
  detail?: string;
}

export function oneLine(text: string, max = 80): string {
  return text.replace(/\s+/g, " ").trim().slice(0, max);
}

export function recorder(recorded: Content[]) {
  return async (content: Content): Promise<Memory[]> => {
    recorded.push(content);
    return [];
  };
}

export async function attempt(
  plugin: string,
  kind: MatrixKind,
  name: string,
  run: () => Promise<string>,
): Promise<MatrixItem> {
  const { result, lines } = await captureConsole(run);
  if (result.error !== undefined) {
    return { plugin, kind, name, ok: false, error: describeThrown(result.error) };
  }
  const logged = lines.map(missingSurface).find((line) => line !== undefined);
  if (logged) return { plugin, kind, name, ok: false, error: `logged: ${logged}` };
  return { plugin, kind, name, ok: true, detail: result.value };
}
