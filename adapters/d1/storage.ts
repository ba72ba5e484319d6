// The storage contract over a Worker's D1 binding: the shared SQL storage with D1's driver and
// SQLite's dialect. The schema belongs to migrations/ (`wrangler d1 migrations apply`).
import type { D1Database } from "@cloudflare/workers-types";
import type { StorageAdapter } from "../../core/kernel/index.ts";
import type { SqlStorageOptions } from "../sql/options.ts";
import { SqlStorage } from "../sql/storage.ts";
import { sqliteDialect } from "./dialect.ts";
import { d1Driver } from "./driver.ts";
import { type VectorizeBinding, vectorizeIndex } from "./vectorize.ts";

export interface D1StorageOptions extends Omit<SqlStorageOptions, "vectorIndex"> {
  /**
   * A Vectorize index (cosine metric, EMBEDDING_DIMENSION wide). When given, embeddings are
   * upserted there and searchMemories queries it instead of scanning the newest
   * SEARCH_CANDIDATES rows; D1 stays the source of truth for what is returned.
   */
  vectorize?: VectorizeBinding;
}

/**
 * Declared as the contract alone: the shared SQL layer's own members carry drizzle's types,
 * whose declarations do not type-check (skipLibCheck: false) without every dialect's driver
 * installed, and a Worker's program should not need them.
 */
export type D1Storage = StorageAdapter;

export const D1Storage: new (d1: D1Database, options?: D1StorageOptions) => D1Storage =
  class extends SqlStorage {
    constructor(d1: D1Database, { vectorize, ...options }: D1StorageOptions = {}) {
      super(d1Driver(d1), sqliteDialect, {
        ...options,
        vectorIndex: vectorize && vectorizeIndex(vectorize),
      });
    }
  };
