import type { Context } from "hono";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { AppEnv } from "../app-options.ts";
import { ApiError } from "../errors.ts";
import { callerUuid } from "./caller-uuids.ts";

/**
 * 429 with Retry-After when the caller or the room is over its per-minute limit: before the
 * idempotency claim, the message row and any model call. A replayed result is free.
 */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  agent: IAgentRuntime,
  ids: { userId: string; roomId: string },
): Promise<void> {
  const verdict = await agent.messageLimiter.check(
    {
      entityId: callerUuid(agent, ids.userId),
      roomId: callerUuid(agent, ids.roomId),
    },
    agent.now(),
  );
  if (verdict.allowed) return;
  c.header("Retry-After", String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
  throw new ApiError(
    429,
    "rate_limited",
    `More than ${verdict.limit} messages a minute for this ${verdict.scope}; retry later`,
  );
}
