// The connector scenarios through the deployable Worker: targets/cloudflare/main.ts bundled as
// wrangler bundles it, run in real workerd (Miniflare 4) with a migrated D1 database bound as
// DB and the connectors' settings as vars. Replies leave the Worker over real HTTP to the fake
// Telegram and Discord servers on 127.0.0.1; background turns run in ctx.waitUntil.
//
// workerd runs on the real clock, so there is no `advance`: the three scenarios that need time
// to pass (a reply retried on a later tick, a reminder fired by a tick from Telegram and from
// Discord) return early here, and `tick` (a Cron Trigger through scheduled()) goes unused.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { D1Database } from "@cloudflare/workers-types";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, vi } from "vitest";
import { createD1Storage } from "../../adapters/d1/index.ts";
import type { UUID } from "../../core/index.ts";
import { startFakeDiscord } from "../fakes/discord-server.ts";
import { startFakeTelegram } from "../fakes/telegram-server.ts";
import { RFC8032_TEST1 } from "../fixtures/discord/signer.ts";
import { bundleForWorkers } from "../support/bundle-check.ts";
import { eventually, GUARDED_TEST_MS } from "../support/eventually.ts";
import {
  applyD1Migrations,
  d1Of,
  d1WorkerOptions,
  wranglerCompatibility,
} from "../support/miniflare-d1.ts";
import { triggerScheduled } from "../support/miniflare-scheduled.ts";
import { type ConnectorDriver, connectorEnv } from "./driver.ts";
import { APPLICATION_ID, BOT_ID, BOT_USERNAME, TELEGRAM_SECRET } from "./requests.ts";
import { describeConnectorScenarios } from "./scenarios.ts";

// settle() has a guard of its own; the test must outlast it to report it.
vi.setConfig({ testTimeout: GUARDED_TEST_MS });

const root = fileURLToPath(new URL("../..", import.meta.url));
const API_TOKEN = "worker-connectors-token";

let bundle: string;
let compatibilityDate: string;
let mf: Miniflare | undefined;
let scheduledAt = Math.floor(Date.now() / 60_000) * 60_000;

beforeAll(async () => {
  bundle = (await bundleForWorkers(join(root, "targets/cloudflare/main.ts"))).code;
  ({ compatibilityDate } = await wranglerCompatibility());
});

afterAll(async () => {
  await mf?.dispose();
});

/**
 * Cloudflare's edge in front of the Worker: it takes the whole request, then hands it to the
 * Worker (here over a service binding). Without it, a Worker that answers before reading the
 * body (413 from the Content-Length alone) makes workerd drop the loopback connection while
 * Node is still writing, and the test sees ECONNRESET instead of the answer; at Cloudflare the
 * client never talks to workerd directly.
 */
/** Reaches the agent Worker directly (its Cron Trigger); every other host goes through EDGE. */
const AGENT_HOST = "agent-direct.test";

const EDGE = `export default {
  async fetch(request, env) {
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    return env.AGENT.fetch(new Request(request.url, { method: request.method, headers: request.headers, body }));
  },
};`;

/** Miniflare's Request and Response come from its bundled undici; the shapes are the same. */
async function dispatch(request: Request): Promise<Response> {
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
  const response = await mf!.dispatchFetch(request.url, {
    method: request.method,
    headers: [...request.headers.entries()],
    body,
  } as never);
  // Read the body here so the Worker's response is complete before the scenario looks.
  const bytes = new Uint8Array(await response.arrayBuffer());
  const nullBody = [101, 204, 205, 304].includes(response.status);
  return new Response(nullBody ? null : bytes, {
    status: response.status,
    headers: [...response.headers.entries()],
  });
}

async function userTables(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT GLOB '_cf_*' AND name <> 'd1_migrations'",
    )
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

async function startWorkerDriver(): Promise<ConnectorDriver> {
  const telegram = await startFakeTelegram({
    token: `${BOT_ID}:TEST-token`,
    username: BOT_USERNAME,
  });
  const discord = await startFakeDiscord();
  const bindings = {
    ...connectorEnv(telegram, discord, TELEGRAM_SECRET, RFC8032_TEST1.publicKey, APPLICATION_ID),
    API_TOKEN,
    LOG_LEVEL: "error",
  };
  const options = d1WorkerOptions({
    script: bundle,
    compatibilityDate,
    bindings,
    worker: { name: "agent", routes: [`${AGENT_HOST}/*`] },
    front: {
      name: "edge",
      modules: true,
      script: EDGE,
      compatibilityDate,
      serviceBindings: { AGENT: "agent" },
    },
    shared: { unsafeTriggerHandlers: true },
  });
  // One workerd for the file; each test gets a fresh isolate (new bindings: the Worker builds
  // its app and agent once per isolate) and an emptied database.
  if (mf) await mf.setOptions(options);
  else mf = new Miniflare(options);
  const db = d1Of(mf);
  await applyD1Migrations(db);
  const tables = await userTables(db);
  await db.batch(tables.map((table) => db.prepare(`DELETE FROM "${table}"`)));

  const health = await dispatch(new Request("https://agent.example/health"));
  const { agentId } = (await health.json()) as { agentId: UUID };
  const storage = createD1Storage(db, { agentId });

  /**
   * Inbox tasks whose turn has not come to rest. The webhook writes the task, leased to the
   * request's waitUntil work, before it answers; the turn keeps the lease until it releases it:
   * deleted when done, or unleased with a later dueAt (a failure) or paused. A row with neither
   * lease nor dueAt is a finished turn about to delete it.
   */
  const unsettled = async () =>
    (await storage.getTasks({})).filter(
      (t) =>
        t.tags.includes("inbox") &&
        (!!t.leaseOwner || (t.dueAt == null && !(t.metadata as { paused?: boolean }).paused)),
    );

  return {
    fetch: dispatch,
    // workerd gives no signal when a request's waitUntil work ends, but every turn a request
    // started is an inbox row written before its response, so poll the rows: settled once each
    // is gone or at rest. A run that dies keeps its lease and fails the guard by name.
    settle: async () => {
      await eventually("every inbox turn to finish", async () => (await unsettled()).length === 0, {
        detail: async () => `still running: ${JSON.stringify(await unsettled())}`,
      });
    },
    // A Cron Trigger: workerd's scheduled() returns once the handler's waitUntil work is done.
    tick: async () => {
      scheduledAt += 60_000;
      const result = await triggerScheduled(mf!, `http://${AGENT_HOST}`, {
        cron: "* * * * *",
        scheduledTime: new Date(scheduledAt),
      });
      if (result.outcome !== "ok") throw new Error(`scheduled() ended ${result.outcome}`);
    },
    telegram,
    discord,
    storage,
    agentId,
    close: async () => {
      await Promise.allSettled([telegram.close(), discord.close()]);
      await storage.close();
    },
  };
}

describeConnectorScenarios("worker (miniflare, d1)", startWorkerDriver);
