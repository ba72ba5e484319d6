// The Vercel function (targets/vercel; api/index.js serves its bundle) called with web
// Requests, as Vercel's Node runtime calls it, on Postgres through the real Neon HTTP driver (a
// local /sql shim in front of PGlite), migrated beforehand as `npm run db:migrate` does.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNeonHttpStorage } from "../../adapters/postgres/neon-http.ts";
import characterJson from "../../character.json" with { type: "json" };
import {
  characterAgentId,
  parseCharacter,
  REMINDER_TASK,
  type StorageAdapter,
  type UUID,
} from "../../core/index.ts";
import { bundleVercel, writeVercelBundle } from "../../targets/vercel/build.ts";
import { createVercelHandler, type VercelHandler } from "../../targets/vercel/index.ts";
import {
  elizaosPackagesIn,
  PLUGIN_BOOTSTRAP_MARKER,
  PLUGIN_STARTER_MARKER,
  REAL_ELIZAOS_CORE_MARKERS,
} from "../support/elizaos-bundle-markers.ts";
import {
  type NeonHttpShim,
  startNeonHttpShim,
  useLocalNeonHttp,
} from "../support/neon-http-shim.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";

const API_TOKEN = "vercel-test-token";
const CRON_SECRET = "cron-secret-0123456789abcdef";
const agentId = characterAgentId(parseCharacter(characterJson));

let server: PgliteServer;
let shim: NeonHttpShim;
let storage: StorageAdapter;
let handler: VercelHandler;
const background: Promise<unknown>[] = [];

beforeAll(async () => {
  server = await startPgliteServer();
  shim = await startNeonHttpShim();
  useLocalNeonHttp(shim);
  // `npm run db:migrate` before the deploy: the function itself never migrates.
  storage = createNeonHttpStorage({ connectionString: server.url, agentId });
  await storage.init();
  handler = createVercelHandler({
    env: { DATABASE_URL: server.url, API_TOKEN, CRON_SECRET, LOG_LEVEL: "silent" },
    waitUntil: (work) => background.push(work),
  });
});

afterAll(async () => {
  await Promise.allSettled(background);
  await shim?.stop();
  await server?.stop();
});

const call = (path: string, init: RequestInit = {}) =>
  handler(new Request(`https://eliza-edge.vercel.app${path}`, init));
