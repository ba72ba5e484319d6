// The express-shaped response an elizaOS route handler answers through. It records the
// answer; the route turns it into a web Response once the handler is done. The first answer
// wins (express throws on a second one; a plugin's stray second call is not worth a 500).
import type { RouteResponse } from "../../runtime/index.ts";

type HeaderValue = string | number | readonly string[];

export class ExpressResponse implements RouteResponse {
  statusCode = 200;
  /** Node's reason phrase; a web Response has none to carry, so it is kept only for reading. */
  statusMessage = "";
  private readonly headerMap = new Headers();
  private chunks: Uint8Array[] = [];
  private answered = false;
  private writing = false;
  private markEnded: () => void = () => {};
  /** Settles when the handler ends the response (end, json, send, ...), however late. */
  readonly ended = new Promise<void>((resolve) => {
    this.markEnded = resolve;
  });

  /** Whether the handler has answered (or started streaming with write). */
  get headersSent(): boolean {
    return this.answered || this.writing;
  }

  get finished(): boolean {
    return this.answered;
  }

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  /**
   * Node's ServerResponse.writeHead, which express's res inherits: plugin-knowledge 1.6 answers
   * every route with `res.writeHead(status, {"Content-Type": ...}); res.end(body)`. Takes
   * headers as an object or as Node's flat [name, value, ...] array; an optional reason
   * phrase may come between. Headers count as sent from here, as in Node.
   */
  writeHead(
    code: number,
    reasonOrHeaders?: string | Record<string, HeaderValue> | readonly string[],
    headers?: Record<string, HeaderValue> | readonly string[],
  ): this {
    if (this.headersSent) return this;
    const given = typeof reasonOrHeaders === "string" ? headers : reasonOrHeaders;
    if (typeof reasonOrHeaders === "string") this.statusMessage = reasonOrHeaders;
    this.statusCode = code;
    if (Array.isArray(given)) {
      for (let i = 0; i + 1 < given.length; i += 2) this.setHeader(given[i]!, given[i + 1]!);
    } else if (given) {
      this.set(given as Record<string, HeaderValue>);
    }
    this.writing = true;
    return this;
  }

  /** Node's flushHeaders: nothing to flush, the answer is sent whole when the handler ends. */
  flushHeaders(): void {}

  setHeader(name: string, value: HeaderValue): this {
    this.headerMap.delete(name);
    for (const one of Array.isArray(value) ? value : [String(value)]) {
      this.headerMap.append(name, one);
    }
    return this;
  }

  getHeader(name: string): string | undefined {
    return this.headerMap.get(name) ?? undefined;
  }

  hasHeader(name: string): boolean {
    return this.headerMap.has(name);
  }

  /** Node's getHeaders: lower-case names to values (repeated headers joined, as Headers does). */
  getHeaders(): Record<string, string> {
    return Object.fromEntries(this.headerMap.entries());
  }

  getHeaderNames(): string[] {
    return [...this.headerMap.keys()];
  }

  /** express's res.append: adds a value to a header instead of replacing it. */
  append(name: string, value: HeaderValue): this {
    for (const one of Array.isArray(value) ? value : [String(value)]) {
      this.headerMap.append(name, one);
    }
    return this;
  }

  /** express's res.location: sets Location without answering. */
  location(url: string): this {
    return this.setHeader("location", url);
  }

  removeHeader(name: string): this {
    this.headerMap.delete(name);
    return this;
  }

  /** express's res.set / res.header: one header, or an object of them. */
  set(name: string | Record<string, HeaderValue>, value?: HeaderValue): this {
    if (typeof name === "string") return this.setHeader(name, value ?? "");
    for (const [key, one] of Object.entries(name)) this.setHeader(key, one);
    return this;
  }

  header(name: string | Record<string, HeaderValue>, value?: HeaderValue): this {
    return this.set(name, value);
  }

  /** express's res.type: "json", "html", "text" or a full media type. */
  type(type: string): this {
    const short: Record<string, string> = {
      json: "application/json",
      html: "text/html; charset=utf-8",
      text: "text/plain; charset=utf-8",
    };
    return this.setHeader("content-type", short[type] ?? type);
  }

  json(data: unknown): this {
    if (!this.headerMap.has("content-type")) this.type("json");
    return this.finish(JSON.stringify(data) ?? "");
  }

  /** Strings go as HTML (express's default), bytes as bytes, anything else as JSON. */
  send(data?: unknown): this {
    if (data === undefined) return this.finish();
    if (typeof data === "string") {
      if (!this.headerMap.has("content-type")) this.type("html");
      return this.finish(data);
    }
    if (data instanceof Uint8Array || data instanceof ArrayBuffer) {
      if (!this.headerMap.has("content-type")) this.type("application/octet-stream");
      return this.finish(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
    }
    return this.json(data);
  }

  sendStatus(code: number): this {
    return this.status(code).type("text").finish(String(code));
  }

  redirect(statusOrUrl: number | string, url?: string): this {
    const [code, location] =
      typeof statusOrUrl === "number" ? [statusOrUrl, url ?? "/"] : [302, statusOrUrl];
    return this.status(code).setHeader("location", location).finish();
  }

  /** Streaming writes are collected and sent when the handler ends the response. */
  write(chunk: string | Uint8Array): boolean {
    if (this.answered) return false;
    this.writing = true;
    this.chunks.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
    return true;
  }

  end(data?: string | Uint8Array): this {
    return this.finish(data);
  }

  private finish(data?: string | Uint8Array): this {
    if (this.answered) return this;
    if (data !== undefined) this.write(data);
    this.answered = true;
    this.markEnded();
    return this;
  }

  /** The recorded answer, or undefined when the handler never answered. */
  toResponse(): Response | undefined {
    if (!this.headersSent) return undefined;
    const status =
      Number.isInteger(this.statusCode) && this.statusCode >= 200 && this.statusCode <= 599
        ? this.statusCode
        : 500;
    // 204, 205 and 304 carry no body; a Response with one throws.
    const bodiless = status === 204 || status === 205 || status === 304;
    return new Response(bodiless ? null : concat(this.chunks), {
      status,
      headers: this.headerMap,
    });
  }
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
