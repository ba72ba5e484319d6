// Reading a server-sent event stream (the format OpenAI, Anthropic and Workers AI stream in):
// events separated by a blank line, `event:` naming one, `data:` lines joined by newlines,
// comments (`:`) skipped. A few lines over TextDecoder, so the Worker bundle gains no library.
// A line longer than MAX_LINE_CHARS (no real event is) ends the stream with an error rather
// than growing a buffer without bound.

export interface ServerSentEvent {
  event?: string;
  data: string;
}

const MAX_LINE_CHARS = 1024 * 1024;

export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event: string | undefined;
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        const width = buffer[newline] === "\r" && buffer[newline + 1] === "\n" ? 2 : 1;
        buffer = buffer.slice(newline + width);
        if (line === "") {
          if (data.length) yield { ...(event ? { event } : {}), data: data.join("\n") };
          event = undefined;
          data = [];
        } else if (!line.startsWith(":")) {
          const colon = line.indexOf(":");
          const field = colon === -1 ? line : line.slice(0, colon);
          let value = colon === -1 ? "" : line.slice(colon + 1);
          if (value.startsWith(" ")) value = value.slice(1);
          if (field === "data") data.push(value);
          else if (field === "event") event = value;
        }
        newline = buffer.search(/\r\n|\r|\n/);
      }
      if (buffer.length > MAX_LINE_CHARS) throw new Error("event stream line too long");
      if (done) break;
    }
    // A last event without its blank line still counts (some servers end that way).
    if (data.length) yield { ...(event ? { event } : {}), data: data.join("\n") };
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => {});
  }
}
