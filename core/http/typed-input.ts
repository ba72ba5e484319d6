// Declares what a route takes, for hono's RPC client (`hc`) and its types, without touching
// the request: the handlers read and check the body and query themselves (readJson, zod),
// so bad input keeps eliza-edge's `{error: {code, message}}` answers.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-options.ts";

export function jsonInput<T>(): MiddlewareHandler<
  AppEnv,
  string,
  { in: { json: T }; out: { json: T } }
> {
  return async (_c, next) => {
    await next();
  };
}

export function queryInput<
  T extends Record<string, string | string[] | undefined>,
>(): MiddlewareHandler<AppEnv, string, { in: { query: T }; out: { query: T } }> {
  return async (_c, next) => {
    await next();
  };
}
