// A typed client for the REST API, from hono's own RPC client (`hc`) and the app's route types:
// `client.api.messages.$post({ json: { text } })`, `client.api.runs.$get({ query })`, each
// answer's JSON typed as the route returns it. Works wherever fetch does (Node, browsers,
// Workers). Errors come back as responses (`{error: {code, message}}`), not exceptions.
import { hc } from "hono/client";
import type { RestApi } from "./routes/index.ts";

export interface ClientOptions {
  /** API_TOKEN, sent as `Authorization: Bearer`. */
  token?: string;
  /** Default the global fetch; `app.request` serves an in-process app. */
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

export function createClient(baseUrl: string, options: ClientOptions = {}) {
  return hc<RestApi>(baseUrl, {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: {
      // An open dev server takes writes only as JSON (loopback-guard.ts): pause and resume too.
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  });
}

export type ElizaEdgeClient = ReturnType<typeof createClient>;
export type { RestApi } from "./routes/index.ts";
