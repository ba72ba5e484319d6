// The Postgres driver over PGlite in a worker thread (pglite-thread.ts): drizzle builds each
// statement and maps its rows here, PGlite executes it there (drizzle-orm/pg-proxy, whose
// callback posts the statement to the worker). An atomic unit is recorded first and sent as
// one message the worker runs inside one transaction, so nothing else reaches PGlite between
// its statements and it costs one hop, not one per statement plus BEGIN and COMMIT; reads
// sent together go as one message too. `db.transaction` (elizaOS plugins' `runtime.db`)
// holds the session: other statements wait until it commits or rolls back. Node only.
import { type SQL, sql as sqlTag } from "drizzle-orm";
import { drizzle, PgProxyTransaction } from "drizzle-orm/pg-proxy";
import type { Db, PostgresDriver, Statement } from "./driver.ts";
import { searchSettingsSql } from "./hnsw.ts";
import type { WireQuery } from "./pglite-protocol.ts";
import { PgliteThread } from "./pglite-thread.ts";
import { DEFAULT_QUERY_TIMEOUT_MS, positiveTimeout } from "./pool-guard.ts";
import { PostgresStorage, type PostgresStorageOptions } from "./storage.ts";

export interface PgliteWorkerStorageOptions extends PostgresStorageOptions {
  /** Where the data lives (PGLITE_DIR); in memory when absent. */
  dataDir?: string;
  /** A data directory tarball to start a new `dataDir` from (pglite.ts's loadDataDir). */
  loadDataDir?: Blob;
  /**
   * A worker with statements waiting that answers none of them for this long is ended and
   * replaced (DATABASE_QUERY_TIMEOUT_MS); default DEFAULT_QUERY_TIMEOUT_MS.
   */
  queryTimeoutMs?: number;
  /** Where a restarted worker is reported; default console.warn. */
  log?: (line: string) => void;
}

type Method = WireQuery["method"];
/**
 * pg-proxy's callback. `rows` is the rows as arrays for `all`; for `execute` it is PGlite's
 * whole result ({rows, affectedRows, fields}), which pg-proxy hands back as is, so
 * `db.execute` answers what it answers on drizzle-orm/pglite.
 */
type Callback = (sql: string, params: unknown[], method: Method) => Promise<{ rows: unknown[] }>;

interface Recorded extends WireQuery {
  resolve(value: { rows: unknown[] }): void;
  reject(error: unknown): void;
}

/** A transaction inside the worker's session whose nested transactions are savepoints. */
class SavepointTransaction extends PgProxyTransaction<never, never> {
  constructor(
    private readonly pgDialect: never,
    private readonly pgSession: never,
    private readonly depth: number,
  ) {
    super(pgDialect, pgSession, undefined as never, depth);
  }

  override async transaction<T>(work: (tx: PgProxyTransaction<never, never>) => Promise<T>) {
    const name = `sp${this.depth + 1}`;
    const tx = new SavepointTransaction(this.pgDialect, this.pgSession, this.depth + 1);
    await tx.execute(sqlTag.raw(`savepoint ${name}`));
    try {
      const result = await work(tx);
      await tx.execute(sqlTag.raw(`release savepoint ${name}`));
      return result;
    } catch (error) {
      await tx.execute(sqlTag.raw(`rollback to savepoint ${name}`));
      throw error;
    }
  }
}

/** Holds the one PGlite session for an interactive transaction; everything else waits. */
class SessionGate {
  private held: Promise<void> | undefined;

  async open(): Promise<void> {
    while (this.held) await this.held;
  }

  async hold<T>(work: () => Promise<T>): Promise<T> {
    await this.open();
    let release = () => {};
    this.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      return await work();
    } finally {
      this.held = undefined;
      release();
    }
  }
}

/** The driver, with the worker thread it talks to (tests end it to play a crash). */
export interface PgliteWorkerDriver extends PostgresDriver {
  readonly thread: PgliteThread;
}

