// elizaOS's side of `npm run bench:start`: what `npm start` → first reply is on elizaOS 1.7.2
// with PGlite, without its CLI and server (Express, socket.io, the web UI), which would only add
// to its time. Its own startup path, in the order @elizaos/server 1.7.2's AgentServer takes it:
// plugin-sql's adapter opens PGLITE_DATA_DIR and its DatabaseMigrationService migrates the
// plugin's schema (AgentRuntime.initialize() reads the agents table before it migrates, so on
// a fresh directory the runtime alone fails); then AgentRuntime.initialize() with plugin-sql,
// whose init registers its adapter on the same PGlite, and the runtime's own migration pass.
// The server's fixed waits (500 + 250 ms of setTimeout) are left out. The same character and
// scripted plan as eliza-edge. One POST /api/messages on node:http, answered through the
// runtime's message service in eliza-edge's reply shape, so bench/start.ts times both with one
// clock and one request.
// elizaOS is imported from the URLs the parent passes, not by name: the project's typecheck
// must not depend on this folder's install.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { SCRIPTED_PLAN } from "../compare/protocol.ts";
import type { ElizaCore, ElizaPlugin, ElizaRuntime } from "./core-api.ts";
import { elizaReplier, scriptedModel } from "./reply.ts";

type Runtime = ElizaRuntime & { close(): Promise<void> };

/** The parts of @elizaos/plugin-sql 1.7.2 AgentServer uses to open and migrate the database. */
interface SqlPlugin {
  default: ElizaPlugin;
  createDatabaseAdapter(
    config: { dataDir?: string },
    agentId: string,
  ): { init(): Promise<void>; getDatabase(): unknown };
  DatabaseMigrationService: new () => {
    initializeWithDatabase(db: unknown): Promise<void>;
    discoverAndRegisterPluginSchemas(plugins: ElizaPlugin[]): void;
    runAllPluginMigrations(): Promise<void>;
  };
}

const core = (await import(process.env.ELIZAOS_CORE_URL!)) as ElizaCore;
const sql = (await import(process.env.ELIZAOS_SQL_URL!)) as SqlPlugin;
const character = JSON.parse(readFileSync(process.env.BENCH_CHARACTER!, "utf8"));
const dataDir = process.env.PGLITE_DATA_DIR!;

// AgentServer.initialize()'s database steps, with its own placeholder agent id.
const database = sql.createDatabaseAdapter({ dataDir }, "00000000-0000-0000-0000-000000000000");
await database.init();
const migrations = new sql.DatabaseMigrationService();
await migrations.initializeWithDatabase(database.getDatabase());
migrations.discoverAndRegisterPluginSchemas([sql.default]);
await migrations.runAllPluginMigrations();

const runtime = new core.AgentRuntime({
  character,
  plugins: [sql.default, scriptedModel(core, () => SCRIPTED_PLAN)],
  settings: { PGLITE_DATA_DIR: dataDir },
}) as Runtime;
await runtime.initialize();

const reply = elizaReplier(core, runtime);

const server = createServer(async (request, response) => {
  if (request.method !== "POST" || request.url !== "/api/messages") {
    response.writeHead(404).end();
    return;
  }
  let body = "";
  for await (const chunk of request) body += chunk;
  const { text } = JSON.parse(body) as { text: string };
  const answer = await reply(text);
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify({ replies: [{ text: answer }] }));
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1", () => {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  process.stdout.write(`elizaOS is listening on http://${address.address}:${address.port}\n`);
});

// Closing PGlite on SIGTERM leaves the directory clean for the next start, as eliza-edge does.
process.once("SIGTERM", async () => {
  server.close();
  await runtime.close();
  process.exit(0);
});