const api = (path: string, body?: unknown) =>
  call(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("Vercel function on Neon over HTTP", () => {
  it("answers /health with the neon-http storage", async () => {
    const response = await call("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "ok",
      name: "Eliza",
      storage: "neon-http",
    });
  });

  it("round-trips /api/messages and keeps the conversation in Postgres", async () => {
    const reply = await api("/api/messages", { text: "I need some help", userId: "ada" });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { roomUuid: UUID; replies: { text: string }[] };
    expect(body.replies[0]?.text).toMatch(/help/i);
    const rows = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM memories WHERE room_id = $1",
      [body.roomUuid],
    );
    expect(rows.rows[0]?.n).toBe(2);
    const unknown = await call("/api/nowhere");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("runs /api/cron only with the right CRON_SECRET", async () => {
    const sent = (await (
      await api("/api/messages", { text: "Hello", userId: "grace" })
    ).json()) as {
      roomUuid: UUID;
    };
    const task = await storage.createTask({
      name: REMINDER_TASK,
      agentId,
      roomId: sent.roomUuid,
      tags: ["queue"],
      metadata: { text: "stretch" },
      dueAt: Date.now() - 1_000,
    });

    const missing = await call("/api/cron", { headers: { "user-agent": "vercel-cron/1.0" } });
    expect(missing.status).toBe(401);
    const wrong = await call("/api/cron", {
      headers: { authorization: "Bearer not-the-secret", "user-agent": "vercel-cron/1.0" },
    });
    expect(wrong.status).toBe(401);
    expect(await storage.getTask(task)).not.toBeNull();

    const right = await call("/api/cron", {
      headers: { authorization: `Bearer ${CRON_SECRET}`, "user-agent": "vercel-cron/1.0" },
    });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ ran: 1, succeeded: 1 });
    expect(await storage.getTask(task)).toBeNull();
  });

  it("api/index.js serves the built bundle's GET and POST, configured from process.env", async () => {
    // What vercel.json's buildCommand produces before Vercel traces api/index.js.
    await writeVercelBundle();
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: server.url, API_TOKEN, LOG_LEVEL: "silent" });
    try {
      // A URL held in a variable: the wrapper is plain JavaScript with no type declarations.
      const wrapper = new URL("../../api/index.js", import.meta.url).href;
      const fn = (await import(wrapper)) as Record<string, VercelHandler>;
      expect(Object.keys(fn).sort()).toEqual(["DELETE", "GET", "OPTIONS", "PATCH", "POST", "PUT"]);
      const missing = await fn.GET!(new Request("https://eliza-edge.vercel.app/no-such-route"));
      expect(missing.status).toBe(404);
      // The token comes from process.env: a wrong one is refused, the right one reaches the
      // body check (the bundle has its own Neon driver, so no database call is made here).
      const post = (token: string) =>
        fn.POST!(
          new Request("https://eliza-edge.vercel.app/api/messages", {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: "{}",
          }),
        );
      expect((await post("wrong-token")).status).toBe(401);
      expect((await post(API_TOKEN)).status).toBe(400);
    } finally {
      for (const key of ["DATABASE_URL", "API_TOKEN", "LOG_LEVEL"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });

  it("vercel.json routes every path to the function and ticks /api/cron", async () => {
    const config = JSON.parse(
      await readFile(new URL("../../vercel.json", import.meta.url), "utf8"),
    );
    expect(config.rewrites).toEqual([{ source: "/(.*)", destination: "/api" }]);
    expect(config.crons).toEqual([{ path: "/api/cron", schedule: expect.any(String) }]);
    // Vercel runs the buildCommand before it traces api/ functions, so api/index.js (tracked,
    // not generated) finds the bundle; the static directory holds only what the build writes.
    expect(config.buildCommand).toBe("npm run build:vercel");
    expect(config.outputDirectory).toBe("dist/vercel/public");
    expect(Object.keys(config.functions)).toEqual(["api/index.js"]);
    const scripts = JSON.parse(
      await readFile(new URL("../../package.json", import.meta.url), "utf8"),
    ).scripts as Record<string, string>;
    expect(scripts["build:vercel"]).toBe("tsx targets/vercel/build.ts");
    const wrapper = await readFile(new URL("../../api/index.js", import.meta.url), "utf8");
    expect(wrapper).toContain('from "../dist/vercel/main.mjs"');
  });
});

describe("the Vercel function bundle", () => {
  /** Comfortably under Vercel's 250 MB limit; the point is what must not be in it. */
  const BUDGET = 1024 * 1024;

  it("bundles targets/vercel/main.ts for Node with Neon over HTTP only, within 1 MiB minified", async () => {
    const bundle = await bundleVercel();
    expect(bundle.bytes).toBeLessThanOrEqual(BUDGET);
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(inputs.some((i) => i.includes("@neondatabase/serverless"))).toBe(true);
    // Embedded Postgres, the AWS SDK and the Worker toolchain belong to other targets.
    expect(inputs.filter((i) => /pglite|@aws-sdk|miniflare|node-llama/.test(i))).toEqual([]);
    expect(elizaosPackagesIn(inputs)).toEqual([]);
  });

  it("with published elizaOS plugins, bundles them over eliza-edge/elizaos, not the real @elizaos/core", async () => {
    const bundle = await bundleVercel(
      fileURLToPath(new URL("../fixtures/vercel-elizaos-plugins.ts", import.meta.url)),
    );
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(elizaosPackagesIn(inputs)).toEqual([
      "@elizaos/plugin-bootstrap",
      "@elizaos/plugin-starter",
    ]);
    expect(inputs).toContain("core/elizaos/index.ts");
    expect(bundle.code).toContain(PLUGIN_BOOTSTRAP_MARKER);
    expect(bundle.code).toContain(PLUGIN_STARTER_MARKER);
    for (const marker of REAL_ELIZAOS_CORE_MARKERS) expect(bundle.code).not.toContain(marker);
  });
});
