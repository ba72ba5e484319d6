// One turn of the REST API: the caller's message through the agent's pipeline
// (messageService.handleMessage), its replies as the API shows them. Every protocol the app
// speaks (REST, OpenAI's chat completions, elizaOS's sessions, browser event streams) runs its
// turns through here.
import { ChannelType, createUniqueUuid, type Memory, type TokenUsage } from "../../kernel/index.ts";
import { messageService, replyId, type TurnObserver } from "../../pipeline/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { ApiError } from "../errors.ts";
import { toApiMessage } from "./api-message.ts";
import { callerUuid } from "./caller-uuids.ts";
import { callerIds, type SendMessage } from "./message-body.ts";

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
  /** Tokens the turn's own model calls used, when the provider reported them. */
  usage?: TokenUsage;
}

export interface TurnOptions {
  /**
   * Fixes the message's id (an Idempotency-Key, a stream's id, scoped by protocol), so a retry
   * after a crash finds what the first attempt stored.
   */
  messageKey?: string;
  observer?: TurnObserver;
  /** Where the message came from (`content.source`, the connection's source); default "api". */
  source?: string;
  /** Kept on the stored message beside entityName (a session's id, say). */
  metadata?: Record<string, unknown>;
}

/** How many replies of a first attempt a keyed retry looks for (one read); turns have 1-2. */
const RESUMABLE_REPLIES = 10;

export async function sendMessage(
  agent: IAgentRuntime,
  body: SendMessage,
  options: TurnOptions = {},
): Promise<SendMessageResult> {
  const { userId, roomId } = callerIds(body);
  const entityId = callerUuid(agent, userId);
  const roomUuid = callerUuid(agent, roomId);
  const userName = body.userName ?? userId;
  const source = options.source ?? "api";
  const answer = (
    runId: string,
    messageId: string,
    replies: Memory[],
    blockedReason?: string,
    usage?: TokenUsage,
  ): SendMessageResult => ({
    runId,
    messageId,
    roomId,
    roomUuid,
    didRespond: replies.length > 0,
    blocked: blockedReason !== undefined,
    ...(blockedReason === undefined ? {} : { reason: blockedReason }),
    replies: replies.map((m) => toApiMessage(agent, m)),
    ...(usage ? { usage } : {}),
  });
  // A named message has an id fixed by its name, so a retry after a failure or a crash finds
  // what the first attempt stored: its answer is given again, or its turn resumed, never a
  // second copy.
  const messageId = options.messageKey ? createUniqueUuid(agent, options.messageKey) : undefined;
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
        source,
        channelType: ChannelType.API,
      },
      metadata: { ...options.metadata, entityName: userName },
    },
    undefined,
    {
      alreadySaved: alreadySaved !== undefined,
      ...(options.observer ? { observer: options.observer } : {}),
      connection: {
        entityId,
        roomId: roomUuid,
        userName,
        name: userName,
        source,
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
    outcome.usage,
  );
}
