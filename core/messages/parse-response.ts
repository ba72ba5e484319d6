// Reads the planner's <response> XML. Models drift: they wrap it in prose or code fences,
// forget to close it, or answer in plain text. Each case gets a defined outcome.

export type ParsedResponse =
  | { kind: "xml"; fields: Record<string, string> }
  /** No markup at all: the model just talked. Taken as a REPLY. */
  | { kind: "plain"; text: string }
  /** Markup that does not parse (unclosed <response>, no fields). Retried, then salvaged. */
  | { kind: "malformed"; raw: string };

const RESPONSE_BLOCK = /<response>([\s\S]*?)<\/response>/i;
const FIELD = /<([a-zA-Z_][\w-]*)>([\s\S]*?)<\/\1>/g;
const ANY_TAG = /<\/?(response|thought|actions|providers|text|action|reasoning|name)\b[^>]*>/i;

export function parseResponse(output: string): ParsedResponse {
  const trimmed = output.trim();
  const block = RESPONSE_BLOCK.exec(trimmed);
  if (block) {
    const fields: Record<string, string> = {};
    for (const match of (block[1] ?? "").matchAll(FIELD)) {
      fields[(match[1] ?? "").toLowerCase()] = unescapeXml((match[2] ?? "").trim());
    }
    if (Object.keys(fields).length > 0) return { kind: "xml", fields };
    return { kind: "malformed", raw: trimmed };
  }
  if (ANY_TAG.test(trimmed)) return { kind: "malformed", raw: trimmed };
  return { kind: "plain", text: trimmed };
}

/** Comma-separated list field ("REPLY, SEND_MESSAGE") → names; empty entries dropped. */
export function parseList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Best-effort text from output that would not parse: the tags removed, whitespace tidied. */
export function salvageText(raw: string): string {
  const text = /<text>([\s\S]*?)(?:<\/text>|$)/i.exec(raw)?.[1] ?? raw;
  return unescapeXml(text.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
