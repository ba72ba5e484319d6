// The Node server with PGlite in its worker thread (the default when DATABASE_URL is unset):
// SQL runs beside the server's thread, so an overloaded server answers 503 while statements
// run; a worker that dies or stalls turns into 503 + Retry-After, never a hang, and a new
// worker opens the same directory; shutdown closes the worker and releases the directory.
// Statuses and the order of events are asserted, never durations.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostgresStorage } from "../../adapters/postgres/index.ts";
import type { PgliteWorkerDriver } from "../../adapters/postgres/pglite-worker-driver.ts";
import { StorageError } from "../../core/index.ts";
import { type NodeServer, startNodeServer } from "../../targets/node/index.ts";
import { tempDataDir } from "../support/spawn-node-target.ts";

const API_TOKEN = "pglite-worker-token";
/** A statement that never ends: the worker is busy (or stalled) until it is ended. */
const ENDLESS = sql.raw(
  "with recursive forever(n) as (select 1 union all select n + 1 from forever) select count(*) from forever",
);

interface Answer {
  status: number;
  retryAfter: string | null;
  code?: string;
}

function serverEnv(dataDir: string, extra: Record<string, string> = {}) {
  return {
    API_TOKEN,
    LOG_LEVEL: "silent",
    PGLITE_DIR: dataDir,
    TASK_INTERVAL_MS: "0",
    RATE_LIMIT_USER_PER_MINUTE: "0",
    RATE_LIMIT_ROOM_PER_MINUTE: "0",
    ...extra,
  };
}

