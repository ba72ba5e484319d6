// Streaming a browser can open: POST /api/streams (behind API_TOKEN) takes a message and
// returns the URL of its turn's events; GET /api/streams/:id/events is that stream, for
// `new EventSource(url)`, authorised by the token in the URL (stream-token.ts).
import { Hono } from "hono";
import { createUniqueUuid, envSetting, randomUuid, validateUuid } from "../../kernel/index.ts";
import type { AppEnv } from "../app-options.ts";
import { readJson } from "../body.ts";
import { ApiError } from "../errors.ts";
import {
  callerIds,
  enforceRateLimit,
  type SendMessageBody,
  sendMessageBody,
} from "../turn/index.ts";
import { jsonInput, queryInput } from "../typed-input.ts";
import { DONE_ID } from "./event-ids.ts";
import { streamToken, verifyStreamToken } from "./stream-token.ts";
import { readTicket, STREAM_TTL_MS, saveTicket, streamMessageKey } from "./ticket.ts";
import { type StreamTiming, turnEventStream } from "./turn-stream.ts";

function msSetting(env: Record<string, unknown>, key: string, fallback: number): number {
  const value = Number(envSetting(env, key));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** EVENT_STREAM_KEEPALIVE_MS (15 s), EVENT_STREAM_POLL_MS (1 s), EVENT_STREAM_MAX_MS (25 s). */
function timingOf(env: Record<string, unknown>): StreamTiming {
  return {
    keepAliveMs: msSetting(env, "EVENT_STREAM_KEEPALIVE_MS", 15_000),
    pollMs: msSetting(env, "EVENT_STREAM_POLL_MS", 1_000),
    // Under API Gateway's 29 s and a Worker's waitUntil 30 s.
    maxMs: msSetting(env, "EVENT_STREAM_MAX_MS", 25_000),
  };
}

export const streamRoutes = new Hono<AppEnv>()
  .post("/streams", jsonInput<SendMessageBody>(), async (c) => {
    const body = await readJson(c, sendMessageBody());
    const options = c.get("options");
    const agent = await options.getAgent(c);
    await enforceRateLimit(c, agent, callerIds(body));
    const streamId = randomUuid();
    const expiresAt = agent.now() + STREAM_TTL_MS;
    await saveTicket(agent, streamId, { body, expiresAt });
    const secret = envSetting(options.env(c), "API_TOKEN");
    const token = secret && (await streamToken(secret, agent.agentId, streamId, expiresAt));
    return c.json(
      {
        streamId,
        messageId: createUniqueUuid(agent, streamMessageKey(streamId)),
        eventsUrl: `/api/streams/${streamId}/events${token ? `?token=${token}` : ""}`,
        expiresAt,
      },
      201,
    );
  })
  .get("/streams/:id/events", queryInput<{ token?: string }>(), async (c) => {
    const streamId = validateUuid(c.req.param("id"));
    if (!streamId) throw new ApiError(400, "invalid_id", "stream id must be a UUID");
    const options = c.get("options");
    const env = options.env(c);
    const agent = await options.getAgent(c);
    const secret = envSetting(env, "API_TOKEN");
    if (secret) {
      const token = c.req.query("token");
      if (
        !token ||
        !(await verifyStreamToken(secret, agent.agentId, streamId, token, agent.now()))
      ) {
        throw new ApiError(401, "unauthorized", "Missing, wrong or expired stream token");
      }
    } else if (!options.openWithoutToken) {
      throw new ApiError(401, "unauthorized", "API_TOKEN is not set; this route is closed");
    }
    const lastEventId = c.req.header("last-event-id");
    // The client had the end: 204 tells an EventSource to stop reconnecting.
    if (lastEventId === DONE_ID) return c.body(null, 204);
    const ticket = await readTicket(agent, streamId);
    if (!ticket) throw new ApiError(404, "not_found", `No stream ${streamId} (or it expired)`);
    return turnEventStream(c, agent, streamId, ticket, lastEventId, timingOf(env)) as never;
  });
