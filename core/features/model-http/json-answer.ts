// Reading a model's JSON answer (OBJECT_SMALL/OBJECT_LARGE, image descriptions): servers in
// JSON mode send bare JSON, but local models often wrap it in a ```json fence, which is
// accepted; anything else is a ModelError quoting what came back, never a SyntaxError later.
import { ModelError } from "../../kernel/index.ts";

const FENCE = /^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i;
const SNIPPET_CHARS = 200;

/** The JSON value in `text`, or undefined when it is not JSON (bare or fenced). */
export function tryParseJson(text: string): unknown {
  const trimmed = text.trim();
  const body = FENCE.exec(trimmed)?.[1] ?? trimmed;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The JSON object or array in a model's answer. Throws ModelError naming who sent what. */
export function parseJsonAnswer(providerId: string, label: string, text: string): unknown {
  const value = tryParseJson(text);
  if (typeof value === "object" && value !== null) return value;
  const snippet = text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text;
  throw new ModelError(
    providerId,
    `${label} was asked for a JSON object but answered: ${JSON.stringify(snippet)}`,
  );
}
