// What keeps a pooled Postgres connection (pg.Pool, Neon's WebSocket Pool) from taking the
// process down or hanging a request when the database goes away:
// - an 'error' listener on the pool and on every client, so a connection the server drops
//   ("Connection terminated unexpectedly") is logged in one line instead of crashing Node;
//   the pool discards it and opens a fresh one on the next query, so service resumes by
//   itself once the database is back;
// - a connect timeout, a client-side query timeout and a server-side statement_timeout, so a
//   hung database fails the request (StorageError UNAVAILABLE, HTTP 503) within a bound.

import type { SqlDb } from "../sql/driver.ts";
import { type PostgresDriver, type PostgresKind, transactionalDriver } from "./driver.ts";
import { searchSettingsSql } from "./hnsw.ts";
import type { PostgresStorageOptions } from "./storage.ts";

/** DATABASE_CONNECT_TIMEOUT_MS default: opening a connection, TCP and startup. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** DATABASE_QUERY_TIMEOUT_MS default: one statement, client and server side. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;

export interface PoolTimeouts {
  /** Give up opening a connection after this long; default DEFAULT_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs?: number;
  /**
   * Give up on one statement after this long: the server cancels it (statement_timeout) and
   * the client stops waiting (query_timeout). Default DEFAULT_QUERY_TIMEOUT_MS.
   */
  queryTimeoutMs?: number;
  /** Where the one-line notice of a dropped connection goes; default console.warn. */
  log?: (line: string) => void;
}

/** The options of a storage over a pool (pg, Neon's WebSocket Pool). */
export interface PooledStorageOptions extends PostgresStorageOptions, PoolTimeouts {
  connectionString: string;
  /** Pool size; default 4. */
  max?: number;
}

/** A driver over a guarded pool: transactions for atomic units, closed by ending the pool. */
export function pooledDriver<P extends { end(): Promise<void> }>(
  kind: PostgresKind,
  pool: P,
  db: (pool: P) => unknown,
  log?: (line: string) => void,
): PostgresDriver {
  guardPool(pool, kind, log);
  return transactionalDriver(kind, db(pool) as SqlDb, () => pool.end());
}

/**
 * Each new connection runs the search settings (hnsw.ts) before the pool hands it out
 * (pg-pool's onConnect, awaited; Neon's Pool is pg-pool too). The statement cannot fail on
 * the settings themselves; a connection that fails here fails the query waiting for it, as
 * any lost connection does.
 */
export const searchSettingsOnConnect = {
  onConnect: (client: { query(text: string): Promise<unknown> }) =>
    client.query(searchSettingsSql("session")),
};

/** The pg / Neon Pool settings for these timeouts. */
export function poolTimeoutConfig(timeouts: PoolTimeouts) {
  const connect = positiveTimeout(timeouts.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS, "connect");
  const query = positiveTimeout(timeouts.queryTimeoutMs, DEFAULT_QUERY_TIMEOUT_MS, "query");
  return {
    connectionTimeoutMillis: connect,
    statement_timeout: query,
    // A little later than the server's own cancel, so a live server answers with its error
    // (57014) and only a silent one trips the client-side timer.
    query_timeout: query + 1_000,
  };
}

interface EventSource {
  on(event: "error", listener: (error: Error) => void): unknown;
}
interface PoolEvents extends EventSource {
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "connect", listener: (client: EventSource) => void): unknown;
}

/** Attaches the error listeners; returns the pool. */
export function guardPool<P>(pool: P, kind: string, log?: (line: string) => void): P {
  const write = log ?? ((line: string) => console.warn(line));
  const events = pool as unknown as PoolEvents;
  // Every client, idle or checked out (a transaction), gets one listener that logs the loss
  // once; the query in flight, if any, fails with the same error and becomes UNAVAILABLE.
  events.on("connect", (client) => {
    client.on("error", (error) => write(`[storage] ${kind}: connection lost: ${error.message}`));
  });
  // pg-pool re-emits an idle client's error here after discarding the client; without a
  // listener that re-emit would crash the process. Already logged above.
  events.on("error", () => {});
  return pool;
}

/** A timeout option: the fallback when unset, else a positive whole number of ms. */
export function positiveTimeout(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0) {
    throw new RangeError(`${name} timeout must be a positive whole number of ms, got ${value}`);
  }
  return value;
}
