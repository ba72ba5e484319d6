// The run log over HTTP: the agent's runs newest first (each with its actions and timings),
// and one run with every step (README "Observing your agent"). Behind API_TOKEN.
import { Hono } from "hono";
import * as z from "zod/mini";
import { createUniqueUuid, lazySchema, type UUID, validateUuid } from "../../kernel/index.ts";
import { getRun, listRuns } from "../../runtime/index.ts";
import type { AppEnv } from "../app-options.ts";
import { ApiError } from "../errors.ts";
import { queryInput } from "../typed-input.ts";

export const runsQuery = lazySchema(() =>
  z.object({
    /** The caller's own room id, as in /api/messages (mapped to the agent's UUID). */
    roomId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    /** The agent's own room UUID (a Telegram or Discord room, as runs report it). */
    roomUuid: z.optional(z.uuid()),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
    before: z.optional(z.coerce.number().check(z.int(), z.positive())),
  }),
);

export type RunsQuery = { roomId?: string; roomUuid?: string; limit?: string; before?: string };

export const runRoutes = new Hono<AppEnv>()
  .get("/runs", queryInput<RunsQuery>(), async (c) => {
    const query = runsQuery().safeParse(c.req.query());
    if (!query.success) {
      throw new ApiError(
        400,
        "invalid_query",
        "limit must be 1-100, before a positive integer (ms), roomUuid a UUID",
      );
    }
    const { roomId, roomUuid, limit, before } = query.data;
    if (roomId && roomUuid) {
      throw new ApiError(400, "invalid_query", "give roomId or roomUuid, not both");
    }
    const agent = await c.get("options").getAgent(c);
    const room = roomUuid
      ? (roomUuid as UUID)
      : roomId
        ? createUniqueUuid(agent, roomId)
        : undefined;
    const page = await listRuns(agent, { roomId: room, limit, before });
    return c.json(page);
  })
  .get("/runs/:id", async (c) => {
    const id = validateUuid(c.req.param("id"));
    if (!id) throw new ApiError(400, "invalid_id", "run id must be a UUID");
    const agent = await c.get("options").getAgent(c);
    const run = await getRun(agent, id);
    if (!run) throw new ApiError(404, "not_found", `No run ${id}`);
    return c.json(run);
  });
