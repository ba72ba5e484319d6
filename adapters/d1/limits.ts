// D1's hard limits (developers.cloudflare.com/d1/platform/limits) and the guards that keep
// every statement inside them.

/** Bound parameters per statement. Multi-row inserts and IN lists are chunked under it. */
export const D1_MAX_BOUND_PARAMETERS = 100;

/**
 * The largest memory row this adapter writes, in bytes of its serialized columns (UTF-8 text,
 * JSON as stored). D1 caps a row, string or BLOB at 1,000,000 bytes (one docs revision said
 * 2 MB; we budget for 1 MB). 10% headroom covers SQLite's record header and per-column
 * overhead, which we do not count, so an accepted row is never refused by D1 itself.
 */
export const MAX_ROW_BYTES = 900_000;

/** Splits `items` into runs of at most `size` (size ≥ 1). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step));
  return out;
}

/** How many rows of `columns` bound values fit in one statement. */
export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.floor(D1_MAX_BOUND_PARAMETERS / columns));
}

const encoder = new TextEncoder();

/** The stored size of a row's values: UTF-8 bytes of text, 8 bytes per number. */
export function rowBytes(values: readonly unknown[]): number {
  let total = 0;
  for (const value of values) {
    if (typeof value === "string") total += utf8Length(value);
    else if (typeof value === "number" || typeof value === "boolean") total += 8;
  }
  return total;
}

function utf8Length(text: string): number {
  // Fast path: ASCII-only text is one byte per code unit; encoding 1 MB to count it costs more.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII range check
  if (/^[\x00-\x7f]*$/.test(text)) return text.length;
  return encoder.encode(text).length;
}
