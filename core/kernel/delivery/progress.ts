// How a send tells the record of that send where it stands, so that recovery after a crash
// knows what never left. A reply's row is written before the platform is called and, as long
// as it says nothing more, means "may have reached the user": never sent again. While a send
// waits to retry after a definite refusal (a 429, a 5xx: nothing was delivered), the row says
// so, and a crash in that wait leaves a row that recovery sends once more. The platform call
// itself is the only window in which a send is "maybe".
//
// The connector that makes the call reaches the row's record through the content it is given
// (the same object the pipeline recorded): a side table, so no signature of elizaOS's changes.

export interface DeliveryProgress {
  /** A definite refusal; the send will wait, then try again. Records "not sent yet". */
  waiting(): Promise<void>;
  /**
   * The retry is about to be made. Records "may be sent" again; when that cannot be recorded
   * this throws, and the send must not be made (a crash would otherwise send it twice).
   */
  resuming(): Promise<void>;
}

const progressOf = new WeakMap<object, DeliveryProgress>();

/** Ties `progress` to the content being sent, for the connector's call to find. */
export function trackDelivery(content: object, progress: DeliveryProgress): void {
  progressOf.set(content, progress);
}

/** The progress of the send of `content`, when the pipeline records one. */
export function deliveryProgressOf(content: object): DeliveryProgress | undefined {
  return progressOf.get(content);
}

/** The reply row's `metadata.delivery` while its send waits to retry: nothing was delivered. */
export const NOT_SENT_YET = "retrying";
