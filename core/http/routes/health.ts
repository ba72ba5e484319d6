import { Hono } from "hono";
import { envSetting, ModelType, StorageError } from "../../kernel/index.ts";
import type { AppEnv } from "../app-options.ts";
import { errorBody, RETRY_AFTER_SECONDS } from "../errors.ts";

/** HEALTH_READY_TIMEOUT_MS default: a monitor gets its answer well inside its own timeout. */
export const DEFAULT_READY_TIMEOUT_MS = 2_000;

// /health never touches storage (liveness: the process answers); /health/ready makes one
// storage round trip (readiness: a load balancer or monitor stops sending traffic while the
// database is down, and sees it come back). A database that does not answer is not ready
// either: the check answers 503 by its own deadline instead of hanging with the database.
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
    const options = c.get("options");
    const agent = await options.getAgent(c);
    const configured = Number(envSetting(options.env(c), "HEALTH_READY_TIMEOUT_MS"));
    const limit = configured > 0 ? configured : DEFAULT_READY_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new StorageError("UNAVAILABLE", `no answer within ${limit} ms`)),
        limit,
      );
    });
    const ping = agent.storage.ping();
    try {
      await Promise.race([ping, expired]);
    } catch (error) {
      ping.catch(() => {}); // a late failure of the abandoned ping is no one's to handle
      const reason = error instanceof StorageError ? error.message : "no answer";
      agent.logger.warn(`[health] storage ${agent.storage.kind} not ready: ${reason}`);
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return c.json(
        errorBody("storage_unavailable", `Storage (${agent.storage.kind}) is unavailable`),
        503,
      );
    } finally {
      clearTimeout(timer);
    }
    return c.json({ status: "ready", storage: agent.storage.kind });
  });
