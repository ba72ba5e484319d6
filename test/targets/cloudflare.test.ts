// The deployable Worker (targets/cloudflare) bundled as wrangler bundles it and run in real
// workerd (Miniflare 4) against a D1 database migrated from adapters/d1/migrations: HTTP,
// persistence in D1, and Cron Triggers running due tasks exactly once per scheduled time.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import type { D1Database } from "@cloudflare/workers-types";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Storage } from "../../adapters/d1/index.ts";
import { REMINDER_TASK, type UUID } from "../../core/index.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";
import { startDeployedWorker } from "../support/miniflare-d1.ts";
import { triggerScheduled } from "../support/miniflare-scheduled.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const entry = join(root, "targets/cloudflare/main.ts");
const KIB = 1024;
/** The budget: the whole Worker, hono, zod, drizzle and the D1 adapter included. */
const WORKER_GZIP_BUDGET = 400 * KIB;
const API_TOKEN = "worker-test-token";

async function wranglerToml(): Promise<string> {
  return readFile(join(root, "wrangler.toml"), "utf8");
}

describe("Worker bundle", () => {
  it("has no node: imports and fits the gzip budget", async () => {
    const bundle = await bundleForWorkers(entry);
    expect(bundle.nodeImports).toEqual([]);
    const gzip = gzipSync(bundle.code).byteLength;
    expect(gzip).toBeLessThanOrEqual(WORKER_GZIP_BUDGET);
  });

  it("catches a Worker with a forbidden node: import with the same check", async () => {
    const bundle = await bundleForWorkers(join(root, "test/fixtures/worker-with-node-import.ts"));
    expect(bundle.nodeImports).toEqual([expect.stringContaining("node:os")]);
  });

  it("is within budget as `wrangler deploy --dry-run` measures it, from wrangler.toml", async () => {
    const outdir = await mkdtemp(join(tmpdir(), "eliza-edge-wrangler-"));
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          join(root, "node_modules/wrangler/bin/wrangler.js"),
          "deploy",
          "--dry-run",
          "--outdir",
          outdir,
        ],
        {
          cwd: root,
          env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
        },
      );
      const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(stdout);
      expect(match, stdout).not.toBeNull();
      expect(Number(match![2]) * KIB).toBeLessThanOrEqual(WORKER_GZIP_BUDGET);
      expect(stdout).toMatch(/env\.DB \(eliza-edge\)\s+D1 Database/);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });

  it("wrangler.toml points at this Worker, the D1 migrations and a cron trigger", async () => {
    const toml = await wranglerToml();
    expect(toml).toMatch(/^main = "targets\/cloudflare\/main\.ts"$/m);
    expect(toml).toMatch(/^binding = "DB"$/m);
    expect(toml).toMatch(/^migrations_dir = "adapters\/d1\/migrations"$/m);
    expect(toml).toMatch(/^crons = \[".+"\]$/m);
  });
});

describe("Worker in workerd with D1", () => {
  let mf: Miniflare;
  let db: D1Database;

  beforeAll(async () => {
    // Migrated as `wrangler d1 migrations apply` does before a deploy.
    ({ mf, db } = await startDeployedWorker(
      { API_TOKEN, LOG_LEVEL: "warn" },
      { shared: { unsafeTriggerHandlers: true } },
    ));
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  const fetchWorker = async (path: string, init?: RequestInit) =>
    (await mf.dispatchFetch(`http://worker.test${path}`, init as never)) as unknown as Response;
  const api = (path: string, body?: unknown) =>
    fetchWorker(path, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const scheduled = async (scheduledTime: number) => {
    return triggerScheduled(mf, "http://worker.test", {
      cron: "* * * * *",
      scheduledTime: new Date(scheduledTime),
    });
  };
  const agentId = async () =>
    ((await (await fetchWorker("/health")).json()) as { agentId: UUID }).agentId;

  it("answers /health with the D1 storage", async () => {
    const response = await fetchWorker("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", name: "Eliza", storage: "d1" });
  });

  it("answers /api/messages and keeps the conversation in D1", async () => {
    const denied = await fetchWorker("/api/messages", { method: "POST", body: "{}" });
    expect(denied.status).toBe(401);

    const reply = await api("/api/messages", { text: "I need some help", userId: "ada" });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { roomUuid: string; replies: { text: string }[] };
    expect(body.replies[0]?.text).toMatch(/help/i);

    const rows = await db
      .prepare("SELECT count(*) AS n FROM memories WHERE room_id = ?")
      .bind(body.roomUuid)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);

    const history = await api("/api/rooms/dm:ada/messages");
    const page = (await history.json()) as { messages: { role: string; text: string }[] };
    expect(page.messages.map((m) => m.role)).toEqual(["user", "agent"]);
    expect(page.messages[0]?.text).toBe("I need some help");
  });

  it("runs a due task on a Cron Trigger, and nothing on a second delivery of the same time", async () => {
    await api("/api/messages", { text: "Hello", userId: "grace" });
    const room = (await (await api("/api/rooms/dm:grace/messages")).json()) as {
      roomUuid: UUID;
    };
    const agent = await agentId();
    const storage = createD1Storage(db, { agentId: agent });
    const remind = (text: string) =>
      storage.createTask({
        name: REMINDER_TASK,
        agentId: agent,
        roomId: room.roomUuid,
        tags: ["queue"],
        metadata: { text },
        dueAt: Date.now() - 1_000,
      });

    const first = await remind("stretch");
    const scheduledTime = Date.now();
    expect(await scheduled(scheduledTime)).toMatchObject({ outcome: "ok" });
    expect(await storage.getTask(first)).toBeNull();
    const texts = async () =>
      (
        (await (await api("/api/rooms/dm:grace/messages")).json()) as {
          messages: { text: string }[];
        }
      ).messages.map((m) => m.text);
    expect(await texts()).toContain("Reminder: stretch");

    // The same scheduledTime again (a retried or duplicated trigger): nothing runs.
    const second = await remind("drink water");
    expect(await scheduled(scheduledTime)).toMatchObject({ outcome: "ok" });
    expect(await storage.getTask(second)).not.toBeNull();
    expect(await texts()).not.toContain("Reminder: drink water");

    // The next minute's trigger runs it.
    await scheduled(scheduledTime + 60_000);
    expect(await storage.getTask(second)).toBeNull();
    expect(await texts()).toContain("Reminder: drink water");
  });

  it("keeps /api/cron closed when CRON_SECRET is not set", async () => {
    const response = await fetchWorker("/api/cron");
    expect(response.status).toBe(401);
  });
});
