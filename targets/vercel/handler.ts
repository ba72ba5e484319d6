// The Vercel function: the shared app through hono/vercel, background work kept alive with
// `waitUntil` from @vercel/functions, and Vercel Cron calling GET /api/cron with
// `Authorization: Bearer $CRON_SECRET` (checked by the shared app).

import { waitUntil } from "@vercel/functions";
import { handle } from "hono/vercel";
import { createApp } from "../../core/index.ts";
import {
  type AgentOptions,
  agentPerIsolate,
  connectorsFor,
  defineAgent,
  VERCEL_DEADLINES,
  version,
  withDeadlines,
} from "../shared/index.ts";
import { installNodeRunScope } from "../shared/node-run-scope.ts";
import { createVercelAgent, type VercelEnv } from "./agent.ts";

/** The agent defined in code (character, plugins, storage, connectors, models); the env fills in the rest. */
export interface VercelHandlerOptions extends AgentOptions<VercelEnv> {
  /** Default process.env. */
  env?: VercelEnv;
  /** Default @vercel/functions' waitUntil. */
  waitUntil?: (work: Promise<unknown>) => void;
}

export type VercelHandler = (request: Request) => Promise<Response>;

export function createVercelHandler(options: VercelHandlerOptions = {}): VercelHandler {
  installNodeRunScope();
  // Under the function's maxDuration (shared/deadlines.ts), unless the env sets them.
  const env = withDeadlines(options.env ?? process.env, VERCEL_DEADLINES);
  const keepAlive = options.waitUntil ?? waitUntil;
  // A bad character, connector name or plugin route fails here, when the module loads.
  const definition = defineAgent(options);
  const enabled = connectorsFor(env, definition.connectors);
  const plugins = [...enabled.plugins, ...definition.plugins];
  const getAgent = agentPerIsolate(() =>
    createVercelAgent(env, { ...definition, connectors: enabled }),
  );
  const app = createApp({
    getAgent: () => getAgent(env),
    env: () => env,
    version,
    waitUntil: (_c, work) => keepAlive(work),
    connectors: enabled.connectors,
    plugins,
    jsonLogsByDefault: true,
    requestTimeoutMs: VERCEL_DEADLINES.REQUEST_TIMEOUT_MS,
  });
  const fetch = handle(app);
  return async (request) => fetch(request);
}
