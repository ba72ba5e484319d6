// Every request has a deadline (REQUEST_TIMEOUT_MS): past it the client gets 503 with
// Retry-After from us, before the platform's gateway gives up and answers 504 for us (API
// Gateway at 29 s, a load balancer at its idle timeout). The work itself is not cut off: each
// outside call has its own bounded wait, and a message turn that is still running finishes (its
// Idempotency-Key answers 409 until then, and its answer replays after). The timer lives only
// as long as the request.
import type { MiddlewareHandler } from "hono";
import { envSetting } from "../kernel/index.ts";
import type { AppEnv } from "./app-options.ts";
import { ApiError, toErrorResponse } from "./errors.ts";

export function requestDeadline(defaultMs: number | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const options = c.get("options");
    const ms = deadlineMs(envSetting(options.env(c), "REQUEST_TIMEOUT_MS"), defaultMs);
    if (ms === undefined) return next();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<"expired">((resolve) => {
      timer = setTimeout(() => resolve("expired"), ms);
    });
    const handled = next().then(() => "handled" as const);
    try {
      if ((await Promise.race([handled, expired])) === "handled") return;
    } finally {
      clearTimeout(timer);
    }
    // Abandoned: what it throws later is the app's onError's, never an unhandled rejection.
    handled.catch(() => {});
    c.res = toErrorResponse(
      c,
      new ApiError(
        503,
        "request_timeout",
        `The request took longer than its deadline of ${ms} ms; retry later`,
      ),
    );
  };
}

/** REQUEST_TIMEOUT_MS when it is a positive number (0 turns the deadline off), else the default. */
function deadlineMs(value: string | undefined, fallback: number | undefined): number | undefined {
  if (value === undefined) return fallback;
  const ms = Number(value);
  if (ms === 0) return undefined;
  return Number.isFinite(ms) && ms > 0 ? ms : fallback;
}
