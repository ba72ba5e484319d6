// PostgreSQL cannot store U+0000 in `text` ("invalid byte sequence for encoding UTF8: 0x00")
// nor in `jsonb` ("unsupported Unicode escape sequence"), yet the storage contract must give
// back every string exactly as written. So strings are escaped on the way in and unescaped on
// the way out, with a private-use character as the escape: U+E000 "0" stands for NUL and
// U+E000 U+E000 for U+E000 itself. Strings holding neither (nearly all) are stored unchanged,
// so equality lookups, indexes and psql output keep working; lookups escape their argument too.
// Lone surrogates, which jsonb refuses (22P02) and UTF-8 cannot carry, become U+FFFD here too
// (core/kernel/validation/well-formed.ts), so every text and JSON column and every lookup stores well-formed text.
import { wellFormed } from "../../core/kernel/index.ts";

const ESCAPE = "\uE000";
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this file escapes.
const NEEDS_ESCAPE = /[\u0000\uE000]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this file escapes.
const TO_ESCAPE = /[\u0000\uE000]/g;
const ESCAPED = /\uE000([\s\S])/g;

export function escapeNul(raw: string): string {
  const value = wellFormed(raw);
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(TO_ESCAPE, (char) => (char === "\u0000" ? `${ESCAPE}0` : ESCAPE + ESCAPE));
}

export function unescapeNul(value: string): string {
  if (!value.includes(ESCAPE)) return value;
  return value.replace(ESCAPED, (_, char: string) => (char === "0" ? "\u0000" : char));
}

/** Escapes every string, object key included, in a JSON-shaped value. */
export function escapeJson(value: unknown): unknown {
  return mapStrings(value, escapeNul);
}

export function unescapeJson(value: unknown): unknown {
  return mapStrings(value, unescapeNul);
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value === null || typeof value !== "object") return value;
  // Dates and other objects with toJSON serialise as JSON.stringify would.
  const toJson = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJson === "function") return mapStrings(toJson.call(value), map);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[map(key)] = mapStrings(item, map);
  return out;
}
