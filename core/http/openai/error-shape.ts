// OpenAI's error shape for everything under /v1: `{error: {message, type, param, code}}` with
// OpenAI's statuses, so the SDKs raise their own error classes (AuthenticationError,
// RateLimitError, ...). Applied to the finished response, so the API token check, the body
// limit and unknown /v1 paths answer in it too, not only the routes of this folder.
import type { MiddlewareHandler } from "hono";
import { errorPayload } from "../errors.ts";

function typeFor(status: number): string {
  if (status === 429) return "requests";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

const OPENAI_CODES: Record<string, string> = {
  unauthorized: "invalid_api_key",
  rate_limited: "rate_limit_exceeded",
};

/** OpenAI's error body from eliza-edge's `{error: {code, message}}` and the status. */
export function openAiErrorBody(status: number, error: { code: string; message: string }) {
  return {
    error: {
      message: error.message,
      type: typeFor(status),
      param: error.code === "model_not_found" ? "model" : null,
      code: OPENAI_CODES[error.code] ?? error.code,
    },
  };
}

/** OpenAI's error body for anything thrown while a stream was open. */
export function openAiStreamError(c: Parameters<typeof errorPayload>[0], error: unknown) {
  const { status, body } = errorPayload(c, error);
  return openAiErrorBody(status, body.error);
}

export const openAiErrorShape: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (res.ok || !res.headers.get("content-type")?.includes("application/json")) return;
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: unknown; message?: unknown } } | undefined;
  const error = body?.error;
  if (!error || typeof error.code !== "string" || typeof error.message !== "string") return;
  if ("type" in error) return; // already OpenAI's
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  c.res = undefined;
  c.res = new Response(
    JSON.stringify(openAiErrorBody(res.status, { code: error.code, message: error.message })),
    { status: res.status, headers },
  );
};
