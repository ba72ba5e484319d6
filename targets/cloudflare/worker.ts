// The Worker: `fetch` serves the shared app, `scheduled` (Cron Triggers) runs one task tick.
// Both keep work alive with ctx.waitUntil. The env only arrives with the first event, so the
// app and the agent are built then, once per isolate, and reused by later requests.
import type { Hono } from "hono";
import { collectPluginRoutes } from "../../core/http/index.ts";
import { type AppEnv, createApp, runDueTasks } from "../../core/index.ts";
import {
  type AgentOptions,
  agentPerIsolate,
  type ConnectorSet,
  characterFromEnv,
  connectorsFor,
  defineAgent,
  version,
  WORKER_DEADLINES,
  withDeadlines,
} from "../shared/index.ts";
import { createWorkerAgent } from "./agent.ts";
import type { WorkerContext, WorkerEnv, WorkerScheduledController } from "./env.ts";

/**
 * The agent defined in code; the env (bindings, vars, secrets) fills in the rest. `Env` is
 * your Worker's env type, so a storage factory reads your bindings:
 * `storage: (env) => createD1Storage(env.DB)`.
 */
export type WorkerOptions<Env = WorkerEnv> = AgentOptions<Env>;

export interface Worker<Env = WorkerEnv> {
  fetch(request: Request, env: Env, ctx: WorkerContext): Promise<Response>;
  scheduled(controller: WorkerScheduledController, env: Env, ctx: WorkerContext): Promise<void>;
}

export function createWorker<Env = WorkerEnv>(options: WorkerOptions<Env> = {}): Worker<Env> {
  // The app waits for the first request's env, but a bad character or plugin route is known
  // now: failing here fails the Worker's startup (and `wrangler deploy`), not every request.
  const definition = defineAgent(options);
  collectPluginRoutes(definition.plugins);
  // Startup CPU has a limit of its own (1 s); a request's is 10 ms on the free plan. Parsing
  // the bundled character once now builds its schemas and compiles the parser, so the first
  // request's parse is a few milliseconds cheaper. CHARACTER_JSON may replace the bundled
  // file, so a bundled file that fails here is left for the first request to report.
  if (!definition.character) {
    try {
      characterFromEnv({});
    } catch {}
  }
  let enabled: ConnectorSet | undefined;
  const connectorsOf = (env: Env) =>
    (enabled ??= connectorsFor(env as Record<string, unknown>, definition.connectors));
  const pluginsOf = (env: Env) => [...connectorsOf(env).plugins, ...definition.plugins];
  // Within waitUntil's 30 s (shared/deadlines.ts), unless the env sets them.
  const getAgent = agentPerIsolate((env: Env) =>
    createWorkerAgent(withDeadlines(env, WORKER_DEADLINES), {
      ...definition,
      connectors: connectorsOf(env),
    }),
  );
  let app: Hono<AppEnv> | undefined;
  const appOf = (env: Env) =>
    (app ??= createApp({
      getAgent: (c) => getAgent(c.env as Env),
      version,
      waitUntil: (c, work) => c.executionCtx.waitUntil(work),
      connectors: connectorsOf(env).connectors,
      plugins: pluginsOf(env),
      jsonLogsByDefault: true,
      requestTimeoutMs: WORKER_DEADLINES.REQUEST_TIMEOUT_MS,
    }));

  return {
    fetch: async (request, env, ctx) =>
      appOf(env).fetch(request, env, ctx as Parameters<Hono["fetch"]>[2]),
    async scheduled(controller, env, ctx) {
      ctx.waitUntil(
        (async () => {
          const agent = await getAgent(env);
          // scheduledTime is the planned time, identical on a redelivered trigger, so a
          // duplicate fire claims nothing and runs nothing.
          const report = await runDueTasks(agent, {
            occurrence: String(controller.scheduledTime),
          });
          agent.logger.info(`cron ${controller.cron}: task tick`, { ...report });
        })(),
      );
    },
  };
}
