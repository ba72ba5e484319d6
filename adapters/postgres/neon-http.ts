// Neon over HTTP (`neon()`): one fetch per query, no connection to keep, so it suits Workers,
// Vercel and Lambda. Atomic units are non-interactive transactions (drizzle's db.batch, sent
// as one request).
import { neon } from "@neondatabase/serverless";
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/neon-http";
import { batchingDriver } from "../sql/driver.ts";
import type { Db, PostgresDriver } from "./driver.ts";
import { searchSettingsSql } from "./hnsw.ts";
import { DEFAULT_QUERY_TIMEOUT_MS, positiveTimeout } from "./pool-guard.ts";
import { PostgresStorage, type PostgresStorageOptions } from "./storage.ts";

export interface NeonHttpTimeouts {
  /**
   * Give up on one HTTP query (or one batch) after this long: the request is aborted and the
   * query fails with StorageError UNAVAILABLE (HTTP 503). DATABASE_QUERY_TIMEOUT_MS; default
   * DEFAULT_QUERY_TIMEOUT_MS, as for the pooled drivers.
   */
  queryTimeoutMs?: number;
}

export interface NeonHttpStorageOptions extends PostgresStorageOptions, NeonHttpTimeouts {
  connectionString: string;
}

/** The reason a Neon HTTP request was aborted: no answer within the query timeout. */
export class NeonHttpTimeoutError extends Error {
  override name = "NeonHttpTimeoutError";
  // A Node-style code, so toStorageError classes it with the other "not there right now"s.
  readonly code = "ETIMEDOUT";
  constructor(readonly timeoutMs: number) {
    super(`Neon HTTP query got no answer within ${timeoutMs} ms (DATABASE_QUERY_TIMEOUT_MS)`);
  }
}

/**
 * fetch options whose `signal` is made fresh each time the driver reads it. The driver
 * spreads fetchOptions into every request it sends, so each query gets its own deadline; a
 * signal made once here would already have fired for every query after the first timeout.
 */
export function perRequestTimeout(timeoutMs: number): { readonly signal: AbortSignal } {
  return {
    get signal() {
      const controller = new AbortController();
      // AbortSignal.timeout keeps no process alive; its abort is re-raised with our reason,
      // so the error names the setting instead of a bare "aborted".
      const deadline = AbortSignal.timeout(timeoutMs);
      deadline.addEventListener(
        "abort",
        () => controller.abort(new NeonHttpTimeoutError(timeoutMs)),
        { once: true },
      );
      return controller.signal;
    },
  };
}

export function neonHttpDriver(
  connectionString: string,
  timeouts: NeonHttpTimeouts = {},
): PostgresDriver {
  const timeoutMs = positiveTimeout(timeouts.queryTimeoutMs, DEFAULT_QUERY_TIMEOUT_MS, "query");
  const client = neon(connectionString, { fetchOptions: perRequestTimeout(timeoutMs) });
  const database = drizzle({ client });
  const db = database as unknown as Db;
  const batch = (items: unknown[]) =>
    database.batch(items as [BatchItem<"pg">]) as Promise<unknown[]>;
  const driver = batchingDriver("neon-http", db, batch, (query) => db.execute(query));
  // Every request is a session of its own: the settings go in the search's own request, as
  // SET LOCAL in its one non-interactive transaction.
  const settings = sql.raw(searchSettingsSql("transaction"));
  return {
    ...driver,
    kind: "neon-http",
    search: async (read) => {
      const [, rows] = await batch([db.execute(settings), read(db)]);
      return rows as Awaited<ReturnType<typeof read>>;
    },
  };
}

export function createNeonHttpStorage(options: NeonHttpStorageOptions): PostgresStorage {
  return new PostgresStorage(neonHttpDriver(options.connectionString, options), options);
}
