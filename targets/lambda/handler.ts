// The Lambda entry: HTTP events go to the shared app (hono/aws-lambda decodes base64 bodies,
// multi-value headers and v2 cookies); scheduled events and ticks run runDueTasks(). Nothing
// runs after a Lambda returns, so a webhook message is not started in the request at all: the
// app leaves it due (`defer`) and the function invokes itself to tick, or the next cron does.
// Only one invocation ever runs a message, so a container frozen mid-request cannot wake up
// later and answer a second time.

import type {
  ALBEvent,
  ALBResult,
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
  Context,
  ScheduledEvent,
} from "aws-lambda";
import {
  createApp,
  describeError,
  envLogger,
  runDueTasks,
  type TickReport,
} from "../../core/index.ts";
import {
  type AgentOptions,
  agentPerIsolate,
  connectorsFor,
  defineAgent,
  LAMBDA_DEADLINES,
  version,
  withDeadlines,
} from "../shared/index.ts";
import { installNodeRunScope } from "../shared/node-run-scope.ts";
import { createLambdaAgent, type LambdaEnv } from "./agent.ts";
import { isHttpEvent, isScheduledEvent, isTickEvent, MARKER, type TickEvent } from "./events.ts";
import { handleHttp } from "./http-handle.ts";
import { type SelfInvoke, selfInvokeFromEnv } from "./self-invoke.ts";

/** The agent defined in code (character, plugins, storage, connectors, models); the env fills in the rest. */
export interface LambdaHandlerOptions extends AgentOptions<LambdaEnv> {
  /** Default process.env. */
  env?: LambdaEnv;
  /** Default from env: LAMBDA_SELF_INVOKE=true, AWS_LAMBDA_FUNCTION_NAME, LAMBDA_ENDPOINT. */
  selfInvoke?: SelfInvoke | null;
  /** The agent's clock; default Date.now (tests move it to fire reminders without waiting). */
  now?: () => number;
}

/** The Lambda context; the handler reads nothing from it that it needs, so any part will do. */
export type LambdaContext = Partial<Context>;

/** Any event in, the handler's answer out: how a router or a test calls the function. */
export type LambdaInvocation = (event: unknown, context?: LambdaContext) => Promise<unknown>;

/**
 * The function, typed per event so it is a `Handler<APIGatewayProxyEventV2,
 * APIGatewayProxyResultV2>`, an `APIGatewayProxyHandler`, an `ALBHandler` and a
 * `ScheduledHandler` as CDK, SAM and Serverless code declare them.
 */
export interface LambdaHandler {
  (
    event: APIGatewayProxyEventV2,
    context?: LambdaContext,
  ): Promise<APIGatewayProxyStructuredResultV2>;
  (event: APIGatewayProxyEvent, context?: LambdaContext): Promise<APIGatewayProxyResult>;
  (event: ALBEvent, context?: LambdaContext): Promise<ALBResult>;
  /** Resolves to the TickReport; typed void, as a ScheduledHandler returns. */
  (event: ScheduledEvent, context?: LambdaContext): Promise<void>;
  (event: TickEvent, context?: LambdaContext): Promise<TickReport>;
  (event: unknown, context?: LambdaContext): Promise<unknown>;
}

export function createLambdaHandler(options: LambdaHandlerOptions = {}): LambdaHandler {
  const { env, app, getAgent, deferred } = lambdaApp(options);
  const selfInvoke =
    options.selfInvoke === undefined ? selfInvokeFromEnv(env) : (options.selfInvoke ?? undefined);
  const http = handleHttp(app);

  const tick = async (occurrence?: string): Promise<TickReport> => {
    const agent = await getAgent(env);
    const report = await runDueTasks(agent, { occurrence });
    agent.logger.info("task tick", { occurrence, ...report });
    return report;
  };

  const invoke: LambdaInvocation = async (event, context = {}) => {
    if (isHttpEvent(event)) {
      // hono/aws-lambda declares its own copies of these shapes; the objects are the same.
      const result = await http(
        event as Parameters<typeof http>[0],
        context as Parameters<typeof http>[1],
      );
      if (deferred.has(event) && selfInvoke) await handOff(selfInvoke, env);
      return result;
    }
    if (isScheduledEvent(event)) return tick(`eventbridge:${event.time}`);
    if (isTickEvent(event)) return tick(event.occurrence && `tick:${event.occurrence}`);
    envLogger(env, true).error(
      "unrecognised Lambda event",
      JSON.stringify(event)?.slice(0, 500) ?? "",
    );
    return {
      error: { code: "unrecognised_event", message: "Not an HTTP, schedule or tick event" },
    };
  };
  // One implementation answers every overload: the event's shape decides the result's.
  return invoke as LambdaHandler;
}

/**
 * The shared app as Lambda serves it, with the agent built once per container. Webhook
 * messages are left due (`defer`): nothing runs after a buffered Lambda returns.
 */
export function lambdaApp(options: LambdaHandlerOptions) {
  installNodeRunScope();
  // Under API Gateway's 29 s (shared/deadlines.ts), unless the env sets them.
  const env = withDeadlines(options.env ?? process.env, LAMBDA_DEADLINES);
  // A bad character, connector name or plugin route fails here, when the module loads.
  const definition = defineAgent(options);
  const enabled = connectorsFor(env, definition.connectors);
  const plugins = [...enabled.plugins, ...definition.plugins];
  const getAgent = agentPerIsolate(() =>
    createLambdaAgent(env, { ...definition, connectors: enabled, now: options.now }),
  );
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
    jsonLogsByDefault: true,
    requestTimeoutMs: LAMBDA_DEADLINES.REQUEST_TIMEOUT_MS,
  });
  return { env, app, getAgent, deferred };
}

/** A failed hand-off loses nothing: the message stays due and the next scheduled tick runs it. */
async function handOff(selfInvoke: SelfInvoke, env: LambdaEnv): Promise<void> {
  try {
    await selfInvoke({ [MARKER]: "tick" });
  } catch (error) {
    envLogger(env, true).error(
      `async self-invoke failed; the next tick picks the work up: ${describeError(error)}`,
    );
  }
}
