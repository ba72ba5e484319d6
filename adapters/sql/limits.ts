// Keeping statements inside an engine's limits: IN lists and multi-row inserts are split under
// the dialect's bound-parameter cap (D1: 100), and a row's stored size is counted before an
// engine that caps rows (D1: 1 MB) refuses it with a less helpful error.

/** Splits `items` into runs of at most `size` (size ≥ 1). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step));
  return out;
}

/** How many rows of `columns` bound values fit in one statement. */
export function rowsPerStatement(columns: number, maxParams: number): number {
  return Math.max(1, Math.floor(maxParams / columns));
}

const encoder = new TextEncoder();

/** The stored size of a row's values: UTF-8 bytes of text, JSON as stored, 8 bytes a number. */
export function rowBytes(values: readonly unknown[]): number {
  let total = 0;
  for (const value of values) {
    if (typeof value === "string") total += utf8Length(value);
    else if (typeof value === "number" || typeof value === "boolean") total += 8;
    else if (value != null) total += utf8Length(JSON.stringify(value));
  }
  return total;
}

function utf8Length(text: string): number {
  // Fast path: ASCII-only text is one byte per code unit; encoding 1 MB to count it costs more.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII range check
  if (/^[\x00-\x7f]*$/.test(text)) return text.length;
  return encoder.encode(text).length;
}
