// One outbound call to a chat platform's API, with the retry rules both platforms share:
// - 429: wait the platform's retry_after and try once more, if the wait is short enough to
//   fit in a background run; otherwise fail with retryAfterMs, and the task that owns the send
//   retries no earlier than that.
// - 5xx: nothing was done; try once more after a short pause, then fail (retryable).
// - a timeout: the platform may have delivered the message and we cannot tell, so the outcome
//   is "unknown" and it is NOT retried: a repeated chat message is worse than a lost one
//   (notes/platform-facts.md, NousResearch/hermes-agent#3899).
// - a network failure with no response (refused, DNS): retryable; nothing reached the API.
// - other 4xx: the request is wrong (chat gone, bot blocked, bad token); not retryable.
// Every definite failure is a PlatformApiError, a core DeliveryError: the message service
// withdraws the reply's record (written before the send) and fails the turn, so the inbox task
// answers again later. Anything else that returns counts as delivered and is never resent.
// While it waits to retry (a 429, a 5xx), nothing is delivered: the send's record says so
// (`progress`), so a crash in the wait is recovered by sending it, not lost as "maybe sent".

import { DeliveryError, type DeliveryProgress } from "../core/index.ts";

export interface DeliveryOptions {
  /** Default the global fetch. */
  fetch?: typeof fetch;
  /** How waits happen; default setTimeout. Tests pass a recorder so nothing waits. */
  sleep?: (ms: number) => Promise<void>;
  /** Longest 429 wait honoured inline; default 10 s (a Worker's waitUntil lasts 30 s). */
  maxRetryAfterMs?: number;
  /** Pause before the one retry after a 5xx; default 1 s. */
  serverErrorPauseMs?: number;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  /** Ends the request early (a long poll when the process stops): the outcome is "unknown". */
  signal?: AbortSignal;
  /** The record of this send (core's send-once), told while a retry waits. */
  progress?: DeliveryProgress;
}

export class PlatformApiError extends DeliveryError {
  /** The HTTP status; 0 when no response came. */
  readonly status: number;
  /** The platform's error body, parsed when JSON. */
  readonly body: unknown;
  /** `retryable`: the same request may succeed later (429, 5xx, no connection). */
  constructor(
    message: string,
    status: number,
    retryable: boolean,
    body?: unknown,
    retryAfterMs?: number,
  ) {
    super(message, { retryable, retryAfterMs });
    this.name = "PlatformApiError";
    this.status = status;
    this.body = body;
  }
}

export type Delivery = { outcome: "sent"; body: unknown } | { outcome: "unknown"; error: string };

export interface ApiCall {
  /** For messages: "telegram sendMessage", "discord PATCH @original". */
  label: string;
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Seconds to wait from a 429, read from the platform's error body; else Retry-After. */
  retryAfter?: (body: unknown) => number | undefined;
  /** The platform's error text, for the thrown error. */
  describe?: (body: unknown) => string | undefined;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function callApi(call: ApiCall, options: DeliveryOptions = {}): Promise<Delivery> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await doFetch(call.url, {
        method: call.method,
        headers: {
          ...(call.body === undefined ? {} : { "content-type": "application/json" }),
          ...call.headers,
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: options.signal
          ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs ?? 10_000)])
          : AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === "TimeoutError" || name === "AbortError") {
        return { outcome: "unknown", error: `${call.label} timed out` };
      }
      // An unusable URL is quoted whole in the error ("Failed to parse URL from …"), and a
      // Telegram URL holds the bot token: the message names the call instead.
      const why = String(error).split(call.url).join(`<${call.label} URL>`);
      throw new PlatformApiError(`${call.label} failed: ${why}`, 0, true);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // A proxy's HTML error page: keep the text for the message.
    }
    if (response.ok) return { outcome: "sent", body };

    const detail = call.describe?.(body) ?? (typeof body === "string" ? body.slice(0, 200) : "");
    const message = `${call.label} failed with ${response.status}${detail ? `: ${detail}` : ""}`;
    if (response.status === 429) {
      const waitMs = retryAfterMs(call.retryAfter?.(body), response.headers.get("retry-after"));
      if (attempt === 1 && waitMs <= (options.maxRetryAfterMs ?? 10_000)) {
        await waitToRetry(call, options, () => sleep(waitMs));
        continue;
      }
      // Too long to wait here (or a second 429): the owning task waits it out instead.
      throw new PlatformApiError(
        message,
        429,
        true,
        body,
        Number.isNaN(waitMs) ? undefined : waitMs,
      );
    }
    if (response.status >= 500) {
      if (attempt === 1) {
        await waitToRetry(call, options, () => sleep(options.serverErrorPauseMs ?? 1000));
        continue;
      }
      throw new PlatformApiError(message, response.status, true, body);
    }
    throw new PlatformApiError(message, response.status, false, body);
  }
}

/**
 * A retry's wait, with the send recorded as "not sent yet" during it. If "may be sent" cannot
 * be recorded again afterwards, the retry is not made: a definite, retryable failure instead.
 */
async function waitToRetry(
  call: ApiCall,
  options: DeliveryOptions,
  wait: () => Promise<void>,
): Promise<void> {
  // Unrecorded, the send just stays "maybe sent", as before: never repeated after a crash.
  await options.progress?.waiting().catch(() => {});
  await wait();
  try {
    await options.progress?.resuming();
  } catch (error) {
    throw new PlatformApiError(
      `${call.label} not retried: its record could not be updated (${String(error)})`,
      0,
      true,
    );
  }
}

/**
 * The wait a 429 asks for, in ms: the platform's body field (seconds, the precise one: Discord
 * rounds its header up), else the Retry-After header (seconds or an HTTP date); NaN when
 * neither says.
 */
function retryAfterMs(fromBody: number | undefined, header: string | null): number {
  if (typeof fromBody === "number" && Number.isFinite(fromBody) && fromBody >= 0) {
    return Math.ceil(fromBody * 1000);
  }
  if (header === null || header.trim() === "") return Number.NaN;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.ceil(seconds * 1000) : Number.NaN;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : Number.NaN;
}
