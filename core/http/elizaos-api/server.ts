// elizaOS's /api/server/ping and /api/server/health, as @elizaos/api-client's `server` reads them.
import { Hono } from "hono";
import type { AppEnv } from "../app-options.ts";

export const serverRoutes = new Hono<AppEnv>()
  .get("/server/ping", (c) => c.json({ pong: true as const, timestamp: Date.now() }))
  .get("/server/health", async (c) => {
    const { getAgent, version } = c.get("options");
    await getAgent(c);
    return c.json({
      status: "OK" as const,
      version: version ?? "unknown",
      timestamp: new Date().toISOString(),
      // One agent per deployment, and it answered getAgent.
      dependencies: { agents: "healthy" as const },
    });
  });
