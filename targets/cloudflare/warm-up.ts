// V8 compiles a function the first time it runs, so a fresh isolate's first message used to pay
// for compiling the whole turn (the body schema, the pipeline, the templates, the offline
// model, the storage calls): CPU against the free plan's 10 ms per request. Startup has its own,
// larger limit (1 s), so the Worker runs one throwaway turn there (core/http/turn/warm-up.ts)
// and the first request finds that code compiled.
//
// The turn is private: its own agent on memory storage, the built-in plugins and the offline
// model only (a deployment's plugins and model providers may do I/O, which the global scope
// forbids), no log line (the global scope belongs to no request), nothing kept afterwards. It
// runs on microtasks alone: workerd refuses timers and random values in the global scope, so
// its ids are counted and its run has no timeout.
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { warmUpTurn } from "../../core/http/index.ts";
import { createAgent, randomUuid, silentLogger } from "../../core/index.ts";
import { withIdsWhereRandomRefused } from "../../core/kernel/index.ts";

/** True when the turn answered; never throws (a Worker that cannot warm up still serves). */
export async function warmUp(): Promise<boolean> {
  try {
    return await withIdsWhereRandomRefused(async () => {
      const agent = await createAgent({
        character: { name: "Warm-up" },
        storage: createMemoryStorage({ generateId: randomUuid }),
        env: { RUN_TIMEOUT_MS: "Infinity" },
        models: [],
        logger: silentLogger,
        serverless: true,
      });
      return await warmUpTurn(agent);
    });
  } catch {
    return false;
  }
}

/** Workers only: elsewhere (Node, tests) nothing is compiled lazily at a request's expense. */
export function inWorkersRuntime(): boolean {
  return globalThis.navigator?.userAgent === "Cloudflare-Workers";
}
