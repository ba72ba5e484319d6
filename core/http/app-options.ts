// What the shared app is built from (AppOptions) and what its routes see (AppEnv). Apart from
// app.ts, whose routes import these types: a route never imports the app that mounts it.
import type { Context, Hono } from "hono";
import type { IAgentRuntime, Plugin } from "../runtime/index.ts";
import type { Admission } from "./admission.ts";

export interface AppOptions {
  /** The agent; targets build it once per process or isolate and reuse it. */
  getAgent: (c: Context) => Promise<IAgentRuntime>;
  /** Where settings such as API_TOKEN come from; default the Worker-style `c.env`. */
  env?: (c: Context) => Record<string, unknown>;
  version?: string;
  /** Leave /api open when API_TOKEN is unset. Only for a dev server bound to loopback. */
  openWithoutToken?: boolean;
  /**
   * While /api is open (openWithoutToken, API_TOKEN unset): answer it only for a loopback Host,
   * refuse cross-site writes and writes that are not JSON (DNS rebinding, forms posted by other
   * sites). See loopback-guard.ts.
   */
  loopbackOnly?: boolean;
  /**
   * The target's request deadline in ms (REQUEST_TIMEOUT_MS overrides it): past it the client
   * gets 503 + Retry-After, before the platform's gateway answers for us. Undefined: none.
   */
  requestTimeoutMs?: number;
  /**
   * Bounds the message turns running and waiting at once (admission.ts); past it a message is
   * answered 503 + Retry-After at once. The Node target sets it; serverless platforms scale out.
   */
  turnAdmission?: Admission;
  /** Largest request body accepted, in bytes; default 64 KiB. */
  maxBodyBytes?: number;
  /**
   * Keeps work alive after the response (Workers `ctx.waitUntil`, Vercel `waitUntil`). Without
   * it the work just runs on, which is right for a long-lived Node process only.
   */
  waitUntil?: (c: Context, work: Promise<unknown>) => void;
  /**
   * For platforms where nothing runs after the response (Lambda): accepted webhook messages
   * are left due instead of run in the background, and this is called once per such request
   * so the platform can start a continuation (an async self-invoke) that runs them.
   */
  defer?: (c: Context) => void;
  /** Chat platforms reached by webhook, each mounted at /webhooks/<name>. */
  connectors?: Connector[];
  /**
   * The deployment's plugins (the same list the agent gets): their elizaOS `routes` are
   * served at their own paths behind API_TOKEN. A bad or colliding route throws here.
   */
  plugins?: readonly Plugin[];
  /**
   * How long a plugin route whose handler returned without ending the response may still end
   * it: express handlers answer from callbacks (plugin-knowledge's upload route answers from
   * multer's). Default 25 s, under API Gateway's 29 s; then what was recorded is sent (204 when
   * nothing was).
   */
  pluginRouteAnswerWaitMs?: number;
  /**
   * The app's own log lines (an unhandled error, failed background work) as JSON when
   * LOG_JSON_FORMAT is set nowhere: the edge targets set it, as their agents log JSON.
   */
  jsonLogsByDefault?: boolean;
}

/** A chat platform's webhook routes; its send handler comes in as a plugin on the agent. */
export interface Connector {
  /** "telegram", "discord": the route is /webhooks/<name>. */
  name: string;
  routes: Hono<AppEnv>;
}

export type AppEnv = {
  Variables: { options: Required<Pick<AppOptions, "getAgent" | "env">> & AppOptions };
};
