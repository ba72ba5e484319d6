// The Lambda entry: HTTP events go to the shared app (hono/aws-lambda decodes base64 bodies,
// multi-value headers and v2 cookies); scheduled events and ticks run runDueTasks(). Nothing
// runs after a Lambda returns, so a webhook message is not started in the request at all: the
// app leaves it due (`defer`) and the function invokes itself to tick, or the next cron does.
// Only one invocation ever runs a message, so a container frozen mid-request cannot wake up
// later and answer a second time.
import { handle } from "hono/aws-lambda";
import {
  createApp,
  describeError,
  envLogger,
  type Plugin,
  runDueTasks,
  type TickReport,
} from "../../core/index.ts";
import { agentPerIsolate, type ConnectorSet, connectorsFor, version } from "../shared/index.ts";
import { createLambdaAgent, type LambdaEnv, type StorageFactory } from "./agent.ts";
import { isHttpEvent, isScheduledEvent, isTickEvent, MARKER } from "./events.ts";
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
  /** The agent's clock; default Date.now (tests move it to fire reminders without waiting). */
  now?: () => number;
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
  const plugins = [...enabled.plugins, ...(options.plugins ?? [])];
  const getAgent = agentPerIsolate(() =>
    createLambdaAgent(env, {
      storage: options.storage,
      plugins,
      now: options.now,
    }),
  );
  const selfInvoke =
    options.selfInvoke === undefined ? selfInvokeFromEnv(env) : (options.selfInvoke ?? undefined);
  // The raw events whose request left webhook messages due (hono/aws-lambda hands the event to
  // the app as `c.env.event`), so concurrent requests in one container are told apart.
  const deferred = new WeakSet<object>();
  const app = createApp({
    getAgent: () => getAgent(env),
    env: () => env,
    version,
    defer: (c) => {
      const event = (c.env as { event?: object } | undefined)?.event;
      if (event) deferred.add(event);
    },
    connectors: enabled.connectors,
    plugins,
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
      const result = await http(
        event as unknown as Parameters<typeof http>[0],
        context as unknown as Parameters<typeof http>[1],
      );
      if (deferred.has(event) && selfInvoke) await handOff(selfInvoke, env);
      return result;
    }
    if (isScheduledEvent(event)) return tick(`eventbridge:${event.time}`);
    if (isTickEvent(event)) return tick(event.occurrence && `tick:${event.occurrence}`);
    envLogger(env).error("unrecognised Lambda event", JSON.stringify(event)?.slice(0, 500) ?? "");
    return {
      error: { code: "unrecognised_event", message: "Not an HTTP, schedule or tick event" },
    };
  };
}

/** A failed hand-off loses nothing: the message stays due and the next scheduled tick runs it. */
async function handOff(selfInvoke: SelfInvoke, env: LambdaEnv): Promise<void> {
  try {
    await selfInvoke({ [MARKER]: "tick" });
  } catch (error) {
    envLogger(env).error(
      `async self-invoke failed; the next tick picks the work up: ${describeError(error)}`,
    );
  }
}
