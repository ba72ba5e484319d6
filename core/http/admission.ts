// Load shedding for message turns on a long-lived server (the Node target). At most
// `maxConcurrent` turns run at once and `maxQueued` more wait for a slot, each no longer than
// `queueTimeoutMs`; anything past that is answered 503 + Retry-After at once, before it has
// stored anything, so a client retries later instead of waiting behind work the server cannot
// do (30 clients on PGlite once meant a p99 of 20 s and requests unanswered after 30 s).
// Serverless platforms scale out instead: they do not use it.
import { ApiError } from "./errors.ts";

export interface TurnLimits {
  /** Turns running at once (MAX_CONCURRENT_TURNS). */
  maxConcurrent: number;
  /** Turns waiting for a slot (MAX_QUEUED_TURNS); more are refused at once. */
  maxQueued: number;
  /** Longest wait in the queue (TURN_QUEUE_TIMEOUT_MS); then the turn is refused. */
  queueTimeoutMs: number;
  /**
   * True while the process is too busy to take more (the Node target: its event loop lags).
   * A CPU-bound server reads requests late, so few ever reach the queue; this sheds them
   * when they do. Asked only while another turn runs, so a lone request is never refused.
   */
  busy?: () => boolean;
}

export interface Admission {
  /** Waits for a slot (or refuses with a 503 ApiError); call the returned function to free it. */
  acquire(): Promise<() => void>;
  /** Turns running and waiting now. */
  readonly load: { running: number; queued: number };
}

const OVERLOADED = "The agent is busy with other messages; retry shortly";

export function createAdmission(limits: TurnLimits): Admission {
  let running = 0;
  const queue: { admit: () => void }[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next.admit();
    else running--;
  };
  const once = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };
  return {
    get load() {
      return { running, queued: queue.length };
    },
    async acquire() {
      if (running > 0 && limits.busy?.()) {
        throw new ApiError(503, "overloaded", OVERLOADED, { retryAfterSeconds: 1 });
      }
      if (running < limits.maxConcurrent) {
        running++;
        // Let the requests already received reach the queue before this turn runs: a turn on
        // an in-process database runs mostly without yielding, so otherwise the backlog would
        // wait unread in the sockets, where no limit sees it.
        await new Promise((resolve) => setTimeout(resolve, 0));
        return once();
      }
      if (queue.length >= limits.maxQueued) {
        throw new ApiError(503, "overloaded", OVERLOADED, { retryAfterSeconds: 1 });
      }
      // The slot passes straight from the turn that frees it to the first waiting.
      return new Promise<() => void>((resolve, reject) => {
        const waiter = {
          admit: () => {
            clearTimeout(timer);
            resolve(once());
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(new ApiError(503, "overloaded", OVERLOADED, { retryAfterSeconds: 1 }));
        }, limits.queueTimeoutMs);
        queue.push(waiter);
      });
    },
  };
}
