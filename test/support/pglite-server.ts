// PGlite (with pgvector) served over the Postgres wire protocol by pglite-socket, so the Neon
// drivers and pg can reach an in-process database. One per test file: PGlite starts in ~4 s.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface PgliteServer {
  db: PGlite;
  port: number;
  /** postgres://postgres:postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
}

/**
 * `maxConnections` must cover every pool and client open at once (pglite-socket's default is
 * 1). `port` listens on a given port (a restart after an outage); `db` serves an open PGlite
 * instead of a new one, and stop() then leaves it open.
 */
export async function startPgliteServer(
  maxConnections = 64,
  options: { port?: number; db?: PGlite } = {},
): Promise<PgliteServer> {
  const db = options.db ?? (await PGlite.create({ extensions: { vector } }));
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxConnections,
  });
  await server.start();
  // Port 0 picks a free port; the socket server only reports the one it was given.
  const listener = (server as unknown as { server: import("node:net").Server }).server;
  const port = (listener.address() as import("node:net").AddressInfo).port;
  return {
    db,
    port,
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      // Closes the listener and every open connection, as a database going down does.
      await server.stop();
      if (!options.db) await db.close();
    },
  };
}
