// The retry contract of POST /api/messages. A client names its message, by an
// `Idempotency-Key` header or a `messageId` in the body, and may then send it again as often as
// it likes until it gets an answer:
// - the message is stored under an id fixed by that name, so a retry never stores a second copy;
// - an answered message replays its answer (`Idempotent-Replayed: true`);
// - while one attempt runs, another gets 409 `in_progress` with Retry-After;
// - an attempt that fails (a 5xx: storage, the model, a deadline) frees the name at once, and
//   the retry runs the turn again from the message already stored.
// The running attempt holds a claim (claimOnce). A failed attempt cannot delete its claim (a
// claim is first-writer-wins until it expires), so it records the failure in the answer's
// cache entry instead, and the retry claims the next attempt's key. An attempt that dies with
// its process records nothing; its claim expires after the turn's own deadline.
import { createUniqueUuid, type UUID } from "../../kernel/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { ApiError } from "../errors.ts";

/** How long an answer is replayed. */
const RESULT_TTL_MS = 24 * 60 * 60 * 1000;
/** The longest a claim outlives a crashed attempt, whatever the turn's deadline. */
const MAX_CLAIM_TTL_MS = 2 * 60 * 1000;
/** Added to the turn's deadline: the storage calls around the turn. */
const CLAIM_MARGIN_MS = 5_000;

/** What the answer's cache entry holds before there is an answer: failed attempts so far. */
interface FailedAttempts {
  failedAttempts: number;
}

export interface MessageRetry<Result> {
  /** The stored message's id, the same for every attempt. */
  messageId: UUID;
  /** The first attempt's answer, when one was given: replay it. */
  previous(): Promise<Result | undefined>;
  /** Claims this attempt; 409 `in_progress` when another attempt holds the name. */
  claim(): Promise<void>;
  /** Remembers the answer for replays. */
  answered(result: Result): Promise<void>;
  /** Frees the name for the next attempt (best effort: storage may be the thing that failed). */
  failed(): Promise<void>;
}

/**
 * The retry state of a named message; undefined for an unnamed one (every send is new).
 * `key` is the Idempotency-Key header, `messageId` the body's; either names the message.
 */
export function messageRetry<Result extends object>(
  agent: IAgentRuntime,
  names: { key?: string; messageId?: string },
  turnDeadlineMs: number,
): MessageRetry<Result> | undefined {
  const { key, messageId } = names;
  if (key === undefined && messageId === undefined) return undefined;
  // The key's own spelling is kept as it was, so answers stored before this release replay.
  const cacheKey =
    key !== undefined
      ? `api:idempotency:${agent.agentId}:${key}`
      : `api:message-id:${agent.agentId}:${messageId}`;
  const claimTtl = Math.min(MAX_CLAIM_TTL_MS, turnDeadlineMs + CLAIM_MARGIN_MS);
  let attempt = 0;
  return {
    messageId: createUniqueUuid(
      agent,
      messageId !== undefined ? `api:message:${messageId}` : `api:${key}`,
    ),
    async previous() {
      const entry = await agent.storage.getCache<Result | FailedAttempts>(cacheKey);
      if (entry && isFailure(entry)) {
        attempt = entry.failedAttempts;
        return undefined;
      }
      return entry;
    },
    async claim() {
      const claimKey = attempt === 0 ? `${cacheKey}:claim` : `${cacheKey}:claim:${attempt}`;
      if (await agent.storage.claimOnce(claimKey, claimTtl)) return;
      throw new ApiError(409, "in_progress", "A request for this message is in progress", {
        retryAfterSeconds: 1,
      });
    },
    async answered(result) {
      await agent.storage.setCache(cacheKey, result, { ttlMs: RESULT_TTL_MS });
    },
    async failed() {
      const next: FailedAttempts = { failedAttempts: attempt + 1 };
      try {
        await agent.storage.setCache(cacheKey, next, { ttlMs: RESULT_TTL_MS });
      } catch (error) {
        // The claim then frees itself when it expires (the turn's deadline and a margin).
        agent.logger.warn("could not free a failed message's retry; it frees itself later", {
          error: String(error),
        });
      }
    },
  };
}

function isFailure(entry: object): entry is FailedAttempts {
  return typeof (entry as FailedAttempts).failedAttempts === "number" && !("runId" in entry);
}
