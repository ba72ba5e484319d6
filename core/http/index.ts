// The http layer: the one hono app every target serves (REST API, webhooks, cron, health,
// plugin routes) and its typed client.

export { type Admission, createAdmission, type TurnLimits } from "./admission.ts";
export {
  type AppEnv,
  type AppOptions,
  acceptInBackground,
  type Connector,
  createApp,
  DEFAULT_MAX_BODY_BYTES,
  runInBackground,
  setting,
  type WebhookAcceptance,
} from "./app.ts";
export { CRON_SECRET_MIN_LENGTH, secretMatches } from "./auth.ts";
export { readJson } from "./body.ts";
export { createClient, type ElizaEdgeClient } from "./client.ts";
export { ApiError, errorBody, toErrorResponse } from "./errors.ts";
export { isLoopbackHostHeader, isLoopbackHostname } from "./loopback-guard.ts";
export { openApiDocument } from "./openapi/index.ts";
export { collectPluginRoutes } from "./plugin-routes/index.ts";
export { warmUpTurn } from "./turn/index.ts";
