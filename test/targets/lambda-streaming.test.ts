// Lambda: a Function URL with response streaming streams the reply's events as they come
// (createLambdaStreamingHandler, hono's streamHandle); the buffered handler (API Gateway)
// answers the same events in one body. Lambda's runtime global `awslambda` is stood in for by
// the two calls hono makes of it (streamifyResponse, HttpResponseStream.from): no Lambda
// emulator runs here.
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLambdaHandler, createLambdaStreamingHandler } from "../../targets/lambda/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { lambdaFetch } from "../support/lambda-fetch.ts";
import { allEvents } from "../support/sse-client.ts";

const REPLY = "Streamed out of a Lambda function URL.";
const PLAN = `<response><actions>REPLY</actions><text>${REPLY}</text></response>`;
let model: FakeOpenAIServer;
const env = () => ({
  ALLOW_NO_DATABASE: "true",
  API_TOKEN: "lambda-stream-token",
  OPENAI_BASE_URL: model.url,
  OPENAI_EMBEDDING_MODEL: "none",
  LOG_LEVEL: "error",
});

beforeAll(async () => {
  model = await startFakeOpenAI({ reply: PLAN });
});
afterAll(() => model?.close());
afterEach(() => {
  delete (globalThis as { awslambda?: unknown }).awslambda;
});

/** The Function URL's request: a payload 2.0 event. */
function functionUrlEvent(text: string) {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: "/api/messages",
    rawQueryString: "",
    headers: {
      host: "abc.lambda-url.us-east-1.on.aws",
      authorization: "Bearer lambda-stream-token",
      "content-type": "application/json",
      accept: "text/event-stream",
    },
    requestContext: {
      domainName: "abc.lambda-url.us-east-1.on.aws",
      http: {
        method: "POST",
        path: "/api/messages",
        protocol: "HTTP/1.1",
        sourceIp: "203.0.113.9",
      },
      requestId: crypto.randomUUID(),
      routeKey: "$default",
      stage: "$default",
      timeEpoch: Date.now(),
    },
    body: JSON.stringify({ text, userId: "url-user" }),
    isBase64Encoded: false,
  };
}

describe("Lambda response streaming", () => {
  it("writes the events to the response stream one write at a time", async () => {
    const writes: string[] = [];
    let metadata: { statusCode?: number; headers?: Record<string, string> } = {};
    (globalThis as { awslambda?: unknown }).awslambda = {
      streamifyResponse: (fn: unknown) => fn,
      HttpResponseStream: {
        from: (stream: Writable, meta: typeof metadata) => {
          metadata = meta;
          return stream;
        },
      },
    };
    const handler = createLambdaStreamingHandler({ env: env() }) as unknown as (
      event: unknown,
      stream: Writable,
      context: unknown,
    ) => Promise<void>;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        writes.push(String(chunk));
        done();
      },
    });
    await handler(functionUrlEvent("hello from the url"), sink, {});
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers?.["content-type"]).toMatch(/^text\/event-stream/);
    const body = writes.join("");
    const events = await allEvents(new Response(body));
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(1);
    // Streamed, not buffered: the deltas left in writes of their own.
    expect(writes.filter((w) => w.includes("event: delta")).length).toBeGreaterThan(1);
    expect(events.at(-1)?.event).toBe("done");
    expect((events.at(-1)!.data.replies as { text: string }[])[0]?.text).toBe(REPLY);
  });

  it("refuses to start outside Lambda's runtime, naming the buffered handler", () => {
    expect(() => createLambdaStreamingHandler({ env: env() })).toThrow(/createLambdaHandler/);
  });

  it("answers the same events in one body through the buffered handler", async () => {
    const call = lambdaFetch(createLambdaHandler({ env: env(), selfInvoke: null }));
    const response = await call("/api/messages", {
      method: "POST",
      headers: {
        authorization: "Bearer lambda-stream-token",
        "content-type": "application/json",
        accept: "text/event-stream",
      },
      body: JSON.stringify({ text: "hello via API Gateway", userId: "gw-user" }),
    });
    expect(response.status).toBe(200);
    const events = await allEvents(response);
    expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(1);
    expect(events.at(-1)?.event).toBe("done");
  });
});
