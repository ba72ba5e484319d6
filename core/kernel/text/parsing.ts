// elizaOS's parsers for model output: parseKeyValueXml, parseJSONObjectFromText and friends.
//
// Model output can echo a user's text, so it is hostile input. Everything here runs in time
// linear in the input: tags are found by indexOf and paired with per-name stacks, never by
// regexes that rescan the rest of the text from each unclosed tag.

const TAG_NAME_CHAR = /[A-Za-z0-9_-]/;
const ATTRIBUTE_START = /\s|\//;
const WHITESPACE = /\s/;
const ENTITIES = [/&lt;/g, /&gt;/g, /&amp;/g, /&quot;/g, /&apos;/g] as const;

interface Tag {
  kind: "open" | "close" | "self";
  name: string;
  /** Index of "<". */
  at: number;
  /** Index just past ">". */
  end: number;
}

/**
 * Every `<name ...>`, `<name/>` and `</name>` in order. A "<" is paired with the next ">" only
 * when no other "<" comes first, so each character is looked at a bounded number of times.
 */
function scanTags(text: string): Tag[] {
  const tags: Tag[] = [];
  let gt = -1;
  let at = text.indexOf("<");
  while (at !== -1) {
    const next = text.indexOf("<", at + 1);
    if (gt <= at) gt = text.indexOf(">", at + 1);
    if (gt === -1) break;
    if (next === -1 || gt < next) {
      const closing = text[at + 1] === "/";
      let j = at + (closing ? 2 : 1);
      while (j < gt && TAG_NAME_CHAR.test(text[j] ?? "")) j++;
      const name = text.slice(at + (closing ? 2 : 1), j);
      if (name) {
        if (closing) {
          if (j === gt) tags.push({ kind: "close", name, at, end: gt + 1 });
        } else if (j === gt || ATTRIBUTE_START.test(text[j] ?? "")) {
          const selfClosing = text.slice(j, gt).trimEnd().endsWith("/");
          tags.push({ kind: selfClosing ? "self" : "open", name, at, end: gt + 1 });
        }
      }
    }
    at = next;
  }
  return tags;
}

