// The Vercel function: the shared app through hono/vercel, background work kept alive with
// `waitUntil` from @vercel/functions, and Vercel Cron calling GET /api/cron with
// `Authorization: Bearer $CRON_SECRET` (checked by the shared app).
import { waitUntil } from "@vercel/functions";
import { handle } from "hono/vercel";
import { createApp, type Plugin } from "../../core/index.ts";
import { agentPerIsolate, type ConnectorSet, connectorsFor, version } from "../shared/index.ts";
import { createVercelAgent, type StorageFactory, type VercelEnv } from "./agent.ts";

export interface VercelHandlerOptions {
  /** Default process.env. */
  env?: VercelEnv;
  /** Default Neon over HTTP from DATABASE_URL. */
  storage?: StorageFactory;
  /** Webhook connectors and their plugins; default those the env switches on. */
  connectors?: ConnectorSet;
  plugins?: Plugin[];
  /** Default @vercel/functions' waitUntil. */
  waitUntil?: (work: Promise<unknown>) => void;
}

export type VercelHandler = (request: Request) => Promise<Response>;

export function createVercelHandler(options: VercelHandlerOptions = {}): VercelHandler {
  const env = options.env ?? process.env;
  const keepAlive = options.waitUntil ?? waitUntil;
  const enabled = connectorsFor(env, options.connectors);
  const plugins = [...enabled.plugins, ...(options.plugins ?? [])];
  const getAgent = agentPerIsolate(() =>
    createVercelAgent(env, { storage: options.storage, plugins }),
  );
  const app = createApp({
    getAgent: () => getAgent(env),
    env: () => env,
    version,
    waitUntil: (_c, work) => keepAlive(work),
    connectors: enabled.connectors,
    plugins,
  });
  const fetch = handle(app);
  return async (request) => fetch(request);
}
