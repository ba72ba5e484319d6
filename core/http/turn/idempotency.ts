// Idempotency-Key: a repeated request gets the first one's answer, a concurrent one 409, and a
// retry after a crash resumes the first attempt's turn (the message id is fixed by the key, see
// send-message.ts). Each protocol keeps its own answers (`scope`): a key reused across
// /api/messages and /v1/chat/completions names two requests, not one.
import type { Context } from "hono";
import type { IAgentRuntime } from "../../runtime/index.ts";
import { ApiError } from "../errors.ts";

const IDEMPOTENCY_RESULT_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a first request holds its key while it runs; a crashed run frees it after this. */
const IDEMPOTENCY_CLAIM_TTL_MS = 2 * 60 * 1000;

/** The request's Idempotency-Key header, checked (1-200 characters), or undefined. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header("idempotency-key");
  if (key !== undefined && (key.length < 1 || key.length > 200)) {
    throw new ApiError(400, "invalid_header", "Idempotency-Key must be 1-200 characters");
  }
  return key;
}

export interface IdempotentRequest<T> {
  /** The first request's answer, when this key has one. */
  previous(): Promise<T | undefined>;
  /** Holds the key for this request; 409 while another request with it is running. */
  claim(): Promise<void>;
  /** Holds the key for this request, or says another request holds it. */
  tryClaim(): Promise<boolean>;
  /** Keeps this request's answer for the key's repeats. */
  remember(answer: T): Promise<void>;
}

export function idempotentRequest<T>(
  agent: IAgentRuntime,
  key: string,
  scope = "api",
): IdempotentRequest<T> {
  const cacheKey = `${scope}:idempotency:${agent.agentId}:${key}`;
  const tryClaim = () => agent.storage.claimOnce(`${cacheKey}:claim`, IDEMPOTENCY_CLAIM_TTL_MS);
  return {
    previous: () => agent.storage.getCache<T>(cacheKey),
    tryClaim,
    async claim() {
      if (!(await tryClaim())) {
        throw new ApiError(
          409,
          "in_progress",
          "A request with this Idempotency-Key is in progress",
        );
      }
    },
    async remember(answer) {
      await agent.storage.setCache(cacheKey, answer, { ttlMs: IDEMPOTENCY_RESULT_TTL_MS });
    },
  };
}