/** For each open tag (by position in `tags`), the index of its matching close tag. */
function pairTags(tags: Tag[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const open = new Map<string, number[]>();
  tags.forEach((tag, i) => {
    if (tag.kind === "open") {
      const stack = open.get(tag.name) ?? [];
      stack.push(i);
      open.set(tag.name, stack);
    } else if (tag.kind === "close") {
      const opener = open.get(tag.name)?.pop();
      if (opener !== undefined) pairs.set(opener, i);
    }
  });
  return pairs;
}

/** Top-level `<key>value</key>` elements of `text`, left to right (raw inner text). */
function topLevelElements(text: string): Array<{ key: string; inner: string }> {
  const tags = scanTags(text);
  const pairs = pairTags(tags);
  const elements: Array<{ key: string; inner: string }> = [];
  let cursor = 0;
  tags.forEach((tag, i) => {
    if (tag.at < cursor || tag.kind !== "open") return;
    const closeIndex = pairs.get(i);
    if (closeIndex === undefined) return;
    const close = tags[closeIndex] as Tag;
    elements.push({ key: tag.name, inner: text.slice(tag.end, close.at) });
    cursor = close.end;
  });
  return elements;
}

function unescapeXml(text: string): string {
  const [lt, gt, amp, quot, apos] = ENTITIES;
  return text
    .replace(lt, "<")
    .replace(gt, ">")
    .replace(amp, "&")
    .replace(quot, '"')
    .replace(apos, "'");
}

const LIST_KEYS = new Set(["actions", "providers", "evaluators"]);

/**
 * The direct children of the first `<response>` block (or, without one, of the first complete
 * element) as an object of strings. `actions`, `providers` and `evaluators` become lists split
 * on commas; `simple` becomes a boolean. Nested elements stay as their raw inner text. Null
 * when nothing was found.
 */
export function parseKeyValueXml<T = Record<string, unknown>>(text: string): T | null {
  if (!text || typeof text !== "string") return null;
  let content: string | undefined;
  const start = text.indexOf("<response>");
  if (start !== -1) {
    const from = start + "<response>".length;
    const end = text.indexOf("</response>", from);
    if (end !== -1) content = text.slice(from, end);
  }
  if (!content) {
    const [first] = topLevelElements(text);
    if (!first) return null;
    content = first.inner;
  }
  const result: Record<string, unknown> = {};
  for (const { key, inner } of topLevelElements(content)) {
    const value = unescapeXml(inner).trim();
    if (LIST_KEYS.has(key)) result[key] = value ? value.split(",").map((s) => s.trim()) : [];
    else if (key === "simple") result[key] = value.toLowerCase() === "true";
    else result[key] = value;
  }
  return Object.keys(result).length > 0 ? (result as T) : null;
}

/** The text inside the first ```json fence, if there is a closed one. */
function jsonFence(text: string): string | undefined {
  const open = text.indexOf("```json\n");
  if (open === -1) return undefined;
  const from = open + "```json\n".length;
  const close = text.indexOf("\n```", from);
  return close === -1 ? undefined : text.slice(from, close);
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * A JSON object from model output: the body of a ```json fence if there is one, else the
 * whole text. Valid JSON keeps its types (elizaOS would turn `{"a": 1}` into `{a: "1"}`, and
 * give null for nested objects in a fence); JSON-like text with single-quoted or bare values
 * is repaired by normalizeJsonString first. Arrays, scalars and garbage give null.
 */
export function parseJSONObjectFromText(text: string): Record<string, unknown> | null {
  if (typeof text !== "string") return null;
  const source = (jsonFence(text) ?? text).trim();
  try {
    return asObject(JSON.parse(source));
  } catch {
    try {
      return asObject(JSON.parse(normalizeJsonString(source)));
    } catch {
      return null;
    }
  }
}

/**
 * elizaOS 1.7.2's parseJSONObjectFromText, for the compat entry: the text goes through
 * normalizeJsonString first, so a flat object's bare values, numbers and booleans included,
 * come back as strings (`{"age": 30}` gives `{ age: "30" }`), as plugins written against
 * elizaOS expect. Where that normalizing breaks valid JSON (a nested object, for which elizaOS
 * answers null) the JSON is read as it is. eliza-edge's own parseJSONObjectFromText above reads
 * valid JSON as JSON and repairs only what is not.
 */
export function parseJSONObjectLikeElizaOS(text: string): Record<string, unknown> | null {
  if (typeof text !== "string") return null;
  const source = (jsonFence(text) ?? text).trim();
  try {
    return asObject(JSON.parse(normalizeJsonString(source)));
  } catch {
    try {
      return asObject(JSON.parse(source));
    } catch {
      return null;
    }
  }
}

const KEY_CHAR = /[\w-]/;

/**
 * Repairs JSON-like text as elizaOS does: trims the space inside the outer braces, quotes
 * `"key": bare value` and turns `"key": 'value'` into `"key": "value"`. Values already quoted,
 * arrays and objects are left alone. One pass, linear in the input.
 */
export function normalizeJsonString(input: string): string {
  let str = input.trim();
  if (str.startsWith("{")) str = `{${str.slice(1).trimStart()}`;
  if (str.endsWith("}")) str = `${str.slice(0, -1).trimEnd()}}`;
  let out = "";
  let i = 0;
  while (i < str.length) {
    const ch = str[i] as string;
    if (ch !== '"') {
      out += ch;
      i++;
      continue;
    }
    // A quoted string: copy it whole; if it is a `"key":`, look at the value after it.
    let j = i + 1;
    while (j < str.length && str[j] !== '"') j += str[j] === "\\" ? 2 : 1;
    const quoted = str.slice(i, j + 1);
    out += quoted;
    i = j + 1;
    const key = quoted.slice(1, -1);
    if (!key || ![...key].every((c) => KEY_CHAR.test(c))) continue;
    let k = i;
    while (k < str.length && WHITESPACE.test(str[k] as string)) k++;
    if (str[k] !== ":") continue;
    k++;
    while (k < str.length && WHITESPACE.test(str[k] as string)) k++;
    const first = str[k];
    if (first === undefined || first === '"' || first === "[" || first === "{") continue;
    if (first === "'") {
      const end = str.indexOf("'", k + 1);
      if (end === -1) continue;
      out += `: "${str.slice(k + 1, end)}"`;
      i = end + 1;
      continue;
    }
    // A bare value runs to `,` + optional space + `"`, or to a `}` that ends the text.
    let end = k;
    while (end < str.length) {
      if (str[end] === "}" && end === str.length - 1) break;
      if (str[end] === ",") {
        let s = end + 1;
        while (s < str.length && WHITESPACE.test(str[s] as string)) s++;
        if (str[s] === '"') break;
      }
      end++;
    }
    out += `: "${str.slice(k, end).trim()}"`;
    i = end;
  }
  return out;
}

const AFFIRMATIVE = new Set(["YES", "Y", "TRUE", "T", "1", "ON", "ENABLE"]);

/** "yes", "true", "on", "1" ... → true; anything else (unrecognised included) → false. */
export function parseBooleanFromText(value: string | boolean | undefined | null): boolean {
  if (!value) return false;
  if (typeof value === "boolean") return value;
  return AFFIRMATIVE.has(String(value).trim().toUpperCase());
}

/** A JSON.stringify replacer that writes "[Circular]" for an object seen before. */
export function safeReplacer(): (key: string, value: unknown) => unknown {
  const seen = new WeakSet<object>();
  return (_key, value) => {
    if (typeof value === "object" && value !== null) {
      if (seen.has(value)) return "[Circular]";
      seen.add(value);
    }
    return value;
  };
}

/** Every regex this module applies to model output, for the ReDoS check in the tests. */
export const PARSER_PATTERNS: readonly RegExp[] = [
  TAG_NAME_CHAR,
  ATTRIBUTE_START,
  WHITESPACE,
  KEY_CHAR,
  ...ENTITIES,
];
