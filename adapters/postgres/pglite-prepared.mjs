// Statements PGlite keeps prepared. PGlite's query() makes six calls into Postgres per
// statement (parse, describe, bind, describe, execute, sync), each parsed again, and Postgres
// parses and plans the text every time. Here a statement seen a second time is parsed once
// under a name, with its parameter types read once; every later run is one message (bind,
// describe, execute, sync) in one call. Parameters go through PGlite's own serializers by
// those types and rows through its own parsers, so a result is what query() answers. The
// rest (one-off texts, past MAX_PREPARED) goes through query() as before.
// Plain JavaScript: the worker thread (pglite-worker.mjs) runs it too.
import { parse, protocol } from "@electric-sql/pglite";

/** Named statements one PGlite session keeps at most (each holds a parse tree and a plan). */
const MAX_PREPARED = 256;
/** Texts remembered as seen once, before the memory is cleared (IN lists of every length). */
const MAX_SEEN = 4096;
/** A prepared statement the session no longer has, or whose rows changed shape (an ALTER). */
const STALE = new Set(["26000", "0A000"]);

/**
 * @typedef {import("@electric-sql/pglite").PGlite} PGlite
 * @typedef {import("@electric-sql/pglite").Transaction} Transaction
 * @typedef {import("@electric-sql/pglite").QueryOptions} QueryOptions
 * @typedef {import("@electric-sql/pglite").Results} Results
 * @typedef {{ name: string, types: number[] }} Prepared
 * @typedef {{ prepared: Map<string, Prepared>, seen: Set<string> }} Session
 */

/**
 * Names are numbered across the process, not per cache: two wrappers of one session (a
 * recording proxy and the PGlite it wraps) keep two caches, and must not reuse a name.
 */
let named = 0;

/** One cache per PGlite object. */
/** @type {WeakMap<PGlite, Session>} */
const sessions = new WeakMap();

/**
 * The options parseResults reads, less the parsers (given merged instead, see parsersOf).
 * @param {QueryOptions | undefined} options
 * @returns {QueryOptions | undefined}
 */
function rowsOnly(options) {
  return options?.parsers ? { ...options, parsers: undefined } : options;
}

/** @param {Uint8Array[]} parts */
function concat(parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * `query` and `transaction` as PGlite has them, hot statements prepared: what drizzle-orm/pglite
 * is given as its client, and what the worker thread runs statements with.
 * @param {PGlite} pg
 */
export function preparedClient(pg) {
  let session = sessions.get(pg);
  if (!session) {
    session = { prepared: new Map(), seen: new Set() };
    sessions.set(pg, session);
  }
  const state = session;

  /**
   * PGlite's parsers with the query's own over them. parseResults copies the two into a new
   * object per statement (every type PGlite knows, arrays included: hundreds of keys); a
   * prototype chain gives the same lookups for nine assignments.
   */
  const parsersOf = (/** @type {QueryOptions | undefined} */ options) => {
    const own = options?.parsers;
    if (!own) return pg.parsers;
    return Object.assign(Object.create(pg.parsers), own);
  };

  /** Whether `sql` runs prepared: the second time it is seen, while names are left. */
  const hot = (/** @type {string} */ sql) => {
    if (state.prepared.has(sql)) return true;
    if (state.prepared.size >= MAX_PREPARED) return false;
    if (state.seen.has(sql)) return true;
    if (state.seen.size >= MAX_SEEN) state.seen.clear();
    state.seen.add(sql);
    return false;
  };

  /** Parses `sql` under a new name and reads its parameter types: one call. */
  const define = async (/** @type {string} */ sql) => {
    const name = `eliza_edge_${named++}`;
    const message = concat([
      protocol.serialize.parse({ name, text: sql }),
      protocol.serialize.describe({ type: "S", name }),
      protocol.serialize.sync(),
    ]);
    const { messages } = await pg.execProtocol(message, { syncToFs: false });
    /** @type {Prepared} */
    const prepared = { name, types: parse.parseDescribeStatementResults(messages) };
    state.prepared.set(sql, prepared);
    return prepared;
  };

  /**
   * Binds and runs a prepared statement: one call. The caller holds PGlite's locks.
   * @param {string} sql
   * @param {unknown[]} params
   * @param {QueryOptions | undefined} options
   * @param {boolean} inTransaction
   * @returns {Promise<Results>}
   */
  const runPrepared = async (sql, params, options, inTransaction) => {
    const prepared = state.prepared.get(sql) ?? (await define(sql));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = prepared.types[i] ?? 0;
      const serialize = options?.serializers?.[type] ?? pg.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    const message = concat([
      protocol.serialize.bind({ statement: prepared.name, values }),
      protocol.serialize.describe({ type: "P" }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    try {
      // Outside a transaction the write is made durable as query() makes it, after the run.
      const { messages } = await pg.execProtocol(message, { syncToFs: !inTransaction });
      const [results] = parse.parseResults(messages, parsersOf(options), rowsOnly(options));
      return /** @type {Results} */ (results);
    } catch (error) {
      const code = /** @type {{ code?: unknown }} */ (error)?.code;
      if (typeof code !== "string" || !STALE.has(code)) throw error;
      // Parsed again at its next run. In a transaction the error has aborted it: the caller
      // sees the error and retries as after any failed statement.
      state.prepared.delete(sql);
      await pg.execProtocol(
        concat([
          protocol.serialize.close({ type: "S", name: prepared.name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false, throwOnError: false },
      );
      if (inTransaction) throw error;
      return runPrepared(sql, params, options, inTransaction);
    }
  };

  return {
    /**
     * @template [T=Record<string, unknown>]
     * @param {string} sql
     * @param {unknown[]} [params]
     * @param {QueryOptions} [options]
     * @returns {Promise<import("@electric-sql/pglite").Results<T>>}
     */
    query(sql, params = [], options = undefined) {
      if (!hot(sql)) return pg.query(sql, params, options);
      // The locks query() takes: no transaction open, no statement running.
      return pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(
          async () =>
            /** @type {import("@electric-sql/pglite").Results<T>} */ (
              await runPrepared(sql, params, options, false)
            ),
        ),
      );
    },

    /**
     * PGlite's transaction, its statements prepared as above.
     * @template T
     * @param {(tx: Transaction) => Promise<T>} work
     * @returns {Promise<T>}
     */
    transaction(work) {
      return pg.transaction((tx) => {
        /** @type {Transaction} */
        const prepared = Object.create(tx);
        prepared.query = /** @type {Transaction["query"]} */ (
          (
            /** @type {string} */ sql,
            /** @type {unknown[]} */ params = [],
            /** @type {QueryOptions | undefined} */ options = undefined,
          ) => {
            if (tx.closed) throw new Error("Transaction is closed");
            if (!hot(sql)) return tx.query(sql, params, options);
            return pg._runExclusiveQuery(() => runPrepared(sql, params, options, true));
          }
        );
        return work(prepared);
      });
    },
  };
}
