// The Lambda entry: HTTP events go to the shared app (hono/aws-lambda decodes base64 bodies,
// multi-value headers and v2 cookies), scheduled events and ticks run runDueTasks(), and a
// "continue" event finishes what an earlier request left for the background.
import { handle } from "hono/aws-lambda";
import {
  type AgentRuntime,
  createApp,
  type Plugin,
  runDueTasks,
  type TickReport,
  type UUID,
} from "../../core/index.ts";
import { agentPerIsolate, type ConnectorSet, connectorsFor, version } from "../shared/index.ts";
import { createLambdaAgent, type LambdaEnv, type StorageFactory } from "./agent.ts";
import { BackgroundWork } from "./background.ts";
import {
  type ContinueEvent,
  isContinueEvent,
  isHttpEvent,
  isScheduledEvent,
  isTickEvent,
} from "./events.ts";
import { type SelfInvoke, selfInvokeFromEnv } from "./self-invoke.ts";

export interface LambdaHandlerOptions {
  /** Default process.env. */
  env?: LambdaEnv;
  /** Default DynamoDB from DYNAMODB_TABLE and DYNAMODB_ENDPOINT. */
  storage?: StorageFactory;
  /** Webhook connectors and their plugins; default those the env switches on. */
  connectors?: ConnectorSet;
  plugins?: Plugin[];
  /** Default from env: LAMBDA_SELF_INVOKE=true, AWS_LAMBDA_FUNCTION_NAME, LAMBDA_ENDPOINT. */
  selfInvoke?: SelfInvoke | null;
}

/** The Lambda context fields this handler reads. */
export interface LambdaContext {
  awsRequestId?: string;
  [key: string]: unknown;
}

export type LambdaHandler = (event: unknown, context?: LambdaContext) => Promise<unknown>;

export function createLambdaHandler(options: LambdaHandlerOptions = {}): LambdaHandler {
  const env = options.env ?? process.env;
  const enabled = connectorsFor(env, options.connectors);
  const getAgent = agentPerIsolate(() =>
    createLambdaAgent(env, {
      storage: options.storage,
      plugins: [...enabled.plugins, ...(options.plugins ?? [])],
    }),
  );
  const selfInvoke =
    options.selfInvoke === undefined ? selfInvokeFromEnv(env) : (options.selfInvoke ?? undefined);
  // One handler per container (module load): the background work it tracks is this container's.
  const background = new BackgroundWork();
  const app = createApp({
    getAgent: () => getAgent(env),
    env: () => env,
    version,
    waitUntil: (_c, work) => background.keep(work),
    connectors: enabled.connectors,
  });
  const http = handle(app);

  const tick = async (occurrence?: string): Promise<TickReport> => {
    const agent = await getAgent(env);
    const report = await runDueTasks(agent, { occurrence });
    agent.logger.info("task tick", { occurrence, ...report });
    return report;
  };

  return async (event, context = {}) => {
    if (isHttpEvent(event)) {
      const { result, work, leases } = await background.track(() =>
        http(
          event as unknown as Parameters<typeof http>[0],
          context as unknown as Parameters<typeof http>[1],
        ),
      );
      if (work.length > 0 && selfInvoke) {
        await handOff(selfInvoke, {
          elizaEdge: "continue",
          leases,
          requestId: context.awsRequestId,
        });
      }
      return result;
    }
    if (isScheduledEvent(event)) return tick(`eventbridge:${event.time}`);
    if (isTickEvent(event)) return tick(event.occurrence && `tick:${event.occurrence}`);
    if (isContinueEvent(event)) {
      return continueWork(await getAgent(env), event, background, tick);
    }
    console.error("[eliza-edge] unrecognised Lambda event", JSON.stringify(event)?.slice(0, 500));
    return {
      error: { code: "unrecognised_event", message: "Not an HTTP, schedule or tick event" },
    };
  };
}

/** A failed hand-off loses nothing: the leases expire and the next scheduled tick runs the work. */
async function handOff(selfInvoke: SelfInvoke, event: ContinueEvent): Promise<void> {
  try {
    await selfInvoke(event);
  } catch (error) {
    console.error("[eliza-edge] async self-invoke failed; the next tick picks the work up", error);
  }
}

async function continueWork(
  agent: AgentRuntime,
  event: ContinueEvent,
  background: BackgroundWork,
  tick: () => Promise<TickReport>,
): Promise<TickReport> {
  // If this container is the one that took the request, its frozen work resumes now: let it
  // finish before freeing its leases, so a task is not run by both.
  await background.settle();
  for (const lease of event.leases) {
    await agent.storage.releaseTaskLease(lease.taskId as UUID, lease.owner);
  }
  return tick();
}
