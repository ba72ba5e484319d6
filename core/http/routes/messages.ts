// The REST API: send a message, read a room. Ids from the caller are the caller's own
// (a user name, a session id); they are mapped to this agent's UUIDs with createUniqueUuid,
// the same way on write and read, so the caller never needs to know our ids.
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import {
  ChannelType,
  createUniqueUuid,
  lazySchema,
  type Memory,
  MemoryTable,
  type UUID,
} from "../../kernel/index.ts";
import { messageService, replyId, runTimeoutMs, type TurnObserver } from "../../pipeline/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { AppEnv } from "../app-options.ts";
import { readJson } from "../body.ts";
import { ApiError, errorPayload } from "../errors.ts";
import { acceptsEventStream, createEventStream } from "../event-stream.ts";
import { jsonInput, queryInput } from "../typed-input.ts";
import { messageRetry } from "./message-retry.ts";

export const MAX_MESSAGE_CHARS = 16_000;

const callerId = lazySchema(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "must not be empty"),
      z.maxLength(200, "must be at most 200 characters"),
    ),
);

export const sendMessageBody = lazySchema(() =>
  z.object({
    text: z
      .string({ error: "text is required and must be a string" })
      .check(
        z.trim(),
        z.minLength(1, "must not be empty"),
        z.maxLength(MAX_MESSAGE_CHARS, `must be at most ${MAX_MESSAGE_CHARS} characters`),
      ),
    userId: z.optional(callerId()),
    roomId: z.optional(callerId()),
    userName: z.optional(callerId()),
    /**
     * The client's own id for this message (1-200 characters), for retries without an
     * Idempotency-Key: a resend with the same id is the same message (message-retry.ts).
     */
    messageId: z.optional(callerId()),
  }),
);

export const listQuery = lazySchema(() =>
  z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
    before: z.optional(z.coerce.number().check(z.int(), z.positive())),
  }),
);

type SendMessageSchema = ReturnType<typeof sendMessageBody>;
export type SendMessageBody = z.input<SendMessageSchema>;
type SendMessage = z.output<SendMessageSchema>;

