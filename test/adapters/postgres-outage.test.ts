// A Postgres outage with real parts: pg.Pool and Neon's WebSocket Pool against PGlite served
// over the wire (pglite-socket), a server that goes away and comes back, a proxy that cuts
// connections, and a TCP server that accepts and never answers. The process survives, requests
// get 503 within the configured timeouts, and service resumes by itself.
import { createServer, type Server, type Socket } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createNeonPoolStorage,
  createNodePostgresStorage,
  type PostgresStorage,
} from "../../adapters/postgres/index.ts";
import {
  type AgentRuntime,
  createAgent,
  createApp,
  parseCharacter,
  StorageError,
} from "../../core/index.ts";
import { type PgliteServer, startPgliteServer } from "../support/pglite-server.ts";
import { startWsProxy, useLocalWsProxy, type WsProxy } from "../support/ws-proxy.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const TOKEN = "outage-test-token";

/** Resolves on the first log line matching `pattern`: the pool's own signal, no sleeping. */
function logWatcher() {
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  return {
    lines,
    log: (line: string) => {
      lines.push(line);
      for (const w of waiters.splice(0)) {
        if (w.pattern.test(line)) w.resolve(line);
        else waiters.push(w);
      }
    },
    next: (pattern: RegExp) =>
      new Promise<string>((resolve) => {
        const seen = lines.find((line) => pattern.test(line));
        if (seen) resolve(seen);
        else waiters.push({ pattern, resolve });
      }),
  };
}

function appFor(runtime: AgentRuntime) {
  const app = createApp({ getAgent: async () => runtime, env: () => ({ API_TOKEN: TOKEN }) });
  return {
    ready: () => app.request("/health/ready"),
    health: () => app.request("/health"),
    send: (text: string) =>
      app.request("/api/messages", {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ text, userId: "u1" }),
      }),
  };
}

function causeChain(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e && depth < 6; depth++) {
    if (e instanceof Error) parts.push(e.message);
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(" <- ");
}

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create({ extensions: { vector } });
});

afterAll(async () => {
  await db?.close();
});

describe("pg.Pool (DATABASE_URL) when the database goes away", () => {
  let server: PgliteServer | undefined;
  let storage: PostgresStorage | undefined;

  afterAll(async () => {
    await storage?.close();
    await server?.stop();
  });

  it("survives dropped connections, answers 503, and recovers on the same port", async () => {
    server = await startPgliteServer(8, { db });
    const port = server.port;
    const watch = logWatcher();
    storage = createNodePostgresStorage({
      connectionString: server.url,
      max: 2,
      connectTimeoutMs: 2_000,
      queryTimeoutMs: 4_000,
      log: watch.log,
    });
    await storage.init();
    const runtime = await createAgent({
      character: parseCharacter({ name: "Outage" }),
      storage,
      logger: quiet,
    });
    const app = appFor(runtime);
    expect(await (await app.ready()).json()).toEqual({ status: "ready", storage: "postgres" });
    expect((await app.send("before the outage")).status).toBe(200);

    // The server closes every pooled connection. Without an 'error' listener on the pool,
    // Node throws "Connection terminated unexpectedly" out of the socket and the process dies.
    await server.stop();
    server = undefined;
    expect(await watch.next(/connection lost/)).toBe(
      "[storage] postgres: connection lost: Connection terminated unexpectedly",
    );

    const notReady = await app.ready();
    expect(notReady.status).toBe(503);
    expect((await notReady.json()).error.code).toBe("storage_unavailable");
    const refused = await app.send("during the outage");
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.code).toBe("storage_unavailable");
    // Liveness stays storage-free.
    expect((await app.health()).status).toBe(200);
    // One line per dropped connection (the pool holds at most 2), nothing else.
    expect(watch.lines.length).toBeLessThanOrEqual(2);
    for (const line of watch.lines) {
      expect(line).toBe("[storage] postgres: connection lost: Connection terminated unexpectedly");
    }

    // A new server on the same port: the pool reconnects on its own, no restart.
    server = await startPgliteServer(8, { db, port });
    expect(await (await app.ready()).json()).toEqual({ status: "ready", storage: "postgres" });
    const after = await app.send("after the outage");
    expect(after.status).toBe(200);
    const texts = (await storage.getMemories({ tableName: "messages" })).map((m) => m.content.text);
    expect(texts).toContain("before the outage");
    expect(texts).toContain("after the outage");
  });
});

describe("a database that accepts connections and never answers", () => {
  let hung: Server;
  const sockets = new Set<Socket>();
  const received: Buffer[] = [];

  beforeAll(async () => {
    hung = createServer((socket) => {
      sockets.add(socket);
      socket.on("data", (chunk) => received.push(chunk));
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hung.close(resolve));
  });

  it("fails readiness with 503 by the connect timeout instead of hanging", async () => {
    const { port } = hung.address() as { port: number };
    const storage = createNodePostgresStorage({
      connectionString: `postgres://u:p@127.0.0.1:${port}/db`,
      connectTimeoutMs: 200,
      queryTimeoutMs: 1_234,
      migrate: false,
      log: () => {},
    });
    try {
      const error = await storage.ping().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect((error as StorageError).code).toBe("UNAVAILABLE");
      // The connect timeout is what ended it (pg-pool's own wording).
      expect(causeChain(error)).toMatch(/connection timeout/);
      // The client did reach the server, and its startup message asked the server to cancel
      // any statement after DATABASE_QUERY_TIMEOUT_MS.
      expect(sockets.size).toBeGreaterThan(0);
      expect(Buffer.concat(received).toString("latin1")).toContain(
        "statement_timeout\u00001234\u0000",
      );

      const runtime = { storage, logger: quiet } as unknown as AgentRuntime;
      const response = await appFor(runtime).ready();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: { code: "storage_unavailable", message: "Storage (postgres) is unavailable" },
      });
    } finally {
      await storage.close();
    }
  });
});

describe("Neon WebSocket Pool when the proxy cuts connections", () => {
  let server: PgliteServer;
  let proxy: WsProxy;

  beforeAll(async () => {
    server = await startPgliteServer(8, { db });
    proxy = await startWsProxy();
    useLocalWsProxy(proxy);
  });

  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
  });

  it("logs the lost connection, answers UNAVAILABLE while the proxy is gone, then recovers", async () => {
    const watch = logWatcher();
    const storage = createNeonPoolStorage({
      connectionString: server.url,
      max: 2,
      connectTimeoutMs: 2_000,
      migrate: false,
      log: watch.log,
    });
    try {
      await storage.ping();
      proxy.dropConnections();
      expect(await watch.next(/connection lost/)).toMatch(
        /^\[storage\] neon-ws: connection lost: /,
      );
      // The pool opens a fresh connection through the same proxy.
      await expect(storage.ping()).resolves.toBeUndefined();

      const port = proxy.port;
      await proxy.stop();
      const error = await storage.ping().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect((error as StorageError).code).toBe("UNAVAILABLE");

      proxy = await startWsProxy(port);
      await expect(storage.ping()).resolves.toBeUndefined();
    } finally {
      await storage.close();
    }
  });
});
