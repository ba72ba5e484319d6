// Plugin routes through the Worker target's fetch (createWorker, as a user's entry builds it)
// over a real D1 in workerd, with the Worker's env object as the only settings: the token is
// an env secret, and a plugin's init config comes from env vars, not process.env.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Plugin } from "../../core/index.ts";
import { createWorker } from "../../targets/cloudflare/index.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";
import { notesPlugin } from "./route-fixture.ts";

const TOKEN = "worker-route-token-0123456789";
let d1: MiniflareD1;
beforeAll(async () => {
  d1 = await startMiniflareD1();
});
afterAll(async () => {
  await d1?.dispose();
});

describe("plugin routes through the Worker", () => {
  it("serves them behind the env's API_TOKEN, with init config from the env object", async () => {
    const configs: Record<string, string>[] = [];
    const configured: Plugin = {
      name: "configured",
      config: { EDGE_WORKER_SETTING: "default" },
      init: async (config) => void configs.push({ ...config }),
      routes: [
        {
          type: "GET",
          path: "/api/configured",
          handler: async (_req, res, runtime) => {
            res.json({ setting: runtime.getSetting("EDGE_WORKER_SETTING") });
          },
        },
      ],
    };
    const worker = createWorker({ plugins: [notesPlugin, configured] });
    const env = { DB: d1.db, API_TOKEN: TOKEN, EDGE_WORKER_SETTING: "from-worker-var" };
    const ctx = { waitUntil: () => {} };
    const call = (path: string, init: RequestInit = {}) =>
      worker.fetch(new Request(`https://agent.example${path}`, init), env, ctx);

    expect((await call("/api/notes/1")).status).toBe(401);
    const got = await call("/api/notes/1?x=y", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ params: { noteId: "1" }, query: { x: "y" } });
    const setting = await call("/api/configured", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(await setting.json()).toEqual({ setting: "from-worker-var" });
    expect(configs).toEqual([{ EDGE_WORKER_SETTING: "from-worker-var" }]);
    expect(process.env.EDGE_WORKER_SETTING).toBeUndefined();
  });
});

describe("a bad plugin route in a Worker", () => {
  it("fails createWorker itself (the Worker's startup), not each request", () => {
    const frontend: Plugin = {
      name: "frontend",
      routes: [{ type: "STATIC", path: "/ui", filePath: "./dist" }],
    };
    expect(() => createWorker({ plugins: [frontend] })).toThrow(
      'plugin "frontend" route STATIC /ui: STATIC routes serve files from disk',
    );
  });
});