export function pgliteWorkerDriver(thread: PgliteThread): PgliteWorkerDriver {
  const gate = new SessionGate();
  const one = async (query: WireQuery, inTransaction = false) => {
    if (!inTransaction) await gate.open();
    const [result] = await thread.send({ kind: "batch", queries: [query], transaction: false });
    return { rows: result as unknown[] };
  };
  const callback: Callback = (sql, params, method) => one({ sql, params, method });
  const db = drizzle(callback) as unknown as Db;

  /**
   * Runs the statements on a drizzle that records each one's SQL instead of sending it, then
   * sends them all as one batch and hands each statement its result, so drizzle maps the rows.
   */
  const batch = async (statements: Statement[], transaction: boolean): Promise<unknown[]> => {
    if (statements.length === 0) return [];
    const recorded: Recorded[] = [];
    let allRecorded = () => {};
    const ready = new Promise<void>((resolve) => {
      allRecorded = resolve;
    });
    const recorder = drizzle((sql, params, method) => {
      return new Promise((resolve, reject) => {
        recorded.push({ sql, params, method, resolve, reject });
        if (recorded.length === statements.length) allRecorded();
      });
    }) as unknown as Db;
    const results = Promise.all(statements.map((statement) => statement(recorder)));
    // A statement that fails before reaching the database settles `results` first.
    await Promise.race([
      ready,
      results.then(
        () => {},
        () => {},
      ),
    ]);
    if (recorded.length < statements.length) return results;
    await gate.open();
    const queries = recorded.map(({ sql, params, method }) => ({ sql, params, method }));
    try {
      const answers = await thread.send({ kind: "batch", queries, transaction });
      for (const [i, query] of recorded.entries()) query.resolve({ rows: answers[i] as unknown[] });
    } catch (error) {
      // Every statement fails with the batch: in a transaction the others were undone with it,
      // and outside one the caller reads them all or none (readAll is one Promise.all).
      for (const query of recorded) query.reject(error);
    }
    return results;
  };

  // Interactive transactions for code that asks drizzle for one: the gate keeps every other
  // statement out until this one ends. drizzle's proxy driver has none of its own, so this
  // gives what drizzle-orm/pglite gave in the server's thread: the isolation options, and
  // nested transactions as savepoints.
  const transaction = (work: (tx: unknown) => Promise<unknown>, config?: unknown) =>
    gate.hold(async () => {
      const inTx: Callback = (sql, params, method) => one({ sql, params, method }, true);
      const txDb = drizzle(inTx) as unknown as { dialect: unknown; session: unknown };
      const tx = new SavepointTransaction(txDb.dialect as never, txDb.session as never, 0);
      await inTx("begin", [], "execute");
      try {
        if (config) await tx.setTransaction(config as never);
        const result = await work(tx);
        await inTx("commit", [], "execute");
        return result;
      } catch (error) {
        await inTx("rollback", [], "execute").catch(() => {});
        throw error;
      }
    });
  Object.assign(db, { transaction });

  // The search settings are made once per worker: a restarted worker is a new session.
  let searchReadyFor = 0;
  let searchReady: Promise<unknown> | undefined;
  const prepareSearch = async () => {
    if (searchReadyFor !== thread.generation || !searchReady) {
      searchReadyFor = thread.generation;
      searchReady = gate
        .open()
        .then(() => thread.send({ kind: "exec", sql: searchSettingsSql("session") }));
      searchReady.catch(() => {
        searchReady = undefined;
      });
    }
    await searchReady;
  };

  return {
    kind: "pglite",
    thread,
    db,
    atomic: (statements) => batch(statements, true),
    readAll: (statements) => batch(statements, false),
    execute: (query: SQL) => db.execute(query),
    search: async (read) => {
      await prepareSearch();
      return read(db);
    },
    close: () => thread.close(),
  };
}

/**
 * PGlite with pgvector in a worker thread, for a server: SQL runs beside the server's own
 * thread instead of on it. The same storage as createPgliteStorage otherwise; run `init()`.
 */
export async function createPgliteWorkerStorage(
  options: PgliteWorkerStorageOptions = {},
): Promise<PostgresStorage> {
  const stallMs = positiveTimeout(options.queryTimeoutMs, DEFAULT_QUERY_TIMEOUT_MS, "query");
  const thread = await PgliteThread.start({
    dataDir: options.dataDir,
    seed: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
    stallMs,
    log: options.log,
  });
  return new PostgresStorage(pgliteWorkerDriver(thread), options);
}
