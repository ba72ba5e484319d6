// A turn as OpenAI's streamed chat completion: `chat.completion.chunk` data events (the role,
// then the reply's words as the model writes them, then the finish reason), the usage chunk
// when asked for, then `data: [DONE]`. A failure once the stream is open is OpenAI's
// `data: {"error": ...}`, which the SDKs raise as an API error.
import type { Memory } from "../../kernel/index.ts";
import type { TurnObserver } from "../../pipeline/index.ts";
import { createEventStream, type EventStream } from "../event-stream.ts";
import type { SendMessageResult } from "../turn/index.ts";
import {
  type ChatCompletion,
  type CompletionMeta,
  chunk,
  finishReason,
  openAiUsage,
  REPLY_SEPARATOR,
  usageChunk,
} from "./completion.ts";

/**
 * Keeps what the client has read equal to the replies joined: the model's words go out as
 * they come; when a reply is stored, whatever of it was not streamed follows (all of it when
 * an action wrote it without the model streaming).
 */
export function contentWriter(emit: (content: string) => void): TurnObserver & {
  readonly sentAny: boolean;
} {
  let sentAny = false;
  let pending = "";
  const out = (content: string) => {
    if (!content) return;
    emit(content);
    sentAny = true;
  };
  return {
    get sentAny() {
      return sentAny;
    },
    text(delta) {
      if (!pending && sentAny) out(REPLY_SEPARATOR);
      pending += delta;
      out(delta);
    },
    replied(reply: Memory) {
      const text = reply.content.text ?? "";
      if (pending && text.startsWith(pending)) out(text.slice(pending.length));
      else if (!pending) out(sentAny && text ? REPLY_SEPARATOR + text : text);
      else out(REPLY_SEPARATOR + text);
      pending = "";
    },
  };
}

export interface StreamOptions {
  meta: (runId: string) => CompletionMeta;
  includeUsage: boolean;
  /** The turn, told of its progress through the observer. */
  run: (observer: TurnObserver) => Promise<SendMessageResult>;
  /** OpenAI's error body for a failure after the stream opened. */
  errorBody: (error: unknown) => unknown;
}

export function streamCompletion(options: StreamOptions): {
  events: EventStream;
  finished: Promise<void>;
} {
  const events = createEventStream();
  let meta: CompletionMeta | undefined;
  const opened = (runId: string) => {
    if (meta) return meta;
    meta = options.meta(runId);
    events.data(chunk(meta, { role: "assistant", content: "" }, null, options.includeUsage));
    return meta;
  };
  const writer = contentWriter((content) => {
    if (meta) events.data(chunk(meta, { content }, null, options.includeUsage));
  });
  const observer: TurnObserver = {
    started: ({ runId }) => opened(runId),
    text: (delta) => writer.text?.(delta),
    replied: (reply) => writer.replied?.(reply),
  };
  const finished = options.run(observer).then(
    (result) => {
      const m = opened(result.runId);
      // A resumed Idempotency-Key whose replies were stored earlier ran no turn: send them now.
      if (!writer.sentAny && result.replies.length) {
        const content = result.replies.map((r) => r.text).join(REPLY_SEPARATOR);
        events.data(chunk(m, { content }, null, options.includeUsage));
      }
      events.data(chunk(m, {}, finishReason(result), options.includeUsage));
      const usage = openAiUsage(result.usage);
      if (options.includeUsage && usage) events.data(usageChunk(m, usage));
      events.data("[DONE]");
    },
    (error: unknown) => events.data(options.errorBody(error)),
  );
  return { events, finished: finished.then(() => events.close()) };
}

/** A replayed Idempotency-Key's completion, as the stream the first request would have sent. */
export function replayStream(completion: ChatCompletion, includeUsage: boolean): Response {
  const events = createEventStream({ "idempotent-replayed": "true" });
  const meta = { id: completion.id, created: completion.created, model: completion.model };
  const choice = completion.choices[0];
  events.data(chunk(meta, { role: "assistant", content: "" }, null, includeUsage));
  if (choice?.message.content) {
    events.data(chunk(meta, { content: choice.message.content }, null, includeUsage));
  }
  events.data(chunk(meta, {}, choice?.finish_reason ?? "stop", includeUsage));
  if (includeUsage && "usage" in completion) events.data(usageChunk(meta, completion.usage));
  events.data("[DONE]");
  void events.close();
  return events.response;
}
