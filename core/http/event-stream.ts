// A server-sent event response (text/event-stream) written as events happen, on every target
// (workerd, Node, Vercel; Lambda through a streaming Function URL, else buffered whole). A
// client that goes away only stops the writing: whatever produces the events runs on.
export interface EventStream {
  readonly response: Response;
  /** Queues one event; events leave in order. Nothing happens once the client is gone. */
  send(event: string, data: unknown, id?: string): void;
  /** A data-only event (OpenAI's `data: {...}` and `data: [DONE]`): a string is sent as is. */
  data(data: unknown): void;
  /** A comment line, which clients ignore: keeps a quiet stream open through proxies. */
  comment(text: string): void;
  /** How long an EventSource waits before it reconnects, in ms. */
  retry(ms: number): void;
  /** Resolves once every queued event is written (or the client left), then ends the body. */
  close(): Promise<void>;
  /** True once the client disconnected. */
  readonly gone: boolean;
}

const encoder = new TextEncoder();

export function createEventStream(headers: Record<string, string> = {}): EventStream {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let gone = false;
  let queue: Promise<void> = Promise.resolve();
  const write = (text: string) => {
    queue = queue.then(async () => {
      if (gone) return;
      try {
        await writer.write(encoder.encode(text));
      } catch {
        gone = true; // the reader was cancelled: the client disconnected
      }
    });
  };
  return {
    response: new Response(readable, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        // nginx and similar proxies buffer responses unless told not to.
        "x-accel-buffering": "no",
        ...headers,
      },
    }),
    send(event, data, id) {
      // JSON has no raw newlines, so each event is one data line.
      const idLine = id === undefined ? "" : `id: ${id}\n`;
      write(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    data(data) {
      write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      write(`: ${text}\n\n`);
    },
    retry(ms) {
      write(`retry: ${Math.max(0, Math.round(ms))}\n\n`);
    },
    async close() {
      await queue;
      if (!gone) await writer.close().catch(() => {});
    },
    get gone() {
      return gone;
    },
  };
}

/** Whether the request asks for a streamed answer (`Accept: text/event-stream`). */
export function acceptsEventStream(accept: string | undefined): boolean {
  return accept?.toLowerCase().includes("text/event-stream") ?? false;
}
