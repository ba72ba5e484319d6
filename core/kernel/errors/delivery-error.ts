/**
 * A reply the platform definitely did not take (it answered with an error). Unlike other
 * action failures it is not contained: it fails the message so the inbox retries it, unless
 * the platform's answer means retrying cannot help (the bot was blocked, the chat is gone).
 */
export class DeliveryError extends Error {
  /** False when the same send can never succeed: the task stops instead of backing off. */
  readonly retryable: boolean;
  /**
   * The platform's own "not before" (a 429's retry_after), in ms: the task's next attempt
   * waits at least this long, even when its backoff would be shorter.
   */
  readonly retryAfterMs?: number;
  constructor(
    message: string,
    options?: { cause?: unknown; retryable?: boolean; retryAfterMs?: number },
  ) {
    super(message, options);
    this.name = "DeliveryError";
    this.retryable = options?.retryable ?? true;
    this.retryAfterMs = options?.retryAfterMs;
  }
}
