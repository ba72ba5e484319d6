// The one HTTP app every target serves. Targets differ only in how they build the agent and
// where the env comes from; routes, auth and error shapes are the same everywhere.
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeError, envLogger, envSetting } from "../kernel/index.ts";
import {
  acceptWithLimits,
  type InboundMessage,
  type WebhookAcceptance,
} from "../pipeline/index.ts";
import type { IAgentRuntime } from "../runtime/index.ts";
import type { AppEnv, AppOptions } from "./app-options.ts";
import { CRON_SECRET_MIN_LENGTH, requireBearer } from "./auth.ts";
import { requestDeadline } from "./deadline.ts";
import { ELIZAOS_API_PATHS, elizaApiKey } from "./elizaos-api/index.ts";
import { errorBody, toErrorResponse } from "./errors.ts";
import { loopbackGuard } from "./loopback-guard.ts";
import { openAiErrorShape } from "./openai/index.ts";
import { collectPluginRoutes, mountPluginRoutes } from "./plugin-routes/index.ts";
import { restRoutes } from "./routes/index.ts";

export type { AppEnv, AppOptions, Connector } from "./app-options.ts";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export function createApp(options: AppOptions): Hono<AppEnv> {
  const resolved = {
    ...options,
    env: options.env ?? ((c: Context) => (c.env ?? {}) as Record<string, unknown>),
  };
  const maxSize = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // Checked before anything is mounted: a bad plugin route stops startup, not a request.
  const pluginRoutes = collectPluginRoutes(
    options.plugins ?? [],
    (options.connectors ?? []).map((connector) => connector.name),
  );
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    c.set("options", resolved);
    await next();
    noStoreNoSniff(c.res.headers);
  });
  // OpenAI's error shape for every answer under /v1, the token check's and the body limit's too.
  app.use("/v1/*", openAiErrorShape);
  app.use("*", requestDeadline(options.requestTimeoutMs));
  const limitBody = bodyLimit({
    maxSize,
    onError: (c) =>
      c.json(errorBody("payload_too_large", `Request body is larger than ${maxSize} bytes`), 413),
  });
  // A request that declares a length within the limit passes as hono's check would pass it,
  // without opening its body as a stream (Lambda's request holds the bytes; see
  // targets/lambda/event-body-request.ts). Anything else goes through hono's check.
  app.use("*", (c, next) =>
    declaredWithin(c.req.raw.headers, maxSize) ? next() : limitBody(c, next),
  );
  const apiToken = requireBearer({
    setting: "API_TOKEN",
    token: (c) => setting(resolved.env(c), "API_TOKEN"),
    openWhenUnset: options.openWithoutToken,
  });
  const guard = options.loopbackOnly
    ? loopbackGuard((c) => !setting(resolved.env(c), "API_TOKEN"))
    : undefined;
  // Everything under /api but the cron tick, which has its own secret.
  const apiPaths = [
    "/api/messages",
    "/api/rooms/*",
    "/api/runs",
    "/api/runs/*",
    "/api/tasks",
    "/api/tasks/*",
    "/api/streams",
    "/v1/*",
  ];
  for (const path of apiPaths) {
    if (guard) app.use(path, guard);
    app.use(path, apiToken);
  }
  // elizaOS's client sends the token as X-API-KEY.
  for (const path of ELIZAOS_API_PATHS) {
    if (guard) app.use(path, guard);
    app.use(path, elizaApiKey);
  }
  // A stream's events carry their own token (an EventSource sends no Authorization header).
  if (guard) app.use("/api/streams/*", guard);
  // The cron secret is separate from the API token: Vercel sends it, and it only ticks.
  app.use(
    "/api/cron",
    requireBearer({
      setting: "CRON_SECRET",
      token: (c) => setting(resolved.env(c), "CRON_SECRET"),
      minLength: CRON_SECRET_MIN_LENGTH,
    }),
  );

  app.route("/", restRoutes);
  for (const connector of options.connectors ?? []) {
    app.route(`/webhooks/${connector.name}`, connector.routes);
  }
  mountPluginRoutes(app, pluginRoutes, guard ? [guard, apiToken] : [apiToken]);

  app.notFound((c) =>
    c.json(errorBody("not_found", `No route for ${c.req.method} ${c.req.path}`), 404),
  );
  app.onError((error, c) => toErrorResponse(c, error));
  return app;
}

/** A Content-Length of at most `maxSize`, not chunked: hono's bodyLimit lets it through. */
function declaredWithin(headers: Headers, maxSize: number): boolean {
  const length = headers.get("content-length");
  if (length === null || headers.has("transfer-encoding")) return false;
  return Number.parseInt(length, 10) <= maxSize;
}

/**
 * Answers are per caller and change with every message: no cache or proxy keeps them (unless a
 * route chose its own Cache-Control), and no browser reads a JSON answer as another type.
 */
function noStoreNoSniff(headers: Headers): void {
  try {
    if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
    headers.set("x-content-type-options", "nosniff");
  } catch {
    // A response passed through as fetched has immutable headers; it is left as it came.
  }
}

/** A non-empty env string; a key with an elizaOS name (POSTGRES_URL ...) falls back to it. */
export function setting(env: Record<string, unknown>, key: string): string | undefined {
  return envSetting(env, key);
}

/** Runs `work` after the response where the platform allows it; failures are logged, not lost. */
export function runInBackground(c: Context<AppEnv>, work: Promise<unknown>): void {
  const logged = work.catch((error) => {
    const options = c.get("options");
    envLogger(options.env(c), options.jsonLogsByDefault).error(
      `background work failed: ${describeError(error)}`,
    );
  });
  const { waitUntil } = c.get("options");
  if (waitUntil) waitUntil(c, logged);
}

export type { WebhookAcceptance } from "../pipeline/index.ts";

/**
 * Accepts an inbound webhook message (deduplicated, durable) and gets it answered after the
 * response: in the background where the platform allows it, else by the continuation the
 * platform starts (`defer`), else by the next tick. A sender or room over its message limit is
 * dropped before anything is stored; the connector acknowledges and tells the user once.
 */
export async function acceptInBackground(
  c: Context<AppEnv>,
  runtime: IAgentRuntime,
  inbound: InboundMessage,
): Promise<WebhookAcceptance> {
  const { defer } = c.get("options");
  const acceptance = await acceptWithLimits(runtime, inbound, { lease: !defer });
  if (acceptance.accepted) {
    if (acceptance.process) runInBackground(c, acceptance.process());
    else defer?.(c);
  }
  return acceptance;
}
