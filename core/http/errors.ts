// Every error leaves as `{error: {code, message}}` with a status that tells the caller what to
// do: 4xx fix the request, 502 the model failed, 503 retry later (storage down; platforms such
// as Telegram retry on it, so nothing accepted is lost).
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { describeError } from "../describe-error.ts";
import { envLogger } from "../env-logger.ts";
import { ModelError } from "../models/types.ts";
import { StorageError } from "../storage.ts";

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  constructor(status: ContentfulStatusCode, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

/** Maps anything thrown in a route to the JSON error a client can act on. */
export function toErrorResponse(c: Context, error: unknown): Response {
  if (error instanceof ApiError) return c.json(errorBody(error.code, error.message), error.status);
  if (error instanceof StorageError) {
    if (error.code === "UNAVAILABLE") {
      return c.json(errorBody("storage_unavailable", "Storage is unavailable; retry later"), 503);
    }
    if (error.code === "TOO_LARGE") return c.json(errorBody("too_large", error.message), 413);
    if (error.code === "INVALID_INPUT") {
      return c.json(errorBody("invalid_input", "Storage refused a value in the request"), 400);
    }
    return c.json(errorBody("invalid_request", error.message), 400);
  }
  if (error instanceof ModelError) {
    return c.json(errorBody("model_error", `${error.provider}: ${error.message}`), 502);
  }
  const options = c.get("options") as
    | { env?: (c: Context) => Record<string, unknown>; jsonLogsByDefault?: boolean }
    | undefined;
  const env = options?.env?.(c);
  // A summary, not the error: a driver's message carries the SQL and the user's text.
  envLogger(env ?? {}, options?.jsonLogsByDefault).error(
    `unhandled error: ${describeError(error)}`,
  );
  // Unknown failures are most often a backend that dropped the connection; 503 asks the
  // platform to retry instead of dropping the request.
  return c.json(errorBody("internal_error", "Internal error; retry later"), 503);
}
