// elizaOS's server checks `X-API-KEY` (ELIZA_SERVER_AUTH_TOKEN), and @elizaos/api-client sends
// its `apiKey` there. Here the key is API_TOKEN, taken from X-API-KEY or, as on the rest of
// /api, `Authorization: Bearer`.
import type { MiddlewareHandler } from "hono";
import { envSetting } from "../../kernel/index.ts";
import type { AppEnv } from "../app-options.ts";
import { bearerToken, MAX_AUTHORIZATION_CHARS, secretMatchesNow } from "../auth.ts";
import { ApiError } from "../errors.ts";

export const elizaApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const options = c.get("options");
  const expected = envSetting(options.env(c), "API_TOKEN");
  if (!expected) {
    if (options.openWithoutToken) return next();
    throw new ApiError(401, "unauthorized", "API_TOKEN is not set; this route is closed");
  }
  const key = c.req.header("x-api-key");
  const given =
    key !== undefined && key.length <= MAX_AUTHORIZATION_CHARS
      ? key.trim()
      : bearerToken(c.req.header("authorization") ?? "");
  if (!given)
    throw new ApiError(401, "unauthorized", "Missing X-API-KEY (or Authorization: Bearer)");
  if (!secretMatchesNow(given, expected)) {
    throw new ApiError(401, "unauthorized", "Invalid API key");
  }
  return next();
};
