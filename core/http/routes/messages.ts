// The REST API: send a message, read a room. The turn itself, its body and ids, limits and
// Idempotency-Key live in ../turn, shared with the other protocols the app speaks.
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { createUniqueUuid, lazySchema, MemoryTable } from "../../kernel/index.ts";
import { runTimeoutMs, type TurnObserver } from "../../pipeline/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { AppEnv } from "../app-options.ts";
import { readJson } from "../body.ts";
import { ApiError, errorPayload } from "../errors.ts";
import { acceptsEventStream, createEventStream } from "../event-stream.ts";
import {
  admitted,
  callerId,
  callerIds,
  enforceRateLimit,
  idempotencyKeyOf,
  messageRetry,
  type SendMessageBody,
  type SendMessageResult,
  sendMessage,
  sendMessageBody,
  toApiMessage,
  turnEvents,
} from "../turn/index.ts";
import { jsonInput, queryInput } from "../typed-input.ts";

export { sendMessageBody } from "../turn/index.ts";

export const listQuery = lazySchema(() =>
  z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
    before: z.optional(z.coerce.number().check(z.int(), z.positive())),
  }),
);

export const messageRoutes = new Hono<AppEnv>()
  .post("/messages", jsonInput<SendMessageBody>(), async (c) => {
    const body = await readJson(c, sendMessageBody());
    const idempotencyKey = idempotencyKeyOf(c);
    const streamed = acceptsEventStream(c.req.header("accept"));
    return admitted(c, async (slot) => {
      const agent = await c.get("options").getAgent(c);
      const retry = messageRetry<SendMessageResult>(
        agent,
        { key: idempotencyKey, messageId: body.messageId },
        runTimeoutMs(agent),
      );
      const previous = await retry?.previous();
      if (previous) {
        c.header("Idempotent-Replayed", "true");
        if (streamed) return eventAnswer(replayAsEvents(previous));
        return c.json(previous);
      }
      // A named message counts once, however often the client has to retry it.
      if (!retry?.admitted) await enforceRateLimit(c, agent, callerIds(body));
      retry?.admit();
      await retry?.claim();
      const answered = slot.after(async (observer?: TurnObserver) => {
        try {
          const result = await sendMessage(agent, body, {
            ...(retry ? { messageKey: retry.messageKey } : {}),
            ...(observer ? { observer } : {}),
          });
          await retry?.answered(result);
          return result;
        } catch (error) {
          // Free the message for the client's retry, which resumes from what was stored (a
          // turn whose answer could not be remembered is answered again from its replies).
          await retry?.failed();
          throw error;
        }
      });
      if (streamed) return eventAnswer(streamTurn(c, agent, answered));
      return c.json(await answered());
    });
  })
  .get("/rooms/:roomId/messages", queryInput<{ limit?: string; before?: string }>(), async (c) => {
    const roomParam = callerId().safeParse(c.req.param("roomId"));
    if (!roomParam.success) throw new ApiError(400, "invalid_room", "roomId is invalid");
    const query = listQuery().safeParse(c.req.query());
    if (!query.success) {
      throw new ApiError(400, "invalid_query", "limit must be 1-200 and before a positive integer");
    }
    const agent = await c.get("options").getAgent(c);
    const roomUuid = createUniqueUuid(agent, roomParam.data);
    const page = await agent.storage.getMemories({
      tableName: MemoryTable.MESSAGES,
      roomId: roomUuid,
      count: query.data.limit,
      end: query.data.before === undefined ? undefined : query.data.before - 1,
    });
    const messages = page.reverse().map((m) => toApiMessage(agent, m));
    return c.json({
      roomId: roomParam.data,
      roomUuid,
      messages,
      nextBefore: page.length === query.data.limit ? messages[0]?.createdAt : null,
    });
  });

/**
 * The turn as server-sent events (turnEvents: `run_started`, `delta`, `action`, `reply`), then
 * `done` with the answer the JSON route gives, or `error`. The turn is kept alive past the response
 * (waitUntil), so a client that disconnects still gets its reply stored.
 */
function streamTurn(
  c: Context<AppEnv>,
  agent: IAgentRuntime,
  answered: (observer: TurnObserver) => Promise<SendMessageResult>,
): Response {
  const events = createEventStream();
  const observer = turnEvents(agent, (event, data) => events.send(event, data));
  const turn = answered(observer).then(
    (result) => events.send("done", result),
    (error: unknown) => events.send("error", errorPayload(c, error).body),
  );
  const finished = turn.then(() => events.close());
  const { waitUntil } = c.get("options");
  if (waitUntil) waitUntil(c, finished);
  return events.response;
}

/**
 * An event-stream answer, typed out of the route's JSON type: the typed client (`hc`) reads
 * this route's JSON answer, and a caller that asked for events reads the body as a stream.
 */
function eventAnswer(response: Response): never {
  return response as never;
}

/** A replayed Idempotency-Key's answer, for a client that asked for events. */
function replayAsEvents(previous: SendMessageResult): Response {
  const events = createEventStream({ "idempotent-replayed": "true" });
  for (const reply of previous.replies) events.send("reply", reply);
  events.send("done", previous);
  void events.close();
  return events.response;
}