async function post(server: NodeServer, userId: string, text = "hello"): Promise<Answer> {
  const response = await fetch(`${server.url}/api/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ text, userId }),
  });
  const body = (await response.json()) as { error?: { code?: string } };
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    code: body.error?.code,
  };
}

function driverOf(server: NodeServer): PgliteWorkerDriver {
  const driver = (server.runtime.storage as PostgresStorage).driver as PgliteWorkerDriver;
  expect(driver.thread).toBeDefined();
  return driver;
}

/** Polls /health/ready until storage answers again (a new worker is open). */
async function untilReady(server: NodeServer): Promise<void> {
  for (let i = 0; i < 1_200; i++) {
    const response = await fetch(`${server.url}/health/ready`);
    await response.text();
    if (response.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("storage never came back");
}

/**
 * Puts the endless statement in front of the next statement the server sends to PGlite, so
 * that statement (a request's) is sure to wait on the busy worker. `reached` settles once it is
 * sent; `endless` once the worker is gone.
 */
function holdNextStatement(driver: PgliteWorkerDriver) {
  const thread = driver.thread;
  const send = thread.send.bind(thread);
  let endless: Promise<unknown> | undefined;
  let sent!: () => void;
  const reached = new Promise<void>((resolve) => {
    sent = resolve;
  });
  thread.send = (request) => {
    thread.send = send;
    endless = driver.execute(ENDLESS).catch((error: unknown) => error);
    const answer = send(request);
    sent();
    return answer;
  };
  return {
    reached,
    endless: () => endless,
    /** Takes the hold away if no statement came (nothing reached PGlite). */
    release: () => {
      thread.send = send;
    },
  };
}

const waitFor = async (done: () => boolean) => {
  for (let i = 0; i < 6_000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe("the Node server with PGlite in a worker thread", () => {
  const dataDir = tempDataDir();
  let server: NodeServer;

  beforeAll(async () => {
    server = await startNodeServer({
      port: 0,
      // One turn runs, none waits; a statement may take as long as it likes (no stall here).
      env: serverEnv(dataDir, {
        MAX_CONCURRENT_TURNS: "1",
        MAX_QUEUED_TURNS: "0",
        DATABASE_QUERY_TIMEOUT_MS: "600000",
      }),
    });
  });
  afterAll(() => server?.close());

  it("answers an overload with 503 while the running turn's SQL is still executing", async () => {
    const driver = driverOf(server);
    expect((await post(server, "first")).status).toBe(200);
    // The admitted turn's first statement goes to PGlite behind one that never ends.
    const hold = holdNextStatement(driver);
    let sqlEnded = false;
    const arrived: (Answer & { sqlEnded: boolean })[] = [];
    const requests = ["crowd-1", "crowd-2"].map(async (user) => {
      const answer = await post(server, user);
      arrived.push({ ...answer, sqlEnded });
    });
    await Promise.race([hold.reached, Promise.all(requests)]);
    hold.release();
    void hold.endless()?.then(() => {
      sqlEnded = true;
    });
    // One is admitted and waits on PGlite; the other is refused by this thread at once.
    await waitFor(() => arrived.length > 0);
    expect(arrived[0]).toMatchObject({
      status: 503,
      retryAfter: "1",
      code: "overloaded",
      sqlEnded: false,
    });
    // End the busy worker: what waited on it is a storage 503, and a new worker takes over.
    await driver.thread.current?.terminate();
    await Promise.all(requests);
    // The admitted one fails with its storage (or, had the first turn still held its slot, was
    // refused too): a 503 with Retry-After either way, never a hang.
    expect(arrived).toHaveLength(2);
    expect(arrived[1]?.status).toBe(503);
    expect(["storage_unavailable", "overloaded"]).toContain(arrived[1]?.code);
    expect(arrived[1]?.retryAfter).not.toBeNull();
    await untilReady(server);
    expect((await post(server, "after")).status).toBe(200);
  });

  it("a worker that dies answers 503 + Retry-After, then a new one serves the same data", async () => {
    const driver = driverOf(server);
    expect((await post(server, "survivor", "remember me")).status).toBe(200);
    const hold = holdNextStatement(driver);
    const answer = post(server, "during");
    await hold.reached;
    await driver.thread.current?.terminate();
    const during = await answer;
    expect(during).toMatchObject({ status: 503, code: "storage_unavailable" });
    expect(during.retryAfter).not.toBeNull();
    await untilReady(server);
    expect((await post(server, "survivor", "still there?")).status).toBe(200);
    const history = await fetch(`${server.url}/api/rooms/dm:survivor/messages`, {
      headers: { authorization: `Bearer ${API_TOKEN}` },
    });
    const { messages } = (await history.json()) as { messages: { text: string }[] };
    expect(messages.map((m) => m.text)).toContain("remember me");
  });
});

describe("a stalled PGlite worker, and shutdown", () => {
  it("a statement that never ends fails the requests waiting on it with 503 after DATABASE_QUERY_TIMEOUT_MS; close ends the worker and frees the directory", async () => {
    const dataDir = tempDataDir();
    const server = await startNodeServer({
      port: 0,
      // The default DATABASE_QUERY_TIMEOUT_MS (10 s): no statement of a start comes near it.
      env: serverEnv(dataDir),
    });
    let closed = false;
    try {
      const driver = driverOf(server);
      const storage = server.runtime.storage as PostgresStorage;
      const hold = holdNextStatement(driver);
      const waiting = await post(server, "behind-the-stall");
      expect(waiting).toMatchObject({ status: 503, code: "storage_unavailable" });
      expect(waiting.retryAfter).not.toBeNull();
      const stalled = await hold.endless();
      const failure = await storage.run(() => Promise.reject(stalled)).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(StorageError);
      expect(failure).toMatchObject({ code: "UNAVAILABLE" });
      expect((failure as Error).message).toContain("DATABASE_QUERY_TIMEOUT_MS");
      await untilReady(server);
      expect((await post(server, "after-the-stall")).status).toBe(200);

      const worker = driver.thread.current;
      expect(worker).toBeDefined();
      let exited = false;
      worker?.once("exit", () => {
        exited = true;
      });
      expect(existsSync(join(dataDir, "eliza-edge.lock"))).toBe(true);
      await server.close();
      closed = true;
      expect(exited).toBe(true);
      expect(driver.thread.current).toBeUndefined();
      expect(existsSync(join(dataDir, "eliza-edge.lock"))).toBe(false);
      await expect(storage.run(() => driver.execute(sql`select 1`))).rejects.toMatchObject({
        code: "UNAVAILABLE",
        message: "PGlite is closed",
      });
    } finally {
      if (!closed) await server.close();
    }
    // The directory is free and whole: a new server opens it.
    const again = await startNodeServer({ port: 0, env: serverEnv(dataDir) });
    try {
      expect((await post(again, "after-the-stall", "back")).status).toBe(200);
    } finally {
      await again.close();
    }
  });
});
