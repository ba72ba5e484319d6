// PGlite in a worker thread, seen from the server's thread: starts pglite-worker.mjs, sends it
// requests (pglite-protocol.ts) and matches the replies. A worker that dies, or answers
// nothing for `stallMs` while requests wait, is ended: every request waiting on it, and every
// request until a new worker is ready, fails at once with an error the Postgres error mapping
// reads as UNAVAILABLE (HTTP 503 with Retry-After), and a new worker opens the same directory
// (after 0.5 s, doubling up to 30 s while starts fail); PGlite's own recovery replays its
// write-ahead log there, as after a crash. An in-memory database is not restarted: it died
// with its worker. Node only.
import { Worker } from "node:worker_threads";
import type { FromWorker, ToWorker, WireError, WorkerInit } from "./pglite-protocol.ts";

type Request = ToWorker extends infer M
  ? M extends { id: number }
    ? Omit<M, "id">
    : never
  : never;

/** The worker is gone or stalled: `code` makes the error mapping call it UNAVAILABLE. */
export class PgliteWorkerError extends Error {
  override name = "PgliteWorkerError";
  constructor(
    message: string,
    readonly code: "ECONNRESET" | "ETIMEDOUT",
  ) {
    super(message);
  }
}

/** A statement's error from the worker, with PGlite's fields (code, detail, constraint, ...). */
export class PgliteQueryError extends Error {
  override name = "DatabaseError";
  readonly index: number | undefined;
  constructor(wire: WireError, index?: number) {
    super(wire.message);
    Object.assign(this, wire.fields);
    this.index = index;
  }
}

export interface PgliteThreadOptions extends WorkerInit {
  /** A worker with requests waiting that answers none of them for this long is stalled. */
  stallMs: number;
  /** Where restarts are reported; default console.warn. */
  log?: (line: string) => void;
}

interface Pending {
  resolve(results: unknown[]): void;
  reject(error: Error): void;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/** The worker script: beside this file in the sources, and beside the built code in dist/. */
const WORKER_SCRIPT = new URL("./pglite-worker.mjs", import.meta.url);

export class PgliteThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private state: "starting" | "ready" | "restarting" | "closed" = "starting";
  /** Bumped at every new worker: the search settings are made once per worker (session). */
  generation = 0;
  private ready: Promise<void>;
  private stallTimer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly seed: ArrayBuffer | undefined;

  private constructor(private readonly options: PgliteThreadOptions) {
    this.seed = options.seed;
    this.ready = this.spawn();
  }

  /** Starts the worker and waits until PGlite is open; a worker that cannot open throws. */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    await thread.ready;
    return thread;
  }

  /** The running worker (tests end it to play a crash). */
  get current(): Worker | undefined {
    return this.worker;
  }

  send(request: Request): Promise<unknown[]> {
    if (this.state === "closed") {
      return Promise.reject(new PgliteWorkerError("PGlite is closed", "ECONNRESET"));
    }
    if (this.state === "restarting") {
      return Promise.reject(
        new PgliteWorkerError("PGlite's worker is restarting; retry shortly", "ECONNRESET"),
      );
    }
    const worker = this.worker;
    if (!worker) return Promise.reject(new PgliteWorkerError("no PGlite worker", "ECONNRESET"));
    const id = this.nextId++;
    return new Promise<unknown[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.watch();
      worker.postMessage({ ...request, id } as ToWorker);
    });
  }

  /** Closes PGlite and ends the worker; waits at most `stallMs` for PGlite's own close. */
  async close(): Promise<void> {
    if (this.state === "closed") return;
    const worker = this.worker;
    const closing = this.state === "ready" ? this.send({ kind: "close" }) : undefined;
    this.state = "closed";
    clearTimeout(this.retryTimer);
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    const timer = setTimeout(() => void worker.terminate(), this.options.stallMs);
    await closing?.catch(() => {});
    await exited;
    clearTimeout(timer);
    clearTimeout(this.stallTimer);
    this.worker = undefined;
  }

  private spawn(): Promise<void> {
    const init: WorkerInit = { dataDir: this.options.dataDir };
    // The seed is used by the first start only (later ones find the directory made).
    if (this.seed && this.generation === 0) init.seed = this.seed;
    const worker = new Worker(WORKER_SCRIPT, {
      workerData: init,
      // Not the parent's: a TypeScript loader (tsx) or inspector flag has nothing to do there.
      execArgv: [],
      // The seed goes across once, moved rather than copied.
      ...(init.seed ? { transferList: [init.seed] } : {}),
    });
    this.worker = worker;
    this.generation++;
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      worker.on("message", (message: FromWorker) => {
        if ("id" in message) return this.answer(message);
        if (message.kind === "ready") {
          opened = true;
          this.state = this.state === "closed" ? "closed" : "ready";
          this.retryMs = FIRST_RETRY_MS;
          resolve();
        } else reject(new PgliteQueryError(message.error));
      });
      // An uncaught error ends the worker; 'exit' follows and does the rest.
      worker.on("error", (error) => {
        if (!opened) reject(error);
        else this.log(`PGlite worker failed: ${error.message}`);
      });
      worker.on("exit", (code) => {
        if (this.worker !== worker) return;
        if (!opened) {
          this.worker = undefined;
          reject(new PgliteWorkerError(`PGlite worker exited (${code})`, "ECONNRESET"));
          return;
        }
        this.lost(new PgliteWorkerError(`PGlite worker exited (${code})`, "ECONNRESET"));
      });
    });
  }

  private answer(message: Extract<FromWorker, { id: number }>): void {
    const pending = this.pending.get(message.id);
    this.pending.delete(message.id);
    this.watch(true);
    if (!pending) return;
    if (message.ok) pending.resolve(message.results);
    else pending.reject(new PgliteQueryError(message.error, message.index));
  }

  /** (Re)arms the stall timer while requests wait; `progress`: the worker just answered one. */
  private watch(progress = false): void {
    if (this.pending.size === 0) {
      clearTimeout(this.stallTimer);
      this.stallTimer = undefined;
      return;
    }
    if (this.stallTimer && !progress) return;
    clearTimeout(this.stallTimer);
    this.stallTimer = setTimeout(() => {
      this.stallTimer = undefined;
      const worker = this.worker;
      this.lost(
        new PgliteWorkerError(
          `PGlite gave no answer within ${this.options.stallMs} ms (DATABASE_QUERY_TIMEOUT_MS)`,
          "ETIMEDOUT",
        ),
      );
      void worker?.terminate();
    }, this.options.stallMs);
  }

  /** The worker died or stalled: fail what waits on it, then start another unless closed. */
  private lost(error: PgliteWorkerError): void {
    this.worker = undefined;
    clearTimeout(this.stallTimer);
    this.stallTimer = undefined;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const pending of waiting) pending.reject(error);
    if (this.state === "closed" || this.state === "starting") return;
    if (this.options.dataDir === undefined) {
      // An in-memory database died with its worker: a new one would be empty, schema and all.
      this.log(`${error.message}; its in-memory database is gone`);
      this.state = "closed";
      return;
    }
    this.log(`${error.message}; starting a new one`);
    this.state = "restarting";
    this.restart();
  }

  private restart(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.state === "closed") return;
      this.spawn().catch((error: unknown) => {
        if (this.state === "closed") return;
        this.log(`PGlite worker did not start: ${(error as Error).message}`);
        this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
        this.restart();
      });
    }, this.retryMs);
    this.retryTimer.unref?.();
  }

  private log(line: string): void {
    (this.options.log ?? ((text: string) => console.warn(text)))(`[storage] pglite: ${line}`);
  }
}
