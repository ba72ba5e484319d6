// The local server: the shared app on node:http, one agent per process.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import {
  type AgentRuntime,
  characterAgentId,
  createAgent,
  createApp,
  type Logger,
  type StorageAdapter,
} from "../../core/index.ts";
import { isLoopback, loadCharacter, type NodeEnv } from "./config.ts";
import { ingestCharacterKnowledge } from "./knowledge.ts";
import { type EmbeddingSidecar, startEmbeddingSidecar } from "./sidecar-process.ts";
import { storageFromEnv } from "./storage.ts";
import { startTaskLoop } from "./task-loop.ts";
import { version } from "./version.ts";
import { webChatRoutes } from "./web/routes.ts";

export interface NodeServerOptions {
  env?: NodeEnv;
  /** Default PORT from env, else 3000. 0 picks a free port (tests). */
  port?: number;
  /** Default HOST from env, else 127.0.0.1. */
  host?: string;
  cwd?: string;
  /** Overrides the storage the env would choose. */
  storage?: StorageAdapter;
  logger?: Logger;
}

export interface NodeServer {
  url: string;
  port: number;
  runtime: AgentRuntime;
  close(): Promise<void>;
}

export async function startNodeServer(options: NodeServerOptions = {}): Promise<NodeServer> {
  const env = options.env ?? process.env;
  const host = options.host ?? env.HOST ?? "127.0.0.1";
  const port = options.port ?? (env.PORT ? Number(env.PORT) : 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a number between 0 and 65535, got ${env.PORT}`);
  }
  const openWithoutToken = isLoopback(host) && !env.API_TOKEN;
  if (!env.API_TOKEN && !openWithoutToken) {
    throw new Error(`API_TOKEN must be set when listening on ${host} (not a loopback address)`);
  }
  const character = await loadCharacter(env, options.cwd);
  const storage =
    options.storage ??
    (await storageFromEnv(env, { agentId: characterAgentId(character), cwd: options.cwd }));
  const tickEvery = env.TASK_INTERVAL_MS === undefined ? 5000 : Number(env.TASK_INTERVAL_MS);
  if (!Number.isFinite(tickEvery) || tickEvery < 0) {
    throw new Error(
      `TASK_INTERVAL_MS must be a number of milliseconds (0 = off), got ${env.TASK_INTERVAL_MS}`,
    );
  }
  const sidecar = await embeddingSidecarFromEnv(env);
  const agentEnv = sidecar ? { ...env, LOCAL_EMBEDDING_URL: sidecar.url } : env;
  let runtime: AgentRuntime;
  try {
    runtime = await createAgent({ character, storage, env: agentEnv, logger: options.logger });
  } catch (error) {
    await sidecar?.stop();
    await storage.close();
    throw error;
  }
  try {
    const ingested = await ingestCharacterKnowledge(runtime, options.cwd);
    if (ingested?.documents) runtime.logger.info("knowledge ingested", { ...ingested });
  } catch (error) {
    await sidecar?.stop();
    await storage.close();
    throw error;
  }
  const tasks = tickEvery > 0 ? startTaskLoop(runtime, tickEvery) : undefined;
  const app = createApp({
    getAgent: async () => runtime,
    env: () => env,
    version,
    openWithoutToken,
  });
  // The local web chat at GET /; it calls /api like any client, so API_TOKEN still applies.
  app.route("/", webChatRoutes());

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(s));
    s.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    runtime,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await tasks?.stop();
      await runtime.stop();
      await sidecar?.stop();
      await storage.close();
    },
  };
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
