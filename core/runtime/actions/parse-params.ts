// The plan's <params> block: one element per action, named like it, holding one element per
// parameter — <params><SEND_TOKEN><amount>5</amount></SEND_TOKEN></params>. Read with the same
// linear tag scan as the rest of the response (model output is hostile input); the values stay
// text here and are coerced to each parameter's declared type by the executor.
import { fieldsOf, unescapeXml } from "../../kernel/index.ts";

/** What the planner supplied, by action name as written, then by parameter name. */
export type PlannedParams = Record<string, Record<string, unknown>>;

/**
 * The parameters in a `<params>` block. Markup that does not parse yields fewer entries, never
 * an error: an action whose required parameter is then missing fails on its own. A block that
 * is a JSON object (`{"SEND_TOKEN": {"amount": 5}}`, which some models write instead) is read
 * as JSON.
 */
export function parseParams(block: string | undefined): PlannedParams {
  const text = block?.trim();
  if (!text) return {};
  if (text.startsWith("{")) return fromJson(text);
  // Object.fromEntries defines own properties: a tag named __proto__ is just a key.
  return Object.fromEntries(
    fieldsOf(text).map(([action, inner]) => [
      action,
      Object.fromEntries(fieldsOf(inner).map(([name, value]) => [name, unescapeXml(value.trim())])),
    ]),
  );
}

function fromJson(text: string): PlannedParams {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, Record<string, unknown>] =>
      isRecord(entry[1]),
    ),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