export const messageRoutes = new Hono<AppEnv>()
  .post("/messages", jsonInput<SendMessageBody>(), async (c) => {
    const body = await readJson(c, sendMessageBody());
    const idempotencyKey = c.req.header("idempotency-key");
    if (
      idempotencyKey !== undefined &&
      (idempotencyKey.length < 1 || idempotencyKey.length > 200)
    ) {
      throw new ApiError(400, "invalid_header", "Idempotency-Key must be 1-200 characters");
    }
    const streamed = acceptsEventStream(c.req.header("accept"));
    // Over the server's turn limits (the Node target's): 503 at once, nothing stored.
    const release = (await c.get("options").turnAdmission?.acquire()) ?? (() => {});
    let turnStarted = false;
    try {
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
      if (!retry?.admitted) await enforceRateLimit(c, agent, body);
      retry?.admit();
      await retry?.claim();
      const answered = async (observer?: TurnObserver) => {
        try {
          const result = await sendMessage(agent, body, retry?.messageId, observer);
          await retry?.answered(result);
          return result;
        } catch (error) {
          // Free the message for the client's retry, which resumes from what was stored (a
          // turn whose answer could not be remembered is answered again from its replies).
          await retry?.failed();
          throw error;
        } finally {
          release();
        }
      };
      turnStarted = true;
      if (streamed) return eventAnswer(streamTurn(c, agent, answered));
      return c.json(await answered());
    } finally {
      if (!turnStarted) release();
    }
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
 * 429 with Retry-After when the caller or the room is over its per-minute limit: before the
 * idempotency claim, the message row and any model call. A replayed result (above) is free.
 */
async function enforceRateLimit(
  c: Context<AppEnv>,
  agent: IAgentRuntime,
  body: SendMessage,
): Promise<void> {
  const { userId, roomId } = callerIds(body);
  const verdict = await agent.messageLimiter.check(
    { entityId: createUniqueUuid(agent, userId), roomId: createUniqueUuid(agent, roomId) },
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

function callerIds(body: SendMessage) {
  const userId = body.userId ?? "api-user";
  return { userId, roomId: body.roomId ?? `dm:${userId}` };
}

export interface SendMessageResult {
  runId: string;
  messageId: string;
  roomId: string;
  roomUuid: string;
  didRespond: boolean;
  /** A "pre" evaluator refused the message: it was not stored and got no reply. */
  blocked: boolean;
  /** Present when blocked: the evaluator's reason. */
  reason?: string;
  replies: ReturnType<typeof toApiMessage>[];
}

/** How many replies of a first attempt a keyed retry looks for (one read); turns have 1-2. */
const RESUMABLE_REPLIES = 10;

async function sendMessage(
  agent: IAgentRuntime,
  body: SendMessage,
  messageId?: UUID,
  observer?: TurnObserver,
): Promise<SendMessageResult> {
  const { userId, roomId } = callerIds(body);
  const entityId = createUniqueUuid(agent, userId);
  const roomUuid = createUniqueUuid(agent, roomId);
  const userName = body.userName ?? userId;
  const answer = (
    runId: string,
    messageId: string,
    replies: Memory[],
    blockedReason?: string,
  ): SendMessageResult => ({
    runId,
    messageId,
    roomId,
    roomUuid,
    didRespond: replies.length > 0,
    blocked: blockedReason !== undefined,
    ...(blockedReason === undefined ? {} : { reason: blockedReason }),
    replies: replies.map((m) => toApiMessage(agent, m)),
  });
  // A named message has an id fixed by its name, so a retry after a failure or a crash finds
  // what the first attempt stored: its answer is given again, or its turn resumed, never a
  // second copy.
  let alreadySaved: Memory | undefined;
  if (messageId) {
    const replyIds = Array.from({ length: RESUMABLE_REPLIES }, (_, k) =>
      replyId(agent, messageId, k),
    );
    const found = new Map(
      (await agent.storage.getMemoriesByIds([messageId, ...replyIds])).map((m) => [m.id, m]),
    );
    const stored = found.get(messageId);
    if (stored) {
      // The key names one message: reused for another room or user, it is the caller's bug.
      if (stored.roomId !== roomUuid || stored.entityId !== entityId) {
        throw new ApiError(
          422,
          "idempotency_mismatch",
          "This Idempotency-Key or messageId was used for a message from another user or room",
        );
      }
      const replies = replyIds.flatMap((id) => found.get(id) ?? []);
      if (replies.length > 0) return answer(agent.newRunId(), messageId, replies);
      alreadySaved = stored;
    }
  }
  const outcome = await messageService.handleMessage(
    agent,
    {
      id: messageId,
      entityId,
      roomId: roomUuid,
      // A resumed turn goes on with the content as stored (pre evaluators may have rewritten it).
      content: alreadySaved?.content ?? {
        text: body.text,
        source: "api",
        channelType: ChannelType.API,
      },
      metadata: { entityName: userName },
    },
    undefined,
    {
      alreadySaved: alreadySaved !== undefined,
      ...(observer ? { observer } : {}),
      connection: {
        entityId,
        roomId: roomUuid,
        userName,
        name: userName,
        source: "api",
        type: ChannelType.API,
        channelId: roomId,
      },
    },
  );
  if (outcome.reason === "timeout" && outcome.responses.length === 0) {
    // The turn ran past RUN_TIMEOUT_MS without a reply: an error the client retries (the retry
    // goes on from the stored message), never a 200 that answers nothing.
    throw new ApiError(503, "turn_timeout", "The agent did not answer in time; retry later");
  }
  return answer(
    outcome.runId,
    outcome.messageId,
    outcome.responses,
    outcome.blocked ? outcome.reason : undefined,
  );
}

/**
 * The turn as server-sent events: `run_started`, `delta` (reply text as the model writes it),
 * `action` (each action starting and ending), `reply` (each reply as stored), then `done` with
 * the answer the JSON route gives, or `error`. The turn is kept alive past the response
 * (waitUntil), so a client that disconnects still gets its reply stored.
 */
function streamTurn(
  c: Context<AppEnv>,
  agent: IAgentRuntime,
  answered: (observer: TurnObserver) => Promise<SendMessageResult>,
): Response {
  const events = createEventStream();
  const observer: TurnObserver = {
    started: ({ runId, messageId }) => events.send("run_started", { runId, messageId }),
    text: (text) => events.send("delta", { text }),
    event: (event) => {
      if (event.type !== "ACTION_STARTED" && event.type !== "ACTION_COMPLETED") return;
      const { actionName, actionId, success, durationMs } = event.data;
      events.send("action", {
        phase: event.type === "ACTION_STARTED" ? "started" : "completed",
        action: actionName,
        actionId,
        ...(success === undefined ? {} : { success, durationMs }),
      });
    },
    replied: (reply) => events.send("reply", toApiMessage(agent, reply)),
  };
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

function toApiMessage(agent: IAgentRuntime, m: Memory) {
  const fromAgent = m.entityId === agent.agentId;
  return {
    id: m.id ?? null,
    role: fromAgent ? ("agent" as const) : ("user" as const),
    name: fromAgent ? agent.character.name : String(m.metadata?.entityName ?? "User"),
    text: m.content.text ?? "",
    actions: m.content.actions ?? [],
    createdAt: m.createdAt ?? 0,
    inReplyTo: m.content.inReplyTo ?? null,
  };
}
