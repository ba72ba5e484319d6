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
import type { D1Database } from "@cloudflare/workers-types";
import { createD1Storage } from "../../adapters/d1/index.ts";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { warmUpTurn } from "../../core/http/index.ts";
import { createAgent, randomUuid, type StorageAdapter, silentLogger } from "../../core/index.ts";
import { withIdsWhereRandomRefused } from "../../core/kernel/index.ts";

export interface WarmUpOptions {
  /**
   * The deployment stores in D1: each storage call of the turn is also made on the D1 storage
   * over a stand-in binding that answers nothing, so the SQL building is compiled too. Only
   * then: the extra work's garbage costs a Worker on another store more than it saves.
   */
  d1?: boolean;
}

/** True when the turn answered; never throws (a Worker that cannot warm up still serves). */
export async function warmUp(options: WarmUpOptions = {}): Promise<boolean> {
  try {
    return await withIdsWhereRandomRefused(async () => {
      const memory = createMemoryStorage({ generateId: randomUuid });
      const agent = await createAgent({
        character: { name: "Warm-up" },
        storage: options.d1 ? alsoOn(createD1Storage(silentD1), memory) : memory,
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

/** `storage`, whose every call is first made on `twin` too, its answer and error ignored. */
function alsoOn(twin: StorageAdapter, storage: StorageAdapter): StorageAdapter {
  return new Proxy(storage, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      const shadow: unknown = Reflect.get(twin, key);
      if (typeof value !== "function" || typeof shadow !== "function") return value;
      return (...args: unknown[]) => {
        try {
          const made: unknown = shadow.apply(twin, args);
          if (made instanceof Promise) made.catch(() => {});
        } catch {}
        return value.apply(target, args);
      };
    },
  });
}

// A D1 binding with no database behind it: every statement succeeds and returns no rows.
const noRows = { results: [], success: true, meta: { changes: 0, last_row_id: 0, rows_read: 0 } };
const statement = {
  bind: () => statement,
  all: async () => noRows,
  raw: async () => [],
  first: async () => null,
  run: async () => noRows,
};
const silentD1 = {
  prepare: () => statement,
  batch: async (statements: unknown[]) => statements.map(() => noRows),
  exec: async () => ({ count: 0, duration: 0 }),
} as unknown as D1Database;
