// Text reaches storage and models only as well-formed UTF-16. A lone surrogate ("\ud800", a
// half of an emoji cut by a client or sent on purpose) has no UTF-8 form: Postgres jsonb
// refuses it (SQLSTATE 22P02), SQLite and DynamoDB would store a replacement or refuse, and
// JSON.stringify hides it as "\ud800" so it comes back broken. Every lone surrogate becomes
// U+FFFD, the replacement character, which is what a UTF-8 decoder shows for it anyway.

interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** The text with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed). */
export function wellFormed(text: string): string {
  const s = text as unknown as WellFormedString;
  return s.isWellFormed() ? text : s.toWellFormed();
}

/**
 * Deep copy-on-change of a JSON-shaped value: every string, object keys included, made well
 * formed. Returns the value itself when nothing needed a change, so the common case costs a
 * walk and no allocation. Non-plain objects (Uint8Array, Date) are left as they are.
 */
export function wellFormedDeep<T>(value: T): T {
  return normalise(value, 0) as T;
}

/** Deeper than any content or metadata; a hostile nesting beyond it is left to JSON's own limit. */
const MAX_DEPTH = 64;

function normalise(value: unknown, depth: number): unknown {
  if (typeof value === "string") return wellFormed(value);
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = normalise(value[i], depth + 1);
      if (item !== value[i]) {
        out ??= value.slice();
        out[i] = item;
      }
    }
    return out ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const entries = Object.entries(value);
  for (let i = 0; i < entries.length; i++) {
    const [key, item] = entries[i]!;
    const k = wellFormed(key);
    const v = normalise(item, depth + 1);
    if (k === key && v === item) continue;
    // Each value is normalised once: normalising the changed one again (as this did) doubled
    // the work per level, so a value nested 40 deep around one lone surrogate never returned.
    const out: Record<string, unknown> = {};
    for (let j = 0; j < i; j++) out[entries[j]![0]] = entries[j]![1];
    out[k] = v;
    for (let j = i + 1; j < entries.length; j++) {
      const [rest, restItem] = entries[j]!;
      out[wellFormed(rest)] = normalise(restItem, depth + 1);
    }
    return out;
  }
  return value;
}
