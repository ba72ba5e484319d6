import { Hono } from "hono";
import { ModelType, StorageError } from "../../kernel/index.ts";
import type { AppEnv } from "../app-options.ts";
import { errorBody } from "../errors.ts";

// /health never touches storage (liveness: the process answers); /health/ready makes one
// storage round trip (readiness: a load balancer or monitor stops sending traffic while the
// database is down, and sees it come back).
export const healthRoutes = new Hono<AppEnv>()
  .get("/health", async (c) => {
    const { getAgent, version } = c.get("options");
    const agent = await getAgent(c);
    return c.json({
      status: "ok",
      name: agent.character.name,
      agentId: agent.agentId,
      storage: agent.storage.kind,
      version: version ?? "unknown",
      models: {
        text: agent.getModelRegistration(ModelType.TEXT_LARGE)?.provider ?? null,
        embedding: agent.getModelRegistration(ModelType.TEXT_EMBEDDING)?.provider ?? null,
      },
    });
  })
  .get("/health/ready", async (c) => {
    const agent = await c.get("options").getAgent(c);
    try {
      await agent.storage.ping();
    } catch (error) {
      const reason = error instanceof StorageError ? error.message : "no answer";
      agent.logger.warn(`[health] storage ${agent.storage.kind} not ready: ${reason}`);
      return c.json(
        errorBody("storage_unavailable", `Storage (${agent.storage.kind}) is unavailable`),
        503,
      );
    }
    return c.json({ status: "ready", storage: agent.storage.kind });
  });
