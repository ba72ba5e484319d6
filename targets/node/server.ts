// The local server: the shared app on node:http, one agent per process.

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { collectPluginRoutes, createAdmission } from "../../core/http/index.ts";
import {
  type AgentRuntime,
  CRON_SECRET_MIN_LENGTH,
  characterAgentId,
  createAgent,
  createApp,
  describeError,
  type Logger,
  type StorageAdapter,
} from "../../core/index.ts";
import type { ParsedCharacter } from "../../core/kernel/index.ts";
import {
  type AgentOptions,
  defineAgent,
  givenStorage,
  type StorageOption,
} from "../shared/agent-options.ts";
import { connectorsFor } from "../shared/connectors.ts";
import { NODE_DEADLINES, withDeadlines } from "../shared/deadlines.ts";
import { warnNoDatabase } from "../shared/no-database.ts";
import { installNodeRunScope } from "../shared/node-run-scope.ts";
import { isLoopback, loadCharacter, type NodeEnv } from "./config.ts";
import type { DataDirLock } from "./data-dir-lock.ts";
import { discordGatewayFromEnv } from "./discord-gateway.ts";
import { watchEventLoop } from "./event-loop-lag.ts";
import { ingestCharacterKnowledge } from "./knowledge.ts";
import { servingFromEnv } from "./serving.ts";
import { drain } from "./shutdown.ts";
import { type EmbeddingSidecar, startEmbeddingSidecar } from "./sidecar-process.ts";
import { openNodeStorage } from "./storage.ts";
import { startTaskLoop } from "./task-loop.ts";
import { telegramPollingFromEnv } from "./telegram-polling.ts";
import { version } from "./version.ts";
import { webChatPaths, webChatRoutes } from "./web/routes.ts";

/**
 * The agent defined in code (character, plugins, storage, connectors, models); the env and the
 * working directory fill in the rest (CHARACTER_JSON or ./character.json, DATABASE_URL or
 * embedded PGlite, ...).
 */
export interface NodeServerOptions extends AgentOptions<NodeEnv> {
  env?: NodeEnv;
  /** Default PORT from env, else 3000. 0 picks a free port (tests). */
  port?: number;
  /** Default HOST from env, else 127.0.0.1. */
  host?: string;
  cwd?: string;
  logger?: Logger;
  /** The agent's clock; tests move it to fire tasks without waiting. */
  now?: () => number;
}

export interface NodeServer {
  url: string;
  port: number;
  runtime: AgentRuntime;
  /** How Telegram updates arrive: long polling by this process, or the webhook route. */
  telegram?: "polling" | "webhook";
  /** Resolves once the background work started by requests so far (webhook turns) is done. */
  idle(): Promise<void>;
  /**
   * Stops accepting requests, lets the requests and background turns in flight finish until
   * SHUTDOWN_TIMEOUT_MS, closes what is left, then the storage.
   */
  close(): Promise<void>;
}

