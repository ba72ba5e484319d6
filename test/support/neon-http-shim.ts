// A local implementation of Neon's `POST /sql` HTTP endpoint over `pg`, so `neon()` and
// drizzle-orm/neon-http run for real against local Postgres (PGlite over pglite-socket, or
// PostgreSQL 15). Protocol notes: /work/shared/notes/toolchain.md.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { neonConfig } from "@neondatabase/serverless";
import pg from "pg";

interface SqlQuery {
  query: string;
  params?: unknown[];
}

export interface NeonHttpShim {
  port: number;
  /** How many POST /sql requests arrived (one per query or per transaction). */
  requests(): number;
  /**
   * While true, requests are accepted and never answered: a hung database. Turning it off
   * answers only requests that arrive afterwards.
   */
  hang(on: boolean): void;
  /** Resolves when the client has given up on (closed) the `count`th request held by hang(). */
  abandoned(count: number): Promise<void>;
  stop(): Promise<void>;
}

// Rows go back as Postgres text: the driver parses them from dataTypeID itself.
const rawText = { getTypeParser: () => (value: string) => value };

export async function startNeonHttpShim(
  options: { poolSize?: number } = {},
): Promise<NeonHttpShim> {
  const pools = new Map<string, pg.Pool>();
  let requests = 0;
  let hanging = false;
  const held = new Set<ServerResponse>();
  let closedHeld = 0;
  const closeWaiters: { count: number; resolve: () => void }[] = [];
  const noteClosed = () => {
    closedHeld++;
    for (const waiter of closeWaiters.splice(0)) {
      if (closedHeld >= waiter.count) waiter.resolve();
      else closeWaiters.push(waiter);
    }
  };
  const gate = sessionGate();
  const poolFor = (connectionString: string) => {
    let pool = pools.get(connectionString);
    if (!pool) {
      pool = new pg.Pool({ connectionString, max: options.poolSize ?? 4 });
      pools.set(connectionString, pool);
    }
    return pool;
  };

  const server = createServer((req, res) => {
    requests++;
    if (hanging) {
      held.add(res);
      res.once("close", () => {
        held.delete(res);
        noteClosed();
      });
      return;
    }
    handle(req, res).catch((error: unknown) => sendError(res, error));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as
      | SqlQuery
      | { queries: SqlQuery[] };
    const connectionString = String(req.headers["neon-connection-string"] ?? "");
    await gate("queries" in body, () => answer(req, res, body, connectionString));
  }

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    body: SqlQuery | { queries: SqlQuery[] },
    connectionString: string,
  ): Promise<void> {
    const client = await poolFor(connectionString).connect();
    try {
      if ("queries" in body) {
        await client.query(beginStatement(req));
        try {
          const results = [];
          for (const query of body.queries) results.push(reply(await run(client, query)));
          await client.query("COMMIT");
          sendJson(res, 200, { results });
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
      } else {
        sendJson(res, 200, reply(await run(client, body)));
      }
    } finally {
      client.release();
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    requests: () => requests,
    hang(on) {
      hanging = on;
    },
    abandoned: (count) =>
      new Promise<void>((resolve) => {
        if (closedHeld >= count) resolve();
        else closeWaiters.push({ count, resolve });
      }),
    async stop() {
      for (const res of held) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...pools.values()].map((pool) => pool.end()));
    },
  };
}

/**
 * Neon runs every request in a session of its own. PGlite behind pglite-socket is one session
 * for all connections: a transaction on one pooled connection is broken by statements another
 * connection sends meanwhile (they run inside it, or replace its unnamed prepared statement:
 * "portal does not exist"). So a transaction request runs alone, after the statements before it
 * and before those after it; single statements run side by side, each atomic on the socket.
 */
function sessionGate() {
  let running = 0;
  let alone = false;
  const waiting: { exclusive: boolean; go: () => void }[] = [];
  const next = () => {
    for (let head = waiting[0]; head && !alone; head = waiting[0]) {
      if (head.exclusive && running > 0) return;
      waiting.shift();
      if (head.exclusive) alone = true;
      else running++;
      head.go();
    }
  };
  return async <T>(exclusive: boolean, work: () => Promise<T>): Promise<T> => {
    await new Promise<void>((go) => {
      waiting.push({ exclusive, go });
      next();
    });
    try {
      return await work();
    } finally {
      if (exclusive) alone = false;
      else running--;
      next();
    }
  };
}

/** Sends every `neon()` query to the shim; the host in connection strings is then ignored. */
export function useLocalNeonHttp(shim: NeonHttpShim): void {
  neonConfig.fetchEndpoint = () => `http://127.0.0.1:${shim.port}/sql`;
}

function run(client: pg.PoolClient, { query, params }: SqlQuery) {
  return client.query({ text: query, values: params ?? [], rowMode: "array", types: rawText });
}

function beginStatement(req: IncomingMessage): string {
  const header = (name: string) => req.headers[name] as string | undefined;
  const parts = ["BEGIN"];
  const isolation = header("neon-batch-isolation-level");
  if (isolation)
    parts.push(`ISOLATION LEVEL ${isolation.replace(/([a-z])([A-Z])/g, "$1 $2").toUpperCase()}`);
  if (header("neon-batch-read-only") === "true") parts.push("READ ONLY");
  if (header("neon-batch-deferrable") === "true") parts.push("DEFERRABLE");
  return parts.join(" ");
}

function reply(result: pg.QueryResult<unknown[]>) {
  return {
    command: result.command,
    rowCount: result.rowCount,
    fields: result.fields.map((field) => ({ ...field, format: "text" })),
    rows: result.rows,
    rowAsArray: true,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, error: unknown): void {
  const e = error as Record<string, unknown>;
  const fields = ["code", "detail", "hint", "position", "schema", "table", "column", "constraint"];
  const body: Record<string, unknown> = { message: String(e.message ?? error) };
  for (const field of fields) if (e[field] !== undefined) body[field] = e[field];
  sendJson(res, 400, body);
}
