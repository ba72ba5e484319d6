// A turn's events as a GET stream an EventSource reads. The first connection runs the turn and
// sends its events as they happen; a connection that finds the turn running elsewhere (a
// reconnect after a drop, another instance) follows it in storage: each reply as it is stored,
// then `done`. A stream that stays open longer than its budget closes, and the EventSource
// reconnects with Last-Event-ID, so no platform timeout cuts a long turn. Comments keep a quiet
// stream alive through proxies.
import type { Context } from "hono";
import { createUniqueUuid } from "../../kernel/index.ts";
import { replyId, type TurnObserver } from "../../pipeline/index.ts";
import type { IAgentRuntime } from "../../runtime/index.ts";
import type { AppEnv } from "../app-options.ts";
import { errorPayload } from "../errors.ts";
import { createEventStream } from "../event-stream.ts";
import {
  type IdempotentRequest,
  idempotentRequest,
  type SendMessageResult,
  sendMessage,
  toApiMessage,
  turnEvents,
} from "../turn/index.ts";
import { DONE_ID, eventId, repliesSeen } from "./event-ids.ts";
import { type StreamTicket, streamMessageKey } from "./ticket.ts";

export interface StreamTiming {
  /** A comment after this long without an event. */
  keepAliveMs: number;
  /** How often a following connection looks for new replies. */
  pollMs: number;
  /** How long one connection stays open before the client is asked to reconnect. */
  maxMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `work` or `ms`, whichever is first; the timer never outlives the wait. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([work, elapsed]);
  } finally {
    clearTimeout(timer);
  }
}

/** How many replies a following connection reads at a time (one read). */
const REPLY_WINDOW = 10;

export function turnEventStream(
  c: Context<AppEnv>,
  agent: IAgentRuntime,
  streamId: string,
  ticket: StreamTicket,
  lastEventId: string | undefined,
  timing: StreamTiming,
): Response {
  const events = createEventStream({ "access-control-allow-origin": "*" });
  // Reconnect soon: a reconnect is how a long turn is followed across connections.
  events.retry(1000);
  let n = 0;
  let sent = repliesSeen(lastEventId);
  const send = (event: string, data: unknown) => events.send(event, data, eventId(sent, n++));
  const keepAlive = setInterval(() => events.comment("keep-alive"), timing.keepAliveMs);
  const keyed = idempotentRequest<SendMessageResult>(agent, streamId, "stream");
  /** The turn this connection runs, if it runs one: kept alive past the connection. */
  let turn: Promise<void> = Promise.resolve();

  const finish = (result: SendMessageResult) => {
    for (const reply of result.replies.slice(sent)) {
      sent++;
      send("reply", reply);
    }
    events.send("done", result, DONE_ID);
  };

  const live = async () => {
    const messageId = messageIdOf(agent, streamId);
    const sentBefore = new Set(
      Array.from({ length: sent }, (_, k) => replyId(agent, messageId, k)),
    );
    const observed = turnEvents(agent, (event, data) => {
      if (event === "reply") sent++;
      send(event, data);
    });
    const observer: TurnObserver = {
      ...observed,
      // A resumed turn's replies stored before this connection were counted by the client.
      replied: (reply) => {
        if (reply.id && sentBefore.has(reply.id)) return;
        observed.replied?.(reply);
      },
    };
    turn = sendMessage(agent, ticket.body, {
      messageKey: streamMessageKey(streamId),
      observer,
    }).then(async (result) => {
      await keyed.remember(result);
      finish(result);
    });
    // A turn longer than the connection's budget goes on; the client reconnects and follows it.
    await within(turn, timing.maxMs);
  };

  const follow = async () => {
    const polls = Math.max(1, Math.ceil(timing.maxMs / timing.pollMs));
    for (let i = 0; i < polls && !events.gone; i++) {
      const result = await keyed.previous();
      if (result) return finish(result);
      await sendStoredReplies(
        agent,
        streamId,
        () => sent,
        (reply) => {
          sent++;
          send("reply", reply);
        },
      );
      await sleep(timing.pollMs);
    }
  };

  const failed = (error: unknown) => {
    // Final: the client stops; it may POST the message again.
    events.send("error", errorPayload(c, error).body, DONE_ID);
  };
  const work = run(keyed, live, follow).catch(failed);
  const finished = work.finally(() => clearInterval(keepAlive)).then(() => events.close());
  // The turn outlives the connection (a client that hangs up, a connection past its budget):
  // its replies are still stored, and a reconnect follows them.
  c.get("options").waitUntil?.(
    c,
    finished.then(() => turn.catch(failed)),
  );
  return events.response;
}

async function run(
  keyed: IdempotentRequest<SendMessageResult>,
  live: () => Promise<void>,
  follow: () => Promise<void>,
): Promise<void> {
  if (await keyed.previous()) return follow();
  // The first connection runs the turn; a later one whose runner died (its claim expired)
  // takes it over, and the turn resumes from what was stored.
  if (await keyed.tryClaim()) return live();
  return follow();
}

const messageIdOf = (agent: IAgentRuntime, streamId: string) =>
  createUniqueUuid(agent, streamMessageKey(streamId));

/** Sends the replies stored after the `sent()` the client has, in order. */
async function sendStoredReplies(
  agent: IAgentRuntime,
  streamId: string,
  sent: () => number,
  sendReply: (reply: ReturnType<typeof toApiMessage>) => void,
): Promise<void> {
  const messageId = messageIdOf(agent, streamId);
  const from = sent();
  const ids = Array.from({ length: REPLY_WINDOW }, (_, k) => replyId(agent, messageId, from + k));
  const found = new Map((await agent.storage.getMemoriesByIds(ids)).map((m) => [m.id, m]));
  for (const id of ids) {
    const reply = found.get(id);
    if (!reply) return; // replies are stored in order: the next one is not there yet
    sendReply(toApiMessage(agent, reply));
  }
}
