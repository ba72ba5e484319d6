import { Hono } from "hono";
import * as z from "zod/mini";
import { lazySchema } from "../../kernel/index.ts";
import { runDueTasks } from "../../pipeline/index.ts";
import type { AppEnv } from "../app-options.ts";
import { ApiError } from "../errors.ts";

export const cronQuery = lazySchema(() =>
  z.object({ limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))) }),
);

/**
 * One scheduler tick over HTTP: Vercel cron (GET with `Authorization: Bearer $CRON_SECRET`)
 * and manual ticks. Answers with the tick's report; `more: true` means tick again.
 */
export const cronRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/cron", async (c) => {
  const query = cronQuery().safeParse(c.req.query());
  if (!query.success) throw new ApiError(400, "invalid_query", "limit must be 1-1000");
  const agent = await c.get("options").getAgent(c);
  const report = await runDueTasks(agent, { limit: query.data.limit });
  return c.json(report);
});
