// A bounded queue in front of a fixed set of workers (embedding contexts). Work beyond the
// workers waits in line; beyond `maxWaiting` it is refused at once, so a flood of requests
// turns into quick 503s instead of unbounded memory and latency.

/** @template W */
export class WorkQueue {
  /** @type {W[]} */
  #free;
  /** @type {((worker: W) => void)[]} */
  #waiting = [];
  #maxWaiting;
  /** Tasks accepted and not yet finished: running plus waiting. */
  #accepted = 0;
  /** @type {(() => void)[]} */
  #idleWaiters = [];

  /**
   * @param {W[]} workers
   * @param {number} maxWaiting
   */
  constructor(workers, maxWaiting) {
    this.#free = [...workers];
    this.#maxWaiting = maxWaiting;
  }

  get running() {
    return this.#accepted - this.#waiting.length;
  }

  get waiting() {
    return this.#waiting.length;
  }

  get maxWaiting() {
    return this.#maxWaiting;
  }

  /**
   * Runs `task` on a free worker, now or when one frees up. Returns undefined, without
   * running anything, when the line is full.
   * @template T
   * @param {(worker: W) => Promise<T>} task
   * @returns {Promise<T> | undefined}
   */
  tryRun(task) {
    if (this.#free.length === 0 && this.#waiting.length >= this.#maxWaiting) return undefined;
    this.#accepted++;
    return new Promise((resolve, reject) => {
      /** @param {W} worker */
      const start = (worker) => {
        Promise.resolve()
          .then(() => task(worker))
          .then(resolve, reject)
          .finally(() => this.#release(worker));
      };
      const worker = this.#free.pop();
      if (worker !== undefined) start(worker);
      else this.#waiting.push(start);
    });
  }

  /** Resolves once nothing is running or waiting. */
  idle() {
    if (this.#accepted === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(() => resolve(undefined)));
  }

  /** @param {W} worker */
  #release(worker) {
    this.#accepted--;
    const next = this.#waiting.shift();
    if (next) next(worker);
    else this.#free.push(worker);
    if (this.#accepted === 0) for (const wake of this.#idleWaiters.splice(0)) wake();
  }
}
