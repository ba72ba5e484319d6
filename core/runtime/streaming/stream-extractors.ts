// elizaOS's stream extractors: given a model's output chunk by chunk, each returns the part
// that may be shown to the user now (the inside of <text>, usually). eliza-edge does not
// stream replies itself, but plugins that drive a model stream can use these as in elizaOS.
//
// The output of a tag is held back by a few characters until the close tag is certain not to
// straddle two chunks. Buffers are bounded: outside a tag only the last kilobyte is kept.
import type { UUID } from "../../kernel/index.ts";
import { StreamError, type StreamingContext } from "./streaming.ts";

export interface IStreamExtractor {
  readonly done: boolean;
  /** Takes the next chunk; returns what to stream now ("" for nothing). */
  push(chunk: string): string;
  /** What is still held back (the end of an unclosed tag). */
  flush?(): string;
  reset(): void;
}

/** Characters held back, longer than any close tag looked for. */
const HOLD_BACK = 10;
const MAX_CHUNK = 1024 * 1024;
const MAX_IDLE_BUFFER = 100 * 1024;
const IDLE_KEEP = 1024;

function checkChunk(chunk: string): void {
  if (chunk.length > MAX_CHUNK) {
    throw new StreamError(
      "CHUNK_TOO_LARGE",
      `Chunk size ${chunk.length} exceeds maximum allowed ${MAX_CHUNK}`,
      {
        chunkSize: chunk.length,
        maxAllowed: MAX_CHUNK,
      },
    );
  }
}

/** Text outside any tag is only searched for an open tag: its tail is all that matters. */
function boundIdle(buffer: string, max = MAX_IDLE_BUFFER): string {
  return buffer.length > max ? buffer.slice(-IDLE_KEEP) : buffer;
}

/** Streams the inside of one `<tag>...</tag>` out of a growing buffer. */
class TagReader {
  buffer = "";
  inside = false;
  /** A close tag was reached (ever, since the last reset). */
  closed = false;
  /** A close tag was reached by the last advance(). */
  closedNow = false;

  constructor(
    private readonly open: string,
    private readonly close: string,
  ) {}

  /** Consumes the buffer as far as it can; returns the tag content now safe to stream. */
  advance(): string {
    this.closedNow = false;
    if (!this.inside) {
      const at = this.buffer.indexOf(this.open);
      if (at === -1) return "";
      this.inside = true;
      this.buffer = this.buffer.slice(at + this.open.length);
    }
    const end = this.buffer.indexOf(this.close);
    if (end !== -1) {
      const content = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + this.close.length);
      this.inside = false;
      this.closed = true;
      this.closedNow = true;
      return content;
    }
    if (this.buffer.length <= HOLD_BACK) return "";
    const ready = this.buffer.slice(0, -HOLD_BACK);
    this.buffer = this.buffer.slice(-HOLD_BACK);
    return ready;
  }

  flush(): string {
    if (!this.inside || this.buffer.length === 0) return "";
    const rest = this.buffer;
    this.buffer = "";
    return rest;
  }

  reset(): void {
    this.buffer = "";
    this.inside = false;
    this.closed = false;
  }
}

/** Streams everything, never done. */
export class PassthroughExtractor implements IStreamExtractor {
  get done(): boolean {
    return false;
  }
  push(chunk: string): string {
    checkChunk(chunk);
    return chunk;
  }
  reset(): void {}
}

/** Streams the content of the first `<tagName>`; done at its close tag. */
export class XmlTagExtractor implements IStreamExtractor {
  private readonly reader: TagReader;

  constructor(tagName: string) {
    this.reader = new TagReader(`<${tagName}>`, `</${tagName}>`);
  }

  get done(): boolean {
    return this.reader.closed;
  }

  push(chunk: string): string {
    if (this.reader.closed) return "";
    checkChunk(chunk);
    this.reader.buffer += chunk;
    if (!this.reader.inside) this.reader.buffer = boundIdle(this.reader.buffer);
    return this.reader.advance();
  }

  flush(): string {
    return this.reader.flush();
  }

  reset(): void {
    this.reader.reset();
  }
}

/**
 * Streams a planner answer's <text> only when its <actions> are exactly REPLY (the text is
 * then the reply). With other actions the text is an acknowledgement the actions replace, so
 * it is skipped; a <text> that arrives before <actions> is skipped too.
 */
