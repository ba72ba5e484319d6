// The retry contract of a turn (POST /api/messages, POST /v1/chat/completions). A client names
// its message, by an `Idempotency-Key` header or (REST) a `messageId` in the body, and may then
// send it again as often as it likes until it gets an answer:
// - the message is stored under an id fixed by that name, so a retry never stores a second copy;
// - an answered message replays its answer (`Idempotent-Replayed: true`);
// - while one attempt runs, another gets 409 `in_progress` with Retry-After;
// - an attempt that fails (a 5xx: storage, the model, a deadline) frees the name at once, and
//   the retry runs the turn again from the message already stored.
// The running attempt holds a claim (claimOnce). A failed attempt cannot delete its claim (a
// claim is first-writer-wins until it expires), so it records the failure in the answer's
// cache entry instead, and the retry claims the next attempt's key. When the storage is what
// failed, that record may not be written either: the instance then remembers the failure
// itself, so a retry that reaches it again goes on as soon as the storage is back (one that
// reaches another instance waits for the claim to expire). An attempt that dies with its
// process records nothing; its claim expires after the turn's own deadline. A named message
// counts once against the sender's rate limit in an instance, however often it is retried.
// Each protocol keeps its own names (`scope`): a key reused across /api/messages and
// /v1/chat/completions names two messages, not one.
import type { IAgentRuntime } from "../../runtime/index.ts";
import { ApiError } from "../errors.ts";

/** How long an answer is replayed. */
const RESULT_TTL_MS = 24 * 60 * 60 * 1000;
/** The longest a claim outlives a crashed attempt, whatever the turn's deadline. */
const MAX_CLAIM_TTL_MS = 2 * 60 * 1000;
/** Added to the turn's deadline: the storage calls around the turn. */
const CLAIM_MARGIN_MS = 5_000;
/** Named messages an instance remembers (failures, rate-limit admissions); oldest dropped. */
const REMEMBERED = 10_000;

interface Remembered {
  failedAttempts: number;
  admitted: boolean;
}

/** Per agent, what this instance knows of named messages, by cache key. */
const remembered = new WeakMap<IAgentRuntime, Map<string, Remembered>>();

function memoryOf(agent: IAgentRuntime, cacheKey: string): Remembered {
  const known = remembered.get(agent) ?? new Map<string, Remembered>();
  remembered.set(agent, known);
  const entry = known.get(cacheKey) ?? { failedAttempts: 0, admitted: false };
  if (!known.has(cacheKey)) {
    known.set(cacheKey, entry);
    if (known.size > REMEMBERED) known.delete(known.keys().next().value as string);
  }
  return entry;
}

/** What the answer's cache entry holds before there is an answer: failed attempts so far. */
interface FailedAttempts {
  failedAttempts: number;
}

export interface MessageRetry<Result> {
  /** What fixes the stored message's id (sendMessage's `messageKey`), the same every attempt. */
  messageKey: string;
  /** The rate limiter let this message through before, in this instance: not counted again. */
  readonly admitted: boolean;
  /** Records that the rate limiter let it through. */
  admit(): void;
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
  names: { key?: string | undefined; messageId?: string | undefined },
  turnDeadlineMs: number,
  scope = "api",
): MessageRetry<Result> | undefined {
  const { key, messageId } = names;
  if (key === undefined && messageId === undefined) return undefined;
  // The key's own spelling is kept as it was, so answers stored before this release replay.
  const cacheKey =
    key !== undefined
      ? `${scope}:idempotency:${agent.agentId}:${key}`
      : `${scope}:message-id:${agent.agentId}:${messageId}`;
  const claimTtl = Math.min(MAX_CLAIM_TTL_MS, turnDeadlineMs + CLAIM_MARGIN_MS);
  const local = memoryOf(agent, cacheKey);
  let attempt = local.failedAttempts;
  const failed = async () => {
    const next: FailedAttempts = { failedAttempts: attempt + 1 };
    local.failedAttempts = Math.max(local.failedAttempts, next.failedAttempts);
    try {
      await agent.storage.setCache(cacheKey, next, { ttlMs: RESULT_TTL_MS });
    } catch (error) {
      // This instance remembers it; elsewhere the claim frees itself when it expires.
      agent.logger.warn("could not record a failed message's attempt; retried here at once", {
        error: String(error),
      });
    }
  };
  return {
    get admitted() {
      return local.admitted;
    },
    admit() {
      local.admitted = true;
    },
    messageKey: messageId !== undefined ? `${scope}:message:${messageId}` : `${scope}:${key}`,
    async previous() {
      const entry = await agent.storage.getCache<Result | FailedAttempts>(cacheKey);
      if (entry && isFailure(entry)) {
        attempt = Math.max(attempt, entry.failedAttempts);
        return undefined;
      }
      return entry;
    },
    async claim() {
      const claimKey = attempt === 0 ? `${cacheKey}:claim` : `${cacheKey}:claim:${attempt}`;
      let claimed: boolean;
      try {
        claimed = await agent.storage.claimOnce(claimKey, claimTtl);
      } catch (error) {
        // The claim may have been written though its answer was lost: the next attempt
        // takes a key of its own.
        await failed();
        throw error;
      }
      if (claimed) return;
      throw new ApiError(409, "in_progress", "A request for this message is in progress", {
        retryAfterSeconds: 1,
      });
    },
    async answered(result) {
      await agent.storage.setCache(cacheKey, result, { ttlMs: RESULT_TTL_MS });
    },
    failed,
  };
}

function isFailure(entry: object): entry is FailedAttempts {
  return typeof (entry as FailedAttempts).failedAttempts === "number" && !("runId" in entry);
}
