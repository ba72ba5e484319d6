// elizaOS's server health checks: GET a URL until it answers 2xx. They use only fetch and
// timers at call time, so they work anywhere; note that eliza-edge's own app answers on
// /health, not elizaOS's default /api/agents, so pass `endpoint: "/health"` for it.
export interface ServerHealthOptions {
  port: number;
  endpoint?: string;
  maxWaitTime?: number;
  pollInterval?: number;
  requestTimeout?: number;
  host?: string;
  protocol?: "http" | "https";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function urlOf(options: ServerHealthOptions): string {
  const { port, endpoint = "/api/agents", host = "localhost", protocol = "http" } = options;
  return `${protocol}://${host}:${port}${endpoint}`;
}

/** One GET, aborted after `requestTimeout` ms; true when it answered 2xx. Network errors throw. */
export async function pingServer(options: ServerHealthOptions): Promise<boolean> {
  const response = await fetch(urlOf(options), {
    signal: AbortSignal.timeout(options.requestTimeout ?? 2000),
  });
  await response.body?.cancel();
  return response.ok;
}

/**
 * Polls every `pollInterval` ms until a 2xx (then waits a second more, as elizaOS does, for
 * the server to settle), or throws after `maxWaitTime` ms.
 */
export async function waitForServerReady(options: ServerHealthOptions): Promise<void> {
  const { maxWaitTime = 30_000, pollInterval = 1000 } = options;
  const started = Date.now();
  while (Date.now() - started < maxWaitTime) {
    if (await pingServer(options)) {
      await sleep(1000);
      return;
    }
    await sleep(pollInterval);
  }
  throw new Error(`Server failed to become ready at ${urlOf(options)} within ${maxWaitTime}ms`);
}
