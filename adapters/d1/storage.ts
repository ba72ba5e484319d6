// The storage contract over a Worker's D1 binding: the shared SQL storage with D1's driver and
// SQLite's dialect. The schema belongs to migrations/ (`wrangler d1 migrations apply`).
import type { D1Database } from "@cloudflare/workers-types";
import type { SqlStorageOptions } from "../sql/base.ts";
import { SqlStorage } from "../sql/storage.ts";
import { sqliteDialect } from "./dialect.ts";
import { d1Driver } from "./driver.ts";
import { type VectorizeBinding, vectorizeIndex } from "./search.ts";

export interface D1StorageOptions extends Omit<SqlStorageOptions, "vectorIndex"> {
  /**
   * A Vectorize index (cosine metric, EMBEDDING_DIMENSION wide). When given, embeddings are
   * upserted there and searchMemories queries it instead of scanning the newest
   * SEARCH_CANDIDATES rows; D1 stays the source of truth for what is returned.
   */
  vectorize?: VectorizeBinding;
}

export class D1Storage extends SqlStorage {
  constructor(d1: D1Database, { vectorize, ...options }: D1StorageOptions = {}) {
    super(d1Driver(d1), sqliteDialect, {
      ...options,
      vectorIndex: vectorize && vectorizeIndex(vectorize),
    });
  }
}
