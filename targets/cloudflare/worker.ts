// The Worker: `fetch` serves the shared app, `scheduled` (Cron Triggers) runs one task tick.
// Both keep work alive with ctx.waitUntil. The app and the agent are built once per isolate and
// reused by later requests: at startup when the env is given there (`cloudflare:workers`),
// else with the first event's env.
import type { Hono } from "hono";
import { collectPluginRoutes } from "../../core/http/index.ts";
import { type AppEnv, createApp, type PreparedAgent, runDueTasks } from "../../core/index.ts";
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
import { prepareWorkerAgent } from "./agent.ts";
import type { WorkerContext, WorkerEnv, WorkerScheduledController } from "./env.ts";
import { inWorkersRuntime, warmUp } from "./warm-up.ts";

/**
 * The agent defined in code; the env (bindings, vars, secrets) fills in the rest. `Env` is
 * your Worker's env type, so a storage factory reads your bindings:
 * `storage: (env) => createD1Storage(env.DB)`.
 */
export interface WorkerOptions<Env = WorkerEnv> extends AgentOptions<Env> {
  /**
   * The env at startup: `import { env } from "cloudflare:workers"`. With it the app and the
   * agent are built in the Worker's global scope, whose CPU counts against the startup limit
   * (1 s) rather than a request's (10 ms on the free plan); the first request then only does
   * the agent's I/O (its row in storage). Without it both wait for the first request's env.
   */
  env?: Env;
  /**
   * Run one throwaway turn at startup (a private agent on memory storage, offline model) so
   * the first request does not pay for compiling the turn's code: in our bench about 10 ms
   * less CPU in a fresh isolate's first message on the in-isolate store and 20 ms on D1,
   * against the free plan's 10 ms a request; startup CPU (limit 1 s) moved within its 10 ms
   * ticks. Only in workerd. Default true.
   */
  warmUp?: boolean;
}

export interface Worker<Env = WorkerEnv> {
  fetch(request: Request, env: Env, ctx: WorkerContext): Promise<Response>;
  scheduled(controller: WorkerScheduledController, env: Env, ctx: WorkerContext): Promise<void>;
}

export function createWorker<Env = WorkerEnv>(options: WorkerOptions<Env> = {}): Worker<Env> {
  // Without a startup env the app waits for the first request's, but a bad character or plugin
  // route is known now: failing here fails the Worker's startup (and `wrangler deploy`).
  const definition = defineAgent(options);
  collectPluginRoutes(definition.plugins);
  // Startup CPU has a limit of its own (1 s); a request's is 10 ms on the free plan. Parsing
  // the bundled character once now builds its schemas and compiles the parser, so the first
  // request's parse is a few milliseconds cheaper. CHARACTER_JSON may replace the bundled
  // file, so a bundled file that fails here is left for the first request to report.
  if (!definition.character && !options.env) {
    try {
      characterFromEnv({});
    } catch {}
  }
  let enabled: ConnectorSet | undefined;
  const connectorsOf = (env: Env) =>
    (enabled ??= connectorsFor(env as Record<string, unknown>, definition.connectors));
  const pluginsOf = (env: Env) => [...connectorsOf(env).plugins, ...definition.plugins];
  // Within waitUntil's 30 s (shared/deadlines.ts), unless the env sets them.
  const prepare = (env: Env) =>
    prepareWorkerAgent(withDeadlines(env, WORKER_DEADLINES), {
      ...definition,
      connectors: connectorsOf(env),
    });
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
  const early = options.env === undefined ? undefined : prepareAtStartup(options.env);
  if (options.warmUp !== false && inWorkersRuntime()) {
    // The kit's default storage is D1 over the DB binding; a factory of the user's that binds
    // DB most likely builds D1 storage too.
    void warmUp({ d1: Boolean((options.env as WorkerEnv | undefined)?.DB) });
  }
  const getAgent = agentPerIsolate(async (env: Env) => {
    const prepared = (await early?.take()) ?? (await prepare(env));
    return prepared.start();
  });

  /**
   * The app and the agent built now, from the startup env. Whatever fails here (a bad
   * CHARACTER_JSON, a storage factory doing I/O, which the global scope forbids) is left for
   * the first request to build and report, as without a startup env.
   */
  function prepareAtStartup(env: Env) {
    try {
      // hono compiles its router on the first match: that one too.
      appOf(env).router.match("GET", "/");
    } catch {}
    let prepared: Promise<PreparedAgent | undefined> | undefined = prepare(env).catch(
      () => undefined,
    );
    // Used once: a start that failed is not retried on the same runtime.
    return {
      take() {
        const it = prepared;
        prepared = undefined;
        return it;
      },
    };
  }

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
