import { Hono } from "hono";
import { ModelType } from "../../models/types.ts";
import type { AppEnv } from "../app.ts";

export const healthRoutes = new Hono<AppEnv>().get("/health", async (c) => {
  const { getAgent, version } = c.get("options");
  const agent = await getAgent(c);
  return c.json({
    status: "ok",
    name: agent.character.name,
    agentId: agent.agentId,
    storage: agent.storage.kind,
    version: version ?? "unknown",
    models: {
      text: agent.getModel(ModelType.TEXT_LARGE)?.provider ?? null,
      embedding: agent.getModel(ModelType.TEXT_EMBEDDING)?.provider ?? null,
    },
  });
});
