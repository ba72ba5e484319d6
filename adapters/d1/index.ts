import type { D1Database } from "@cloudflare/workers-types";
import { D1Storage, type D1StorageOptions } from "./storage.ts";

export { MAX_ROW_BYTES } from "./limits.ts";
export { D1Storage, type D1StorageOptions } from "./storage.ts";
export { SEARCH_CANDIDATES, VECTORIZE_METADATA, type VectorizeBinding } from "./vectorize.ts";

/** The storage contract over the Worker's D1 binding (`env.DB`), migrations already applied. */
export function createD1Storage(db: D1Database, options: D1StorageOptions = {}): D1Storage {
  return new D1Storage(db, options);
}
