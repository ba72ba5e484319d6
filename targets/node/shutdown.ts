// A stop with a deadline. The server stops accepting connections and closes its idle ones at
// once; a request that arrives on a kept-alive connection meanwhile gets 503 + Retry-After and
// `Connection: close`, so a client or balancer takes it elsewhere; answers in flight go out with
// `Connection: close`. The work in flight (turns, webhook turns in the background) may finish
// until the deadline; then every connection still open is closed, a stalled half-sent request's
// too. Nothing acknowledged is lost: a webhook message is in the durable inbox until answered,
// and an API client that loses its answer retries with its Idempotency-Key.
import type { Server } from "node:http";
import { errorBody } from "../../core/index.ts";

export interface Drain {
  /** True once a stop began. */
  readonly stopping: boolean;
  /** Wraps the app's fetch: refuses new requests while stopping, marks answers to close. */
  fetch<A extends unknown[]>(
    inner: (request: Request, ...rest: A) => Response | Promise<Response>,
  ): (request: Request, ...rest: A) => Promise<Response>;
  /**
   * Stops accepting, waits for `work` (the requests in flight and the background turns) up to
   * `deadlineMs`, then closes every connection left. Resolves whether the work ended or not.
   */
  stop(server: Server, work: () => Promise<void>, deadlineMs: number): Promise<"drained" | "cut">;
}

export function drain(): Drain {
  let stopping = false;
  let inFlight = 0;
  let settled: (() => void) | undefined;
  const quiet = () =>
    inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => (settled = r));
  return {
    get stopping() {
      return stopping;
    },
    fetch(inner) {
      return async (request, ...rest) => {
        if (stopping) {
          return Response.json(
            errorBody("shutting_down", "The server is stopping; retry (another instance answers)"),
            { status: 503, headers: { "retry-after": "1", connection: "close" } },
          );
        }
        inFlight++;
        try {
          const response = await inner(request, ...rest);
          if (stopping) markClose(response);
          return response;
        } finally {
          inFlight--;
          if (inFlight === 0) settled?.();
        }
      };
    },
    async stop(server, work, deadlineMs) {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<"cut">((resolve) => {
        timer = setTimeout(() => resolve("cut"), deadlineMs);
      });
      const finished = (async () => {
        await quiet();
        await work();
        return "drained" as const;
      })();
      const outcome = await Promise.race([finished, deadline]);
      clearTimeout(timer);
      // Whatever is still open (a stalled upload, a turn past the deadline) is cut now.
      server.closeAllConnections();
      await closed;
      return outcome;
    },
  };
}

function markClose(response: Response): void {
  try {
    response.headers.set("connection", "close");
  } catch {
    // Immutable headers (a proxied answer): the idle close after it ends the connection.
  }
}
