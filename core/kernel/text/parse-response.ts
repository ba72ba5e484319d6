// Reads the planner's <response> XML. Models drift: they wrap it in prose or code fences,
// forget to close it, or answer in plain text. Each case gets a defined outcome.
//
// Model output can echo the user's text, so it is hostile input. The tags are found by linear
// scans (indexOf), not by regexes such as /<response>([\s\S]*?)<\/response>/ that rescan the
// rest of the text from every unclosed tag (quadratic on "<response>" or "<a>" repeated).

export type ParsedResponse =
  /**
   * Each field's text, trimmed and unescaped; a field that holds markup of its own
   * (`<params>`, read by parse-params.ts) is kept as written, so its values unescape once.
   */
  | { kind: "xml"; fields: Record<string, string> }
  /** No markup at all: the model just talked. Taken as a REPLY. */
  | { kind: "plain"; text: string }
  /** Markup that does not parse (unclosed <response>, no fields). Retried, then salvaged. */
  | { kind: "malformed"; raw: string };

/** Longest model output parsed; the rest is cut off before parsing (a reply is far shorter). */
export const MAX_RESPONSE_CHARS = 65_536;

/** The start of a known tag; whether a ">" follows is checked by indexOf. */
const KNOWN_TAG_START = /<\/?(?:response|thought|actions|providers|text|action|reasoning|name)\b/i;
const FIELD_NAME = /^[a-zA-Z_][\w-]*$/;
/** Fields whose value is itself markup, parsed by their own reader. */
const MARKUP_FIELDS: ReadonlySet<string> = new Set(["params"]);
const RESPONSE_OPEN = /<response>/gi;
const RESPONSE_CLOSE = /<\/response>/gi;
const TEXT_OPEN = /<text>/gi;
const TEXT_CLOSE = /<\/text>/gi;
const WHITESPACE_RUN = /\s+/g;

export function parseResponse(output: string): ParsedResponse {
  const trimmed = bounded(output).trim();
  const body = between(trimmed, RESPONSE_OPEN, RESPONSE_CLOSE);
  if (body !== undefined) {
    const fields: Record<string, string> = {};
    for (const [name, value] of fieldsOf(body)) {
      const key = name.toLowerCase();
      fields[key] = MARKUP_FIELDS.has(key) ? value.trim() : unescapeXml(value.trim());
    }
    if (Object.keys(fields).length > 0) return { kind: "xml", fields };
    return { kind: "malformed", raw: trimmed };
  }
  const tag = KNOWN_TAG_START.exec(trimmed);
  if (tag && trimmed.includes(">", tag.index)) return { kind: "malformed", raw: trimmed };
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
  const input = bounded(raw);
  // An unclosed <text> runs to the end.
  const text = between(`${input}</text>`, TEXT_OPEN, TEXT_CLOSE) ?? input;
  return unescapeXml(stripTags(text)).replace(WHITESPACE_RUN, " ").trim();
}

function bounded(text: string): string {
  return text.length > MAX_RESPONSE_CHARS ? text.slice(0, MAX_RESPONSE_CHARS) : text;
}

/** The text after the first `open` up to the first `close` after it; the tags are literal. */
function between(text: string, open: RegExp, close: RegExp): string | undefined {
  open.lastIndex = 0;
  const start = open.exec(text);
  if (!start) return undefined;
  const from = start.index + start[0].length;
  close.lastIndex = from;
  const end = close.exec(text);
  return end ? text.slice(from, end.index) : undefined;
}

/**
 * `<name>value</name>` pairs, left to right, each value ending at the first matching close
 * tag (names compared case-sensitively, as XML does). Close tags are indexed in one pass
 * first, so an unclosed open tag costs a lookup, not a rescan of the rest of the text.
 */
export function fieldsOf(body: string): Array<[string, string]> {
  const closes = new Map<string, number[]>();
  for (const { at, name } of tags(body)) {
    if (!name.startsWith("/")) continue;
    const list = closes.get(name.slice(1)) ?? [];
    list.push(at);
    closes.set(name.slice(1), list);
  }
  // Per name, how many of its close tags lie before the scan position (consumed or skipped).
  const passed = new Map<string, number>();
  const fields: Array<[string, string]> = [];
  let resumeAt = 0;
  for (const { at, name, end } of tags(body)) {
    if (at < resumeAt) continue;
    const list = closes.get(name);
    if (!list) continue;
    let i = passed.get(name) ?? 0;
    while (i < list.length && list[i]! <= end) i++;
    passed.set(name, i);
    const close = list[i];
    if (close === undefined) continue;
    fields.push([name, body.slice(end + 1, close)]);
    resumeAt = close + name.length + 3;
  }
  return fields;
}

/**
 * Every `<name>` or `</name>` in the text, in order, where name is a field name. Each "<" is
 * paired with the next ">" only when no other "<" comes first, so every character is looked
 * at a bounded number of times.
 */
function* tags(text: string): Generator<{ at: number; name: string; end: number }> {
  let at = text.indexOf("<");
  let end = -1;
  while (at !== -1) {
    const next = text.indexOf("<", at + 1);
    // The ">" found for an earlier "<" is still the first one after this "<" if it lies beyond.
    if (end <= at) end = text.indexOf(">", at + 1);
    if (end === -1) return;
    if (next === -1 || end < next) {
      const name = text.slice(at + 1, end);
      const bare = name.startsWith("/") ? name.slice(1) : name;
      if (FIELD_NAME.test(bare)) yield { at, name, end };
    }
    at = next;
  }
}

/** Removes every `<...>`; a "<" with no ">" after it is kept, as text. */
function stripTags(text: string): string {
  let out = "";
  let from = 0;
  for (;;) {
    const open = text.indexOf("<", from);
    if (open === -1) break;
    const close = text.indexOf(">", open + 1);
    if (close === -1) break;
    out += `${text.slice(from, open)} `;
    from = close + 1;
  }
  return out + text.slice(from);
}

export function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Every regex this module applies to model output, for the ReDoS check in the tests. */
export const RESPONSE_PATTERNS: readonly RegExp[] = [
  KNOWN_TAG_START,
  FIELD_NAME,
  RESPONSE_OPEN,
  RESPONSE_CLOSE,
  TEXT_OPEN,
  TEXT_CLOSE,
  WHITESPACE_RUN,
];
