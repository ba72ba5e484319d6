import type { MiddlewareHandler } from "hono";
import { ApiError } from "./errors.ts";
import { secretMatchesNow } from "./secret-match.ts";

export { secretMatchesNow } from "./secret-match.ts";

/** Constant-time comparison for shared secrets (bearer tokens, webhook secrets). */
export async function secretMatches(given: string | undefined, expected: string): Promise<boolean> {
  return secretMatchesNow(given, expected);
}

export interface BearerOptions {
  /** The setting that holds the token, named in error messages. */
  setting: string;
  token: (c: Parameters<MiddlewareHandler>[0]) => string | undefined;
  /** Allow requests when no token is configured (a loopback dev server only). */
  openWhenUnset?: boolean;
  /** A configured token shorter than this closes the route: a guessable secret opens nothing. */
  minLength?: number;
}

/** Vercel's advice for CRON_SECRET, and the README's rule: at least 16 random characters. */
export const CRON_SECRET_MIN_LENGTH = 16;

/** Longest Authorization header read; a token is far shorter, so a longer one is refused. */
export const MAX_AUTHORIZATION_CHARS = 4096;
/** The scheme and its separator; the token is sliced off, not matched (no `\s+(.+)$` rescans). */
export const BEARER_PREFIX = /^Bearer\s/i;

/** The token of `Bearer <token>`, or undefined. */
export function bearerToken(header: string): string | undefined {
  if (header.length > MAX_AUTHORIZATION_CHARS || !BEARER_PREFIX.test(header)) return undefined;
  return header.slice("Bearer ".length).trim() || undefined;
}

/** `Authorization: Bearer <token>`; a missing configuration closes the route rather than opening it. */
export function requireBearer(options: BearerOptions): MiddlewareHandler {
  return async (c, next) => {
    const expected = options.token(c);
    if (!expected) {
      if (options.openWhenUnset) return next();
      throw new ApiError(
        401,
        "unauthorized",
        `${options.setting} is not set; this route is closed`,
      );
    }
    if (options.minLength && expected.length < options.minLength) {
      throw new ApiError(
        401,
        "unauthorized",
        `${options.setting} must be at least ${options.minLength} characters; this route is closed until it is`,
      );
    }
    const token = bearerToken(c.req.header("authorization") ?? "");
    if (!token) throw new ApiError(401, "unauthorized", "Missing Authorization: Bearer token");
    if (!secretMatchesNow(token, expected)) {
      throw new ApiError(401, "unauthorized", "Invalid bearer token");
    }
    return next();
  };
}
