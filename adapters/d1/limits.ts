// D1's limits (developers.cloudflare.com/d1/platform/limits) that the storage checks itself.

/**
 * The largest memory row written, in bytes of its serialized columns. D1 caps a row, string
 * or BLOB at 1,000,000 bytes (one docs revision said 2 MB; we budget for 1 MB); 10% headroom
 * covers SQLite's record header and per-column overhead, so an accepted row is never refused
 * by D1 itself.
 */
export const MAX_ROW_BYTES = 900_000;
