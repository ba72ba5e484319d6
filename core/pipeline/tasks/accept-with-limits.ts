// The door every platform message comes through, webhook or long poll: the sender's and the
// room's message limits first (a message over one costs no write and no model call), then the
// durable inbox (deduplicated, recorded before the platform is acknowledged).

import type { IAgentRuntime, RateLimitVerdict } from "../../runtime/index.ts";
import { type Acceptance, acceptInbound, type InboundMessage, type InboxOptions } from "./inbox.ts";

export type WebhookAcceptance =
  | Acceptance
  | {
      accepted: false;
      reason: "rate_limited";
      verdict: Extract<RateLimitVerdict, { allowed: false }>;
    };

export async function acceptWithLimits(
  runtime: IAgentRuntime,
  inbound: InboundMessage,
  options: InboxOptions = {},
): Promise<WebhookAcceptance> {
  const verdict = await runtime.messageLimiter.check(inbound.message, runtime.now(), inbound.key);
  if (!verdict.allowed) {
    // One warning per window; the rest of a flood is debug, so it cannot flood the log too.
    const log = verdict.firstRefusal ? runtime.logger.warn : runtime.logger.debug;
    log(
      `${inbound.connection.source} message dropped: ${verdict.scope} over ${verdict.limit}/min`,
      {
        key: inbound.key,
        retryAfterMs: verdict.retryAfterMs,
      },
    );
    return { accepted: false, reason: "rate_limited", verdict };
  }
  return acceptInbound(runtime, inbound, options);
}
