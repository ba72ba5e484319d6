// Runs a Worker's Cron Trigger handler from Node with one asynchronous request to Miniflare's
// `/cdn-cgi/handler/scheduled` (needs the shared option `unsafeTriggerHandlers: true`). In
// workerd it calls the same `Fetcher#scheduled()` that `(await mf.getWorker()).scheduled()`
// calls, and answers once the handler's waitUntil work is done, but it skips Miniflare's
// synchronous Node-side proxy, which can desynchronise under load (see miniflare-d1.ts).
import type { Miniflare } from "miniflare";

/** `origin`: a URL whose host routes to the Worker (any host reaches the first Worker). */
export async function triggerScheduled(
  mf: Miniflare,
  origin: string,
  event: { cron: string; scheduledTime: Date },
): Promise<{ outcome: string }> {
  const url = new URL("/cdn-cgi/handler/scheduled", origin);
  url.searchParams.set("cron", event.cron);
  url.searchParams.set("time", String(event.scheduledTime.getTime()));
  const response = await mf.dispatchFetch(url.toString());
  return { outcome: await response.text() };
}
