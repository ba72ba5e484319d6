/**
 * A reply the platform definitely did not take (it answered with an error). Unlike other
 * action failures it is not contained: it fails the message so the inbox retries it, unless
 * the platform's answer means retrying cannot help (the bot was blocked, the chat is gone).
 */
export class DeliveryError extends Error {
  /** False when the same send can never succeed: the task stops instead of backing off. */
  readonly retryable: boolean;
  constructor(message: string, options?: { cause?: unknown; retryable?: boolean }) {
    super(message, options);
    this.name = "DeliveryError";
    this.retryable = options?.retryable ?? true;
  }
}
