// createWorker({ env }) (main.ts passes `cloudflare:workers`' env): the app and the agent are
// built at startup, whose CPU counts against the Worker's startup limit rather than a request's,
// with no I/O there (workerd forbids it in the global scope); the first request only starts the
// agent and rebuilds nothing. Without `env` the Worker builds in its first request, as before.
import { fileURLToPath } from "node:url";
import type { Miniflare } from "miniflare";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { characterAgentId, type StorageAdapter } from "../../core/index.ts";
import { createWorker } from "../../targets/cloudflare/index.ts";
import { characterFromEnv } from "../../targets/shared/index.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";
import { startD1Worker } from "../support/miniflare-d1.ts";

const API_TOKEN = "worker-startup-test-token";
const ctx = { waitUntil: () => {} };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let lines: string[] = [];

beforeEach(() => {
  lines = [];
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
  }
});
afterEach(() => vi.restoreAllMocks());

/** A memory storage that counts every call made on it: each one is the agent's storage I/O. */
function countedStorage() {
  const calls: string[] = [];
  const inner = createMemoryStorage({ agentId: characterAgentId(characterFromEnv({})) });
  const storage = new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.push(String(key));
        return value.apply(target, args);
      };
    },
  }) as StorageAdapter;
  return { storage, calls };
}

describe("createWorker with the startup env", () => {
  it("builds the agent at startup without touching storage, and the first request reuses it", async () => {
    const { storage, calls } = countedStorage();
    let built = 0;
    const env = { API_TOKEN };
    const worker = createWorker({
      env,
      storage: () => {
        built++;
        return storage;
      },
    });
    await settle();
    expect(built).toBe(1);
    expect(calls).toEqual([]);
    // A global scope's log lines belong to no request: the startup notices wait for one.
    expect(lines).toEqual([]);

    const health = await worker.fetch(new Request("https://agent.example/health"), env, ctx);
    expect(health.status).toBe(200);
    expect(built).toBe(1);
    // Starting is the agent's row, once.
    expect(calls).toContain("getAgent");
    expect(lines.some((line) => line.includes("offline ELIZA fallback"))).toBe(true);

    const before = calls.length;
    const again = await worker.fetch(new Request("https://agent.example/health"), env, ctx);
    expect(again.status).toBe(200);
    expect(built).toBe(1);
    expect(calls.length).toBe(before);
  });

  it("without it, builds nothing until the first request", async () => {
    let built = 0;
    const env = { API_TOKEN, ALLOW_NO_DATABASE: "true" };
    const worker = createWorker<typeof env>({
      storage: () => {
        built++;
        return countedStorage().storage;
      },
    });
    await settle();
    expect(built).toBe(0);
    expect((await worker.fetch(new Request("https://agent.example/health"), env, ctx)).status).toBe(
      200,
    );
    expect(built).toBe(1);
  });

  it("leaves a startup build that fails to the first request, which reports it as before", async () => {
    const bad = { API_TOKEN, ALLOW_NO_DATABASE: "true", CHARACTER_JSON: "{not json" };
    const early = createWorker({ env: bad });
    const late = createWorker<typeof bad>({});
    await settle();
    const statusOf = async (worker: typeof early) =>
      (await worker.fetch(new Request("https://agent.example/health"), bad, ctx)).status;
    expect(await statusOf(early)).toBe(await statusOf(late));
  });

  it("builds again after a start that failed (a database down), as without it", async () => {
    const { storage } = countedStorage();
    let built = 0;
    let down = true;
    const flaky = new Proxy(storage, {
      get(target, key, receiver) {
        if (key === "getAgent" && down) return () => Promise.reject(new Error("database down"));
        return Reflect.get(target, key, receiver);
      },
    });
    const env = { API_TOKEN };
    const worker = createWorker({
      env,
      storage: () => {
        built++;
        return flaky;
      },
    });
    const health = () => worker.fetch(new Request("https://agent.example/health"), env, ctx);
    expect((await health()).status).toBeGreaterThanOrEqual(500);
    down = false;
    expect((await health()).status).toBe(200);
    expect(built).toBe(2);
  });
});

describe("the startup build in workerd", () => {
  let mf: Miniflare | undefined;
  afterEach(async () => {
    await mf?.dispose();
    mf = undefined;
  });

  it("does nothing workerd forbids in the global scope: the storage is built once, at startup", async () => {
    const entry = fileURLToPath(new URL("../fixtures/worker-startup-env.ts", import.meta.url));
    const bundle = await bundleForWorkers(entry);
    const started = await startD1Worker({
      script: bundle.code,
      compatibilityDate: "2026-04-20",
      bindings: { API_TOKEN, LOG_LEVEL: "warn" },
    });
    mf = started.mf;
    const auth = { headers: { authorization: `Bearer ${API_TOKEN}` } };
    const message = await mf.dispatchFetch("http://worker.test/api/messages", {
      method: "POST",
      headers: { ...auth.headers, "content-type": "application/json" },
      body: JSON.stringify({ text: "Hello there", userId: "u1", roomId: "r1" }),
    });
    expect(message.status).toBe(200);
    const probe = await mf.dispatchFetch("http://worker.test/api/startup-probe", auth);
    // The warm-up turn answered in the global scope, before any request (workerd drains the
    // startup's microtasks first), and left nothing in the deployment's database.
    expect(await probe.json()).toEqual({ storage: 1, atStartup: 1, warmUp: true });
    const agents = await started.db.prepare("SELECT name FROM agents").all<{ name: string }>();
    expect(agents.results.map((row) => row.name)).toEqual(["Eliza"]);
  });
});
