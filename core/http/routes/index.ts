// Every built-in route of the shared app in one chain, so its type carries them all: the typed
// client (core/http/client.ts, hono's `hc`) and the OpenAPI check read it.
import { Hono } from "hono";
import type { AppEnv } from "../app-options.ts";
import { elizaosApiRoutes } from "../elizaos-api/index.ts";
import { openAiRoutes } from "../openai/index.ts";
import { streamRoutes } from "../streams/index.ts";
import { cronRoutes } from "./cron.ts";
import { healthRoutes } from "./health.ts";
import { messageRoutes } from "./messages.ts";
import { runRoutes } from "./runs.ts";
import { specRoutes } from "./spec.ts";
import { taskRoutes } from "./tasks.ts";

export const restRoutes = new Hono<AppEnv>()
  .route("/", healthRoutes)
  .route("/", specRoutes)
  .route("/api", messageRoutes)
  .route("/api", runRoutes)
  .route("/api", taskRoutes)
  .route("/api", cronRoutes)
  .route("/api", streamRoutes)
  .route("/api", elizaosApiRoutes)
  .route("/v1", openAiRoutes);

/** The REST API's routes and types, for `hc<RestApi>(baseUrl)`. */
export type RestApi = typeof restRoutes;
export { cronQuery } from "./cron.ts";
export { listQuery, sendMessageBody } from "./messages.ts";
export { runsQuery } from "./runs.ts";
export { tasksQuery } from "./tasks.ts";
