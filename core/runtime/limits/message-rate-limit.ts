// Per-user and per-room message limits, checked before a message costs a model call or a
// storage write, on every way in (the REST API and the webhooks). Limits come from settings:
// RATE_LIMIT_USER_PER_MINUTE and RATE_LIMIT_ROOM_PER_MINUTE, 0 turns one off.
import type { UUID } from "../../kernel/index.ts";
import type { RateLimitStore } from "./rate-limit-store.ts";

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const DEFAULT_USER_MESSAGES_PER_MINUTE = 20;
export const DEFAULT_ROOM_MESSAGES_PER_MINUTE = 60;

export interface MessageRateLimits {
  userPerMinute: number;
  roomPerMinute: number;
}

export type RateLimitVerdict =
  | { allowed: true }
  | {
      allowed: false;
      scope: "user" | "room";
      limit: number;
      /** How long until the window that refused this message ends. */
      retryAfterMs: number;
      /** The first refusal of its window: the one a chat user is told about. */
      firstRefusal: boolean;
    };

/** Platform update keys remembered so a redelivery is not counted twice. */
const REMEMBERED_KEYS = 10_000;

export class MessageRateLimiter {
  /** Verdicts by platform update key (bounded, oldest dropped first). */
  private readonly verdicts = new Map<string, RateLimitVerdict>();

  constructor(
    private readonly store: RateLimitStore,
    readonly limits: MessageRateLimits,
  ) {}

  /**
   * Counts the message against its sender and its room; the user's limit is checked first.
   * A platform redelivery (same `updateKey`, seen by this instance) is not counted again and
   * gets its first verdict, so a retried update is neither refused twice nor let through.
   */
  async check(
    message: { entityId: UUID; roomId: UUID },
    now: number,
    updateKey?: string,
  ): Promise<RateLimitVerdict> {
    const earlier = updateKey === undefined ? undefined : this.verdicts.get(updateKey);
    if (earlier) return earlier.allowed ? earlier : { ...earlier, firstRefusal: false };
    const verdict = await this.count(message, now);
    if (updateKey !== undefined) {
      this.verdicts.set(updateKey, verdict);
      if (this.verdicts.size > REMEMBERED_KEYS) {
        this.verdicts.delete(this.verdicts.keys().next().value as string);
      }
    }
    return verdict;
  }

  /**
   * True at most once a minute per refused sender (or room): whether to tell them in the chat.
   * Asked only for messages that address the agent, so group chatter over the room's limit
   * does not make the agent speak up, and an addressed message still hears why it was dropped.
   */
  async claimNotice(
    message: { entityId: UUID; roomId: UUID },
    verdict: Extract<RateLimitVerdict, { allowed: false }>,
    now: number,
  ): Promise<boolean> {
    const id = verdict.scope === "user" ? message.entityId : message.roomId;
    const notice = await this.store.hit(`notice:${verdict.scope}:${id}`, RATE_LIMIT_WINDOW_MS, now);
    return notice.count === 1;
  }

  private async count(
    message: { entityId: UUID; roomId: UUID },
    now: number,
  ): Promise<RateLimitVerdict> {
    const checks = [
      { scope: "user" as const, key: `user:${message.entityId}`, limit: this.limits.userPerMinute },
      { scope: "room" as const, key: `room:${message.roomId}`, limit: this.limits.roomPerMinute },
    ];
    for (const { scope, key, limit } of checks) {
      if (!(limit > 0)) continue;
      const window = await this.store.hit(key, RATE_LIMIT_WINDOW_MS, now);
      if (window.count > limit) {
        return {
          allowed: false,
          scope,
          limit,
          retryAfterMs: Math.max(0, window.resetAt - now),
          firstRefusal: window.count === limit + 1,
        };
      }
    }
    return { allowed: true };
  }
}

/** A whole number of messages per minute from a setting; unset or malformed is the default. */
export function perMinuteSetting(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return fallback;
  return Number(value);
}

/** What a chat user reads when the limit refused their message. */
export function rateLimitRefusal(verdict: Extract<RateLimitVerdict, { allowed: false }>): string {
  const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  const who = verdict.scope === "user" ? "you have sent" : "this chat has sent";
  return `Sorry, ${who} more than ${verdict.limit} messages in a minute, so I'm skipping some. Try again in ${seconds} s.`;
}
