// elizaOS's REST API as far as @elizaos/api-client 1.7 needs it to talk to an agent: server
// ping and health, the agents list and one agent, and the sessions API (create, send, read).
import { Hono } from "hono";
import type { AppEnv } from "../app-options.ts";
import { agentRoutes } from "./agents.ts";
import { serverRoutes } from "./server.ts";
import { sessionRoutes } from "./sessions.ts";

export { elizaApiKey } from "./api-key.ts";
export { createSessionBody, sessionMessageBody, sessionMessagesQuery } from "./sessions.ts";

/** The paths these routes answer under /api, for the API key check. */
export const ELIZAOS_API_PATHS = [
  "/api/server/*",
  "/api/agents",
  "/api/agents/*",
  "/api/messaging/*",
];

export const elizaosApiRoutes = new Hono<AppEnv>()
  .route("/", serverRoutes)
  .route("/", agentRoutes)
  .route("/", sessionRoutes);
