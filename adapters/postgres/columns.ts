// Column types that keep the storage contract's values exact across every driver: NUL-safe
// text and JSON (see nul.ts), text arrays built as literals (PGlite, pg and Neon each
// serialise JS arrays differently), epoch-millisecond timestamps, and an untyped pgvector column.
import { customType, makePgArray, parsePgArray } from "drizzle-orm/pg-core";
import { escapeJson, escapeNul, unescapeJson, unescapeNul } from "./nul.ts";

export const safeText = customType<{ data: string; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => escapeNul(value),
  fromDriver: (value) => unescapeNul(value),
});

export const safeJsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(escapeJson(value)),
  // Every driver here (pg, PGlite, Neon) parses jsonb itself, so a string is a JSON string.
  fromDriver: (value) => unescapeJson(value),
});

export const safeTextArray = customType<{ data: string[]; driverData: string }>({
  dataType: () => "text[]",
  toDriver: (value) => makePgArray(value.map(escapeNul)),
  fromDriver: (value) => {
    const items: unknown[] = Array.isArray(value) ? value : parsePgArray(String(value));
    return items.map((item) => unescapeNul(String(item)));
  },
});

/** `timestamptz(3)` seen from code as milliseconds since epoch. */
export const epochMs = customType<{ data: number; driverData: string }>({
  dataType: () => "timestamp (3) with time zone",
  toDriver: (value) => new Date(value).toISOString(),
  fromDriver: (value) => {
    const raw: unknown = value;
    return raw instanceof Date ? raw.getTime() : Date.parse(String(raw));
  },
});

/**
 * pgvector without a fixed width: the width is pinned per adapter (ensureEmbeddingDimension)
 * and checked in code, so changing EMBEDDING_DIMENSION needs no table rewrite; searches
 * compare only rows of the pinned width.
 */
export const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => "vector",
  toDriver: (value) => `[${value.join(",")}]`,
  fromDriver: (value) => {
    const raw: unknown = value;
    if (Array.isArray(raw)) return raw.map(Number);
    return JSON.parse(String(raw)) as number[];
  },
});
