// The Worker: `fetch` serves the shared app, `scheduled` (Cron Triggers) runs one task tick.
// Both keep work alive with ctx.waitUntil; the agent is built once per isolate, on first use.
import { type Connector, createApp, type Plugin, runDueTasks } from "../../core/index.ts";
import { agentPerIsolate, edgeConnectors, version } from "../shared/index.ts";
import { createWorkerAgent } from "./agent.ts";
import type { WorkerContext, WorkerEnv, WorkerScheduledController } from "./env.ts";

export interface WorkerOptions {
  /** Webhook connectors; default the edge targets' list (targets/shared/connectors.ts). */
  connectors?: Connector[];
  /** More plugins for the agent (actions, providers, model providers). */
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
  const getAgent = agentPerIsolate((env: WorkerEnv) => createWorkerAgent(env, options.plugins));
  const app = createApp({
    getAgent: (c) => getAgent(c.env as WorkerEnv),
    version,
    waitUntil: (c, work) => c.executionCtx.waitUntil(work),
    connectors: options.connectors ?? edgeConnectors,
  });
  return {
    fetch: async (request, env, ctx) =>
      app.fetch(request, env, ctx as Parameters<typeof app.fetch>[2]),
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
