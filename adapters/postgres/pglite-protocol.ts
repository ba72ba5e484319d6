// The messages between the Node server's thread and the worker thread that runs PGlite
// (pglite-worker.mjs runs the worker's side, pglite-thread.ts the server's). Each request
// carries an id its reply repeats; the worker answers requests one at a time, in order.

/** One statement: `all` answers rows as arrays (drizzle maps them), `execute` PGlite's result. */
export interface WireQuery {
  sql: string;
  params: unknown[];
  method: "all" | "execute";
}

export type ToWorker =
  /** Statements run in order; in one transaction when `transaction` (all or none). */
  | { id: number; kind: "batch"; queries: WireQuery[]; transaction: boolean }
  /** Several statements in one string, nothing read back (the search settings). */
  | { id: number; kind: "exec"; sql: string }
  | { id: number; kind: "close" };

/** A database error as plain data: its message and PGlite's fields (code, detail, ...). */
export interface WireError {
  message: string;
  fields: Record<string, string>;
}

export type FromWorker =
  | { kind: "ready" }
  | { kind: "failed"; error: WireError }
  | { id: number; ok: true; results: unknown[] }
  /** `index`: the statement that failed, in a batch. */
  | { id: number; ok: false; error: WireError; index?: number };

/** What the worker is started with (workerData). */
export interface WorkerInit {
  dataDir?: string;
  /** A data directory tarball (PGlite's dumpDataDir) to start a new dataDir from. */
  seed?: ArrayBuffer;
}
