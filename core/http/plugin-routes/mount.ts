// elizaOS plugin routes on the shared app, at the path each plugin declares (elizaOS's server
// serves them at their own path too: plugin-starter's GET /helloworld). They sit behind the
// same API token as /api/messages; elizaOS's `public: true` only puts a route on its web UI's
// tabs, so it changes nothing here. Anything that cannot work (a STATIC route: no filesystem
// on the edge; a path shadowing a built-in or another plugin's route) fails at startup.
import type { Context, Hono, MiddlewareHandler } from "hono";
import { assemblePlugins } from "../../agent/index.ts";
import { describeError } from "../../kernel/index.ts";
import type { Plugin, Route } from "../../runtime/index.ts";
import type { AppEnv } from "../app-options.ts";
import { errorBody } from "../errors.ts";
import { BUILT_IN_PATHS, normalizeRoutePath, pathsOverlap } from "./collisions.ts";
import { toExpressRequest } from "./request.ts";
import { ExpressResponse } from "./response.ts";

type Method = Exclude<Route["type"], "STATIC">;

/** AppOptions.pluginRouteAnswerWaitMs's default: under API Gateway's 29 s. */
export const DEFAULT_PLUGIN_ROUTE_ANSWER_WAIT_MS = 25_000;

interface MountedRoute {
  plugin: string;
  method: Method;
  path: string;
  handler: NonNullable<Route["handler"]>;
}

/** Checks every plugin's routes and returns them ready to mount; throws on the first bad one. */
export function collectPluginRoutes(
  plugins: readonly Plugin[],
  connectorNames: readonly string[] = [],
  /** Paths a target serves beside the shared app (the Node server's web chat at /). */
  targetPaths: readonly string[] = [],
): MountedRoute[] {
  // Same-named plugins collapse as the runtime collapses them, so only one set is served.
  const { plugins: unique } = assemblePlugins([], plugins);
  const builtIns = [
    ...BUILT_IN_PATHS,
    ...connectorNames.map((name) => `/webhooks/${name}/*`),
    ...targetPaths,
  ];
  const mounted: MountedRoute[] = [];
  for (const plugin of unique) {
    for (const route of plugin.routes ?? []) {
      const path = normalizeRoutePath(route.path ?? "");
      const where = `plugin "${plugin.name}" route ${route.type} ${path}`;
      if (route.type === "STATIC") {
        throw new Error(
          `${where}: STATIC routes serve files from disk, and there is no filesystem on the ` +
            "edge. Serve those files from your platform's static hosting instead.",
        );
      }
      if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(route.type)) {
        throw new Error(`${where}: unknown route type (GET, POST, PUT, PATCH or DELETE)`);
      }
      if (typeof route.handler !== "function") throw new Error(`${where} has no handler`);
      const builtIn = builtIns.find((b) => pathsOverlap(path, b));
      if (builtIn) {
        throw new Error(`${where} collides with eliza-edge's built-in route ${builtIn}`);
      }
      const other = mounted.find((m) => m.method === route.type && pathsOverlap(path, m.path));
      if (other) {
        throw new Error(
          `${where} collides with plugin "${other.plugin}" route ${other.method} ${other.path}`,
        );
      }
      mounted.push({ plugin: plugin.name, method: route.type, path, handler: route.handler });
    }
  }
  return mounted;
}

export function mountPluginRoutes(
  app: Hono<AppEnv>,
  routes: readonly MountedRoute[],
  guards: readonly MiddlewareHandler[],
): void {
  for (const route of routes) {
    app.on(route.method, [route.path], ...guards, (c) => servePluginRoute(c, route));
  }
}

const unanswered = new WeakSet<MountedRoute>();

async function servePluginRoute(c: Context<AppEnv>, route: MountedRoute): Promise<Response> {
  const runtime = await c.get("options").getAgent(c);
  const req = await toExpressRequest(c);
  req.runtime = runtime;
  req.agentId = runtime.agentId;
  const res = new ExpressResponse();
  try {
    await route.handler(req, res, runtime);
  } catch (error) {
    // One line, through the runtime's redacting logger; the client learns nothing internal.
    runtime.logger.error(
      `plugin "${route.plugin}" route ${route.method} ${route.path} failed: ${describeError(error)}`,
    );
    const answered = res.toResponse();
    if (answered) return answered;
    return c.json(
      errorBody("plugin_route_error", `The ${route.plugin} plugin's route failed`),
      500,
    );
  }
  if (!res.finished) {
    const wait = c.get("options").pluginRouteAnswerWaitMs ?? DEFAULT_PLUGIN_ROUTE_ANSWER_WAIT_MS;
    await endedWithin(res, wait);
  }
  const answered = res.toResponse();
  if (answered) return answered;
  // An express handler that never answers would hang its client; here it gets 204 No Content,
  // and the log says so once per route.
  if (!unanswered.has(route)) {
    unanswered.add(route);
    runtime.logger.warn(
      `plugin "${route.plugin}" route ${route.method} ${route.path} returned without answering; sent 204 No Content`,
    );
  }
  return c.body(null, 204);
}

/** Waits for the handler's late end(), at most `ms`; the timer never outlives the request. */
async function endedWithin(res: ExpressResponse, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([res.ended, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
