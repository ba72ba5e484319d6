// Every error leaves as `{error: {code, message}}` with a status that tells the caller what to
// do: 4xx fix the request, 502 the model failed, 503 retry later (storage down, the model
// rate-limited or too slow, a deadline passed; platforms such as Telegram retry on it, so
// nothing accepted is lost). Every 503 says when to retry (Retry-After), and no message names
// an internal URL or host: those go to the operator's log, not to the client.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  describeError,
  envLogger,
  ModelError,
  modelFailureOf,
  StorageError,
} from "../kernel/index.ts";

/** Retry-After for a 503 that has no better figure (storage, an internal failure). */
export const RETRY_AFTER_SECONDS = 1;

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** Seconds the client should wait before retrying, sent as Retry-After. */
  readonly retryAfterSeconds?: number;
  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    options?: { retryAfterSeconds?: number; cause?: unknown },
  ) {
    super(message, { cause: options?.cause });
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.retryAfterSeconds =
      options?.retryAfterSeconds ?? (status === 503 ? RETRY_AFTER_SECONDS : undefined);
  }
}

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

export interface ErrorPayload {
  status: ContentfulStatusCode;
  body: ReturnType<typeof errorBody>;
  /** Seconds for Retry-After, when the caller should come back later. */
  retryAfterSeconds?: number;
}

/** Maps anything thrown in a route to the JSON error a client can act on. */
export function toErrorResponse(c: Context, error: unknown): Response {
  const { status, body, retryAfterSeconds } = errorPayload(c, error);
  if (retryAfterSeconds !== undefined) c.header("Retry-After", String(retryAfterSeconds));
  return c.json(body, status);
}

/**
 * The status and `{error: {code, message}}` for anything thrown while serving `c`: what the
 * JSON answer says, and what a streamed answer's `error` event says once its status is sent.
 */
export function errorPayload(c: Context, error: unknown): ErrorPayload {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      body: errorBody(error.code, withoutAddresses(error.message)),
      ...(error.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  if (error instanceof StorageError) {
    if (error.code === "UNAVAILABLE") return unavailable("storage_unavailable", "Storage");
    if (error.code === "TOO_LARGE")
      return { status: 413, body: errorBody("too_large", withoutAddresses(error.message)) };
    if (error.code === "INVALID_INPUT") {
      return {
        status: 400,
        body: errorBody("invalid_input", "Storage refused a value in the request"),
      };
    }
    return { status: 400, body: errorBody("invalid_request", withoutAddresses(error.message)) };
  }
  const provider = modelFailureOf(error);
  if (provider !== undefined) return modelPayload(c, provider, error);
  logUnhandled(c, `unhandled error: ${describeError(error)}`);
  // Unknown failures are most often a backend that dropped the connection; 503 asks the
  // platform to retry instead of dropping the request.
  return unavailable("internal_error", "Internal error");
}

/**
 * A model's failure. The provider rate-limiting us, or a model slower than its deadline, is our
 * capacity, not the client's mistake: 503 with the provider's own Retry-After when it gave one.
 * Anything else the model (or a plugin's model handler, with its own error type) said is a 502
 * that passes its message on, without addresses.
 */
function modelPayload(c: Context, provider: string, error: unknown): ErrorPayload {
  const modelError = error instanceof ModelError ? error : undefined;
  // 529: Anthropic's "overloaded".
  const busy =
    modelError?.status === 429 || modelError?.status === 503 || modelError?.status === 529;
  if (modelError && busy) {
    const seconds = Math.max(1, Math.ceil((modelError.retryAfterMs ?? 1000) / 1000));
    return {
      status: 503,
      body: errorBody(
        "model_unavailable",
        `The model provider (${provider}) is ${modelError.status === 429 ? "rate-limiting requests" : "unavailable"}; retry after ${seconds} s`,
      ),
      retryAfterSeconds: seconds,
    };
  }
  if (modelError?.timedOut) {
    return {
      ...unavailable("model_timeout", `The model (${provider})`),
      body: errorBody(
        "model_timeout",
        `The model (${provider}) did not answer within MODEL_TIMEOUT_MS; retry later`,
      ),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  if (!modelError) logUnhandled(c, `model ${provider} failed: ${describeError(error)}`);
  return {
    status: 502,
    body: errorBody("model_error", `${provider}: ${withoutAddresses(message)}`),
  };
}

function unavailable(code: string, what: string): ErrorPayload {
  return {
    status: 503,
    body: errorBody(code, `${what} is unavailable; retry later`),
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  };
}

function logUnhandled(c: Context, line: string): void {
  const options = c.get("options") as
    | { env?: (c: Context) => Record<string, unknown>; jsonLogsByDefault?: boolean }
    | undefined;
  // A summary, not the error: a driver's message carries the SQL and the user's text.
  envLogger(options?.env?.(c) ?? {}, options?.jsonLogsByDefault).error(line);
}

// A URL with a scheme, or a bare host with a port ("localhost:11434", "10.0.0.7:8080"), or an
// IPv4 address: internal addresses a client has no business seeing.
export const ADDRESS_PATTERN =
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)\]]+|\[[0-9a-f:]+\](?::\d+)?|\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b|\b[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)*:\d{2,5}\b/gi;

/** The longest error message a client is shown; a longer one is cut. */
export const MAX_ERROR_MESSAGE_CHARS = 1_000;

/** The message, cut to size, with every URL and host:port replaced by a placeholder. */
export function withoutAddresses(message: string): string {
  const cut =
    message.length > MAX_ERROR_MESSAGE_CHARS
      ? `${message.slice(0, MAX_ERROR_MESSAGE_CHARS)}…`
      : message;
  return cut.replace(ADDRESS_PATTERN, "<address>");
}
