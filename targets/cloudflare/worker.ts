// The Worker: `fetch` serves the shared app, `scheduled` (Cron Triggers) runs one task tick.
// Both keep work alive with ctx.waitUntil. The env only arrives with the first event, so the
// app and the agent are built then, once per isolate, and reused by later requests.
import type { Hono } from "hono";
import { collectPluginRoutes } from "../../core/http/plugin-routes/mount.ts";
import { type AppEnv, createApp, type Plugin, runDueTasks } from "../../core/index.ts";
import { agentPerIsolate, type ConnectorSet, connectorsFor, version } from "../shared/index.ts";
import { createWorkerAgent } from "./agent.ts";
import type { WorkerContext, WorkerEnv, WorkerScheduledController } from "./env.ts";

export interface WorkerOptions {
  /** Webhook connectors and their plugins; default those the env switches on. */
  connectors?: ConnectorSet;
  /** More plugins for the agent (actions, providers, model providers, elizaOS plugins). */
  plugins?: Plugin[];
}

export interface Worker {
  fetch(request: Request, env: WorkerEnv, ctx: WorkerContext): Promise<Response>;
  scheduled(
    controller: WorkerScheduledController,
    env: WorkerEnv,
    ctx: WorkerContext,
  ): Promise<void>;
}

export function createWorker(options: WorkerOptions = {}): Worker {
  // The app waits for the first request's env, but a bad plugin route is known now: failing
  // here fails the Worker's startup (and `wrangler deploy`), not every request.
  collectPluginRoutes(options.plugins ?? []);
  let enabled: ConnectorSet | undefined;
  const connectorsOf = (env: WorkerEnv) => (enabled ??= connectorsFor(env, options.connectors));
  const pluginsOf = (env: WorkerEnv) => [...connectorsOf(env).plugins, ...(options.plugins ?? [])];
  const getAgent = agentPerIsolate((env: WorkerEnv) => createWorkerAgent(env, pluginsOf(env)));
  let app: Hono<AppEnv> | undefined;
  const appOf = (env: WorkerEnv) =>
    (app ??= createApp({
      getAgent: (c) => getAgent(c.env as WorkerEnv),
      version,
      waitUntil: (c, work) => c.executionCtx.waitUntil(work),
      connectors: connectorsOf(env).connectors,
      plugins: pluginsOf(env),
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
