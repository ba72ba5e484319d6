// Every error leaves as `{error: {code, message}}` with a status that tells the caller what to
// do: 4xx fix the request, 502 the model failed, 503 retry later (storage down; platforms such
// as Telegram retry on it, so nothing accepted is lost).
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { describeError, envLogger, ModelError, StorageError } from "../kernel/index.ts";

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
  const { status, body } = errorPayload(c, error);
  return c.json(body, status);
}

/**
 * The status and `{error: {code, message}}` for anything thrown while serving `c`: what the
 * JSON answer says, and what a streamed answer's `error` event says once its status is sent.
 */
export function errorPayload(
  c: Context,
  error: unknown,
): { status: ContentfulStatusCode; body: ReturnType<typeof errorBody> } {
  if (error instanceof ApiError) {
    return { status: error.status, body: errorBody(error.code, error.message) };
  }
  if (error instanceof StorageError) {
    if (error.code === "UNAVAILABLE") {
      return {
        status: 503,
        body: errorBody("storage_unavailable", "Storage is unavailable; retry later"),
      };
    }
    if (error.code === "TOO_LARGE")
      return { status: 413, body: errorBody("too_large", error.message) };
    if (error.code === "INVALID_INPUT") {
      return {
        status: 400,
        body: errorBody("invalid_input", "Storage refused a value in the request"),
      };
    }
    return { status: 400, body: errorBody("invalid_request", error.message) };
  }
  if (error instanceof ModelError) {
    return { status: 502, body: errorBody("model_error", `${error.provider}: ${error.message}`) };
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
  return { status: 503, body: errorBody("internal_error", "Internal error; retry later") };
}
