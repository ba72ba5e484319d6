// Per-user and per-room message limits.
export {
  DEFAULT_ROOM_MESSAGES_PER_MINUTE,
  DEFAULT_USER_MESSAGES_PER_MINUTE,
  MessageRateLimiter,
  type MessageRateLimits,
  perMinuteSetting,
  RATE_LIMIT_WINDOW_MS,
  type RateLimitVerdict,
  rateLimitRefusal,
} from "./message-rate-limit.ts";
export {
  createMemoryRateLimitStore,
  DEFAULT_RATE_LIMIT_KEYS,
  type RateLimitStore,
  type RateLimitWindow,
} from "./rate-limit-store.ts";