export async function startNodeServer(options: NodeServerOptions = {}): Promise<NodeServer> {
  installNodeRunScope();
  // Under a proxy's 60-s idle timeout (shared/deadlines.ts), unless the env sets them.
  const env = withDeadlines(options.env ?? process.env, NODE_DEADLINES);
  const host = options.host ?? env.HOST ?? "127.0.0.1";
  const port = options.port ?? (env.PORT ? Number(env.PORT) : 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a number between 0 and 65535, got ${env.PORT}`);
  }
  const openWithoutToken = isLoopback(host) && !env.API_TOKEN;
  if (!env.API_TOKEN && !openWithoutToken) {
    throw new Error(`API_TOKEN must be set when listening on ${host} (not a loopback address)`);
  }
  if (env.CRON_SECRET && env.CRON_SECRET.length < CRON_SECRET_MIN_LENGTH) {
    throw new Error(
      `CRON_SECRET must be at least ${CRON_SECRET_MIN_LENGTH} characters (it has ${env.CRON_SECRET.length}); generate one with: openssl rand -hex 16`,
    );
  }
  const serving = servingFromEnv(env);
  const tickEvery = env.TASK_INTERVAL_MS === undefined ? 5000 : Number(env.TASK_INTERVAL_MS);
  if (!Number.isFinite(tickEvery) || tickEvery < 0) {
    throw new Error(
      `TASK_INTERVAL_MS must be a number of milliseconds (0 = off), got ${env.TASK_INTERVAL_MS}`,
    );
  }
  // A bad character or connector name fails here, before anything is opened.
  const definition = defineAgent(options);
  const enabled = connectorsFor(env, definition.connectors);
  const pollTelegram = enabled.connectors.some((c) => c.name === "telegram")
    ? telegramPollingFromEnv(env)
    : undefined;
  const joinDiscord = enabled.connectors.some((c) => c.name === "discord")
    ? discordGatewayFromEnv(env)
    : undefined;
  const plugins = [...enabled.plugins, ...definition.plugins];
  // A bad plugin route fails here, before the storage is opened and locked.
  collectPluginRoutes(
    plugins,
    enabled.connectors.map((connector) => connector.name),
    webChatPaths(),
  );
  const character = definition.character ?? (await loadCharacter(env, options.cwd));
  let storage: StorageAdapter;
  let lock: DataDirLock | undefined;
  if (definition.storage) storage = await openGivenStorage(definition.storage, env, character);
  else {
    ({ storage, lock } = await openNodeStorage(env, {
      agentId: characterAgentId(character),
      cwd: options.cwd,
      command: "start",
    }));
  }
  const sidecar = await embeddingSidecarFromEnv(env).catch(async (error) => {
    await storage.close();
    throw error;
  });
  const agentEnv = sidecar ? { ...env, LOCAL_EMBEDDING_URL: sidecar.url } : env;
  let runtime: AgentRuntime;
  try {
    runtime = await createAgent({
      character,
      storage,
      env: agentEnv,
      logger: options.logger,
      plugins,
      models: definition.models,
      now: options.now,
    });
  } catch (error) {
    await sidecar?.stop();
    await storage.close();
    throw error;
  }
  if (!definition.storage && storage.kind === "memory") {
    warnNoDatabase(runtime, "DATABASE_URL is not set (embedded PGlite skipped)");
  }
  try {
    const ingested = await ingestCharacterKnowledge(runtime, options.cwd);
    if (ingested?.documents) runtime.logger.info("knowledge ingested", { ...ingested });
  } catch (error) {
    await sidecar?.stop();
    await storage.close();
    throw error;
  }
  const lag = serving.turns && serving.maxEventLoopDelayMs > 0 ? watchEventLoop() : undefined;
  // Webhook turns run on after the response; they are tracked so close() lets them finish
  // before the storage goes away.
  const background = new Set<Promise<unknown>>();
  const app = createApp({
    getAgent: async () => runtime,
    env: () => env,
    version,
    openWithoutToken,
    loopbackOnly: openWithoutToken,
    connectors: enabled.connectors,
    plugins,
    requestTimeoutMs: NODE_DEADLINES.REQUEST_TIMEOUT_MS,
    ...(serving.turns
      ? {
          turnAdmission: createAdmission({
            ...serving.turns,
            ...(lag ? { busy: () => lag.lateMs > serving.maxEventLoopDelayMs } : {}),
          }),
        }
      : {}),
    waitUntil: (_c, work) => {
      background.add(work);
      const done = () => void background.delete(work);
      work.then(done, done);
    },
  });
  // The local web chat at GET /; it calls /api like any client, so API_TOKEN still applies.
  app.route("/", webChatRoutes());

  const stopping = drain();
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: stopping.fetch(app.fetch), port, hostname: host }, () =>
        resolve(s as Server),
      ) as Server;
      s.keepAliveTimeout = serving.keepAliveTimeoutMs;
      s.headersTimeout = serving.headersTimeoutMs;
      s.once("error", reject);
    });
  } catch (error) {
    lag?.stop();
    await runtime.stop();
    await sidecar?.stop();
    await storage.close();
    throw error;
  }
  const tasks = tickEvery > 0 ? startTaskLoop(runtime, tickEvery) : undefined;
  const track = (work: Promise<unknown>) => {
    const logged = work.catch((error) =>
      runtime.logger.error(`background work failed: ${describeError(error)}`),
    );
    background.add(logged);
    const done = () => void background.delete(logged);
    logged.then(done, done);
  };
  const poller = pollTelegram?.(runtime, track);
  const gateway = joinDiscord?.(runtime, track);
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}`;
  lock?.setUrl(url);
  const idle = async () => {
    while (background.size) await Promise.allSettled([...background]);
  };
  return {
    url,
    port: address.port,
    runtime,
    ...(enabled.connectors.some((c) => c.name === "telegram")
      ? { telegram: poller ? ("polling" as const) : ("webhook" as const) }
      : {}),
    idle,
    async close() {
      const outcome = await stopping.stop(
        server,
        async () => {
          await poller?.stop();
          await gateway?.stop();
          await tasks?.stop();
          await idle();
        },
        serving.shutdownTimeoutMs,
      );
      if (outcome === "cut") {
        runtime.logger.warn(
          `stopped with work in flight after SHUTDOWN_TIMEOUT_MS (${serving.shutdownTimeoutMs} ms); webhook messages stay in the inbox for the next start`,
        );
      }
      lag?.stop();
      await runtime.stop();
      await sidecar?.stop();
      await storage.close();
    },
  };
}

/** The storage given in code, set up (init is idempotent); closed again if that fails. */
async function openGivenStorage(
  given: StorageOption<NodeEnv>,
  env: NodeEnv,
  character: ParsedCharacter,
): Promise<StorageAdapter> {
  const storage = await givenStorage(given, env, character);
  try {
    await storage.init();
  } catch (error) {
    await storage.close().catch(() => {});
    throw error;
  }
  return storage;
}

/**
 * LOCAL_EMBEDDING_MODEL_PATH starts a sidecar for this process, unless LOCAL_EMBEDDING_URL
 * already names a running one. A pinned EMBEDDING_DIMENSION is checked against the model here.
 */
async function embeddingSidecarFromEnv(env: NodeEnv): Promise<EmbeddingSidecar | undefined> {
  const modelPath = env.LOCAL_EMBEDDING_MODEL_PATH?.trim();
  if (!modelPath || env.LOCAL_EMBEDDING_URL?.trim()) return undefined;
  const pinned = env.EMBEDDING_DIMENSION?.trim();
  return startEmbeddingSidecar({
    modelPath,
    env,
    expectedDimension: pinned ? Number(pinned) : undefined,
  });
}
