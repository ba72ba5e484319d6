/**
 * A reply the platform definitely did not take (it answered with an error). Unlike other
 * action failures it is not contained: it fails the message so the inbox retries it.
 */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DeliveryError";
  }
}
