// A web Request whose body is the bytes an API Gateway or ALB event already carries. Node's
// Request wraps a body in a ReadableStream and reads it back through that stream, which is
// most of what a Request costs per invocation (tens of µs of CPU, more with the run scope's
// async hooks on). This one is a real Request (url, method, headers, signal are Node's) made
// without a body; text(), json() and arrayBuffer() answer from the bytes, and `body` makes
// the stream only when something asks for it. Read once, as any Request's body.
// The class is made on first use: `extends Request` reads Node's Request, and that loads
// undici (about 30 ms of CPU), which a module load should not do for a request not yet come.
const decoder = new TextDecoder();

/** A Request reading `bytes` as its body; `request` is the bodiless one built from the event. */
export function eventBodyRequest(request: Request, bytes: Uint8Array<ArrayBuffer>): Request {
  EventBodyRequest ??= defineEventBodyRequest();
  return new EventBodyRequest(request, bytes);
}

let EventBodyRequest:
  | (new (
      request: Request,
      bytes: Uint8Array<ArrayBuffer>,
    ) => Request)
  | undefined;

const defineEventBodyRequest = () =>
  class EventBodyRequest extends Request {
    readonly #bytes: Uint8Array<ArrayBuffer>;
    #used = false;
    /** The same request with its body as a stream, made on first use of `body` and the rarer readers. */
    #streamed: Request | undefined;

    /** `request` is the bodiless request built from the event; its headers get the body's length. */
    constructor(request: Request, bytes: Uint8Array<ArrayBuffer>) {
      const headers = new Headers(request.headers);
      headers.set("content-length", String(bytes.length));
      // No signal: the event's request is never aborted, and following one costs a listener.
      super(request.url, { method: request.method, headers });
      this.#bytes = bytes;
    }

    #streamedRequest(): Request {
      this.#streamed ??= new Request(this.url, {
        method: this.method,
        headers: this.headers,
        body: this.#bytes,
      });
      return this.#streamed;
    }

    #take(): Uint8Array<ArrayBuffer> {
      if (this.bodyUsed) throw new TypeError("Body is unusable: Body has already been read");
      this.#used = true;
      return this.#bytes;
    }

    override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
      return this.#streamedRequest().body as ReadableStream<Uint8Array<ArrayBuffer>>;
    }

    override get bodyUsed(): boolean {
      return this.#used || (this.#streamed?.bodyUsed ?? false);
    }

    override async text(): Promise<string> {
      return decoder.decode(this.#take());
    }

    override async json(): Promise<unknown> {
      return JSON.parse(await this.text());
    }

    override async arrayBuffer(): Promise<ArrayBuffer> {
      return (await this.bytes()).buffer;
    }

    override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
      // A copy, as a Request's reader gives: the caller may write to it.
      return new Uint8Array(this.#take());
    }

    override async blob(): Promise<Blob> {
      return new Blob([await this.arrayBuffer()], {
        type: this.headers.get("content-type") ?? "",
      });
    }

    override formData(): Promise<FormData> {
      if (this.bodyUsed)
        return Promise.reject(new TypeError("Body is unusable: Body has already been read"));
      this.#used = true;
      return this.#streamedRequest().formData();
    }

    override clone(): Request {
      if (this.bodyUsed) throw new TypeError("Request.clone: Body has already been consumed.");
      return new EventBodyRequest(this, this.#bytes);
    }
  };