export class ResponseStreamExtractor implements IStreamExtractor {
  private readonly reader = new TagReader("<text>", "</text>");
  private strategy: "pending" | "direct" | "delegated" = "pending";

  get done(): boolean {
    return this.reader.closed;
  }

  reset(): void {
    this.reader.reset();
    this.strategy = "pending";
  }

  flush(): string {
    return this.reader.flush();
  }

  push(chunk: string): string {
    checkChunk(chunk);
    this.reader.buffer += chunk;
    if (this.strategy === "pending") this.decide();
    if (!this.reader.inside) {
      const open = this.reader.buffer.indexOf("<text>");
      if (open !== -1 && this.strategy !== "direct") {
        const close = this.reader.buffer.indexOf("</text>", open);
        if (close === -1) {
          this.reader.buffer = boundIdle(this.reader.buffer);
          return "";
        }
        this.reader.buffer = this.reader.buffer.slice(close + "</text>".length);
      }
      if (this.strategy !== "direct" || this.reader.buffer.indexOf("<text>") === -1) {
        this.reader.buffer = boundIdle(this.reader.buffer);
        return "";
      }
    }
    return this.reader.advance();
  }

  private decide(): void {
    const open = this.reader.buffer.indexOf("<actions>");
    if (open === -1) return;
    const from = open + "<actions>".length;
    const close = this.reader.buffer.indexOf("</actions>", from);
    if (close === -1) return;
    const actions = this.reader.buffer
      .slice(from, close)
      .split(",")
      .map((a) => a.trim().toUpperCase())
      .filter(Boolean);
    this.strategy = actions.length === 1 && actions[0] === "REPLY" ? "direct" : "delegated";
  }
}

/**
 * Streams an action's model output: plain text as it comes, XML only inside <text>, JSON
 * never. The kind is decided by the first character that is not whitespace.
 */
export class ActionStreamFilter implements IStreamExtractor {
  private readonly reader = new TagReader("<text>", "</text>");
  private kind: "json" | "xml" | "text" | null = null;

  get done(): boolean {
    return this.reader.closed;
  }

  reset(): void {
    this.reader.reset();
    this.kind = null;
  }

  flush(): string {
    return this.kind === "xml" ? this.reader.flush() : "";
  }

  push(chunk: string): string {
    checkChunk(chunk);
    this.reader.buffer += chunk;
    if (this.kind === null) {
      const first = this.reader.buffer.trimStart()[0];
      if (first === undefined) return "";
      this.kind = first === "{" || first === "[" ? "json" : first === "<" ? "xml" : "text";
    }
    if (this.kind === "json") return "";
    if (this.kind === "text") {
      const all = this.reader.buffer;
      this.reader.buffer = "";
      return all;
    }
    const out = this.reader.advance();
    if (!this.reader.inside && !this.reader.closedNow) {
      this.reader.buffer = boundIdle(this.reader.buffer, IDLE_KEEP);
    }
    return out;
  }
}

export interface IStreamingRetryState {
  /** Everything streamed so far, plus what the extractor still held back. */
  getStreamedText(): string;
  isComplete(): boolean;
  reset(): void;
}

export function createStreamingRetryState(
  extractor: IStreamExtractor,
): IStreamingRetryState & { _appendText: (text: string) => void } {
  let streamed = "";
  return {
    getStreamedText: () => {
      streamed += extractor.flush?.() ?? "";
      return streamed;
    },
    isComplete: () => extractor.done,
    reset: () => {
      extractor.reset();
      streamed = "";
    },
    _appendText: (text) => {
      streamed += text;
    },
  };
}

/** A streaming context that passes each chunk through `extractor` to `onStreamChunk`. */
export function createStreamingContext(
  extractor: IStreamExtractor,
  onStreamChunk: (chunk: string, messageId?: UUID) => Promise<void>,
  messageId?: UUID,
): StreamingContext & IStreamingRetryState {
  const state = createStreamingRetryState(extractor);
  return {
    onStreamChunk: async (chunk: string, id?: string) => {
      if (extractor.done) return;
      const text = extractor.push(chunk);
      if (!text) return;
      state._appendText(text);
      await onStreamChunk(text, id as UUID | undefined);
    },
    messageId,
    reset: state.reset,
    getStreamedText: state.getStreamedText,
    isComplete: state.isComplete,
  };
}
