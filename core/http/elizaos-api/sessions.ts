// elizaOS's sessions API (/api/messaging/sessions), the way @elizaos/api-client talks to an
// agent: create a session, send a message and get the agent's answer, read the history. A
// message is answered before the response, whatever its transport: there is no socket.io here
// to deliver it later, and the answer is in the session's messages for a client that polls.
import { Hono } from "hono";
import * as z from "zod/mini";
import { lazySchema, randomUuid, type UUID, validateUuid } from "../../kernel/index.ts";
import type { AppEnv } from "../app-options.ts";
import { readJson } from "../body.ts";
import { ApiError } from "../errors.ts";
import { enforceRateLimit, MAX_MESSAGE_CHARS, sendMessage, turnBody } from "../turn/index.ts";
import { jsonInput, queryInput } from "../typed-input.ts";
import { agentNamed } from "./agents.ts";
import { sessionMessages, simplifiedMessage } from "./session-messages.ts";
import {
  createSession,
  deleteSession,
  findSession,
  listSessions,
  type SessionRecord,
} from "./session-store.ts";

const metadata = lazySchema(() => z.optional(z.record(z.string(), z.unknown())));

export const createSessionBody = lazySchema(() =>
  z.object({
    agentId: z.string({ error: "agentId is required" }),
    userId: z.string({ error: "userId is required" }),
    metadata: metadata(),
  }),
);

export const sessionMessageBody = lazySchema(() =>
  z.object({
    content: z
      .string({ error: "content is required and must be a string" })
      .check(z.minLength(1, "must not be empty"), z.maxLength(MAX_MESSAGE_CHARS)),
    metadata: metadata(),
    // sse is elizaOS's streamed transport; GET /api/streams is this server's.
    transport: z.optional(z.enum(["http", "websocket"])),
    mode: z.optional(z.enum(["sync", "websocket"])),
  }),
);

export const sessionMessagesQuery = lazySchema(() =>
  z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
    before: z.optional(z.coerce.number().check(z.int(), z.positive())),
    after: z.optional(z.coerce.number().check(z.int(), z.nonnegative())),
  }),
);

/** elizaOS's session info (SessionInfoResponse). */
function sessionInfo(session: SessionRecord, lastActivity: number) {
  return {
    sessionId: session.sessionId,
    channelId: session.channelId,
    agentId: session.agentId,
    userId: session.userId,
    createdAt: new Date(session.createdAt).toISOString(),
    lastActivity: new Date(lastActivity).toISOString(),
    metadata: session.metadata,
  };
}

/** A message a pre evaluator refused is not stored: it is shown as it was sent. */
function unstoredMessage(id: string, content: string, session: SessionRecord, now: number) {
  return {
    id,
    content,
    authorId: session.userId,
    createdAt: new Date(now).toISOString(),
    metadata: {},
  };
}

function sessionIdOf(param: string | undefined): string {
  const id = validateUuid(param ?? "");
  if (!id) throw new ApiError(404, "SESSION_NOT_FOUND", `Session with ID '${param}' not found`);
  return id;
}

export const sessionRoutes = new Hono<AppEnv>()
  .get("/messaging/sessions/health", async (c) => {
    const agent = await c.get("options").getAgent(c);
    const sessions = await listSessions(agent);
    return c.json({
      status: "healthy" as const,
      activeSessions: sessions.length,
      timestamp: new Date(agent.now()).toISOString(),
    });
  })
  .post(
    "/messaging/sessions",
    jsonInput<z.input<ReturnType<typeof createSessionBody>>>(),
    async (c) => {
      const body = await readJson(c, createSessionBody());
      const agent = await agentNamed(await c.get("options").getAgent(c), body.agentId).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) {
            throw new ApiError(404, "AGENT_NOT_FOUND", `Agent with ID '${body.agentId}' not found`);
          }
          throw new ApiError(400, "VALIDATION_ERROR", "Invalid UUID format for field 'agentId'");
        },
      );
      const userId = validateUuid(body.userId);
      if (!userId)
        throw new ApiError(400, "VALIDATION_ERROR", "Invalid UUID format for field 'userId'");
      const session = await createSession(agent, randomUuid(), userId, body.metadata ?? {});
      const { lastActivity: _l, ...info } = sessionInfo(session, session.createdAt);
      return c.json(info, 201);
    },
  )
  .get("/messaging/sessions", async (c) => {
    const agent = await c.get("options").getAgent(c);
    const sessions = (await listSessions(agent)).map((s) => sessionInfo(s, s.createdAt));
    return c.json({ sessions, total: sessions.length });
  })
  .get("/messaging/sessions/:sessionId", async (c) => {
    const agent = await c.get("options").getAgent(c);
    const session = await findSession(agent, sessionIdOf(c.req.param("sessionId")));
    const latest = await sessionMessages(agent, session, { limit: 1 });
    const lastActivity = latest.cursors?.after ?? session.createdAt;
    return c.json(sessionInfo(session, lastActivity));
  })
  .delete("/messaging/sessions/:sessionId", async (c) => {
    const agent = await c.get("options").getAgent(c);
    const sessionId = sessionIdOf(c.req.param("sessionId"));
    await deleteSession(agent, sessionId);
    return c.json({ success: true as const, message: `Session ${sessionId} deleted successfully` });
  })
  .post(
    "/messaging/sessions/:sessionId/messages",
    jsonInput<z.input<ReturnType<typeof sessionMessageBody>>>(),
    async (c) => {
      const agent = await c.get("options").getAgent(c);
      const session = await findSession(agent, sessionIdOf(c.req.param("sessionId")));
      const body = await readJson(c, sessionMessageBody());
      const turn = turnBody(
        { text: body.content, userId: session.userId, roomId: session.channelId },
        () => "content",
      );
      await enforceRateLimit(c, agent, { userId: session.userId, roomId: session.channelId });
      const result = await sendMessage(agent, turn, {
        source: "elizaos",
        metadata: { ...body.metadata, sessionId: session.sessionId },
      });
      const [stored] = await agent.storage.getMemoriesByIds([result.messageId as UUID]);
      const { isAgent: _isAgent, ...userMessage } = stored
        ? simplifiedMessage(agent, session, stored)
        : {
            isAgent: false,
            ...unstoredMessage(result.messageId, body.content, session, agent.now()),
          };
      const answer = {
        userMessage,
        agentResponse: {
          text: result.replies.map((r) => r.text).join("\n\n"),
          actions: [...new Set(result.replies.flatMap((r) => r.actions))],
        },
      };
      // elizaOS 1.7.2 answers `{success: true, userMessage, agentResponse}`, which its own
      // api-client unwraps as `{success, data}` and so returns undefined: `data` carries the
      // same answer, for the client, beside the fields raw callers read.
      return c.json(
        { success: true as const, ...answer, data: { success: true as const, ...answer } },
        201,
      );
    },
  )
  .get(
    "/messaging/sessions/:sessionId/messages",
    queryInput<{ limit?: string; before?: string; after?: string }>(),
    async (c) => {
      const agent = await c.get("options").getAgent(c);
      const session = await findSession(agent, sessionIdOf(c.req.param("sessionId")));
      const query = sessionMessagesQuery().safeParse(c.req.query());
      if (!query.success) {
        throw new ApiError(
          400,
          "VALIDATION_ERROR",
          "limit must be 1-100; before and after timestamps in ms",
        );
      }
      return c.json(await sessionMessages(agent, session, query.data));
    },
  );
