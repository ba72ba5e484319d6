// POST /api/messages with `Accept: text/event-stream` on the Node target, against local
// OpenAI and Anthropic servers that stream as the real APIs do: the reply's words arrive in
// several events while the model writes them, the last event equals the stored reply, and a
// client that disconnects mid-answer still gets its reply stored and its run logged.
import { afterEach, describe, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../../targets/node/server.ts";
import { startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { openAIError, startFakeOpenAI } from "../fakes/openai-server.ts";
import { allEvents, gate, receivedEvents } from "../support/sse-client.ts";

const PLAN =
  "<response><thought>greet</thought><actions>REPLY</actions><providers></providers><text>Hello there, streaming friend, how are you today?</text></response>";
const REPLY = "Hello there, streaming friend, how are you today?";

let server: NodeServer | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const close of closers.splice(0)) await close();
});

async function serve(env: Record<string, string>): Promise<NodeServer> {
  server = await startNodeServer({
    env: { ALLOW_NO_DATABASE: "true", TASK_INTERVAL_MS: "0", LOG_LEVEL: "error", ...env },
    port: 0,
    character: { name: "Streamy", bio: ["Streams."] },
  });
  return server;
}

const ask = (s: NodeServer, text: string, init: RequestInit = {}) =>
  fetch(`${s.url}/api/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ text, userId: "sse-user" }),
    ...init,
  });

async function storedAgentTexts(s: NodeServer): Promise<string[]> {
  const page = (await (await fetch(`${s.url}/api/rooms/dm:sse-user/messages`)).json()) as {
    messages: { role: string; text: string }[];
  };
  return page.messages.filter((m) => m.role === "agent").map((m) => m.text);
}

describe("streamed replies on the Node target", () => {
  it("streams an OpenAI-compatible answer word by word, before the model has finished", async () => {
    const hold = gate();
    // Everything after the fourth part waits until the test has read a delta event.
    const model = await startFakeOpenAI({
      reply: PLAN,
      holdPart: (i) => (i >= 4 ? hold.promise : undefined),
    });
    closers.push(() => model.close());
    const s = await serve({ OPENAI_BASE_URL: model.url, OPENAI_EMBEDDING_MODEL: "none" });

    const response = await ask(s, "hi there");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events: { event: string; data: Record<string, unknown> }[] = [];
    for await (const e of receivedEvents(response)) {
      events.push(e);
      if (e.event === "delta") hold.open();
    }
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("run_started");
    const deltas = events.filter((e) => e.event === "delta").map((e) => String(e.data.text));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(REPLY);
    // The first words left before the model had written the rest (it was held until then).
    expect(names.indexOf("delta")).toBeLessThan(names.indexOf("reply"));
    expect(names.slice(-1)).toEqual(["done"]);
    expect(events.filter((e) => e.event === "action").map((e) => e.data)).toEqual([
      expect.objectContaining({ phase: "started", action: "REPLY" }),
      expect.objectContaining({ phase: "completed", action: "REPLY", success: true }),
    ]);

    const reply = events.find((e) => e.event === "reply")!.data;
    const done = events.at(-1)!.data as { runId: string; replies: { text: string }[] };
    expect(reply.text).toBe(REPLY);
    expect(done.replies.map((r) => r.text)).toEqual([REPLY]);
    expect(done.runId).toBe(events[0]!.data.runId);
    expect(await storedAgentTexts(s)).toEqual([REPLY]);
    const chat = model.requests.find((r) => r.path.endsWith("/chat/completions"));
    expect(chat?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });

    // The run's log row has the streamed call's tokens (from the usage chunk).
    const run = (await (await fetch(`${s.url}/api/runs/${done.runId}`)).json()) as {
      summary: { usage?: { totalTokens: number } };
    };
    expect(run.summary.usage?.totalTokens).toBeGreaterThan(0);
  });

  it("streams an Anthropic answer from its message events", async () => {
    const model = await startFakeAnthropic({ reply: PLAN });
    closers.push(() => model.close());
    const s = await serve({ ANTHROPIC_API_KEY: "sk-ant-test-key", ANTHROPIC_BASE_URL: model.url });
    const events = await allEvents(await ask(s, "hello"));
    const deltas = events.filter((e) => e.event === "delta").map((e) => String(e.data.text));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(REPLY);
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect((done.data.replies as { text: string }[])[0]?.text).toBe(REPLY);
    expect(await storedAgentTexts(s)).toEqual([REPLY]);
    expect(model.requests.at(-1)?.body).toMatchObject({ stream: true });
  });

  it("keeps the run going when the client disconnects: the reply is stored and logged", async () => {
    const hold = gate();
    const model = await startFakeOpenAI({
      reply: PLAN,
      holdPart: (i) => (i >= 4 ? hold.promise : undefined),
    });
    closers.push(() => model.close());
    const s = await serve({ OPENAI_BASE_URL: model.url, OPENAI_EMBEDDING_MODEL: "none" });
    const abort = new AbortController();
    const response = await ask(s, "hi, then I leave", { signal: abort.signal });
    let runId = "";
    try {
      for await (const e of receivedEvents(response)) {
        if (e.event === "run_started") runId = String(e.data.runId);
        if (e.event === "delta") break; // the client goes away mid-answer
      }
    } finally {
      abort.abort();
    }
    hold.open();
    await s.idle(); // the turn was handed to the server's background work
    expect(await storedAgentTexts(s)).toEqual([REPLY]);
    const run = (await (await fetch(`${s.url}/api/runs/${runId}`)).json()) as {
      summary: { status: string; didRespond: boolean };
    };
    expect(run.summary).toMatchObject({ status: "completed", didRespond: true });
  });

  it("ends with an error event when the model fails, and refuses bad input as JSON first", async () => {
    const model = await startFakeOpenAI({ reply: PLAN });
    closers.push(() => model.close());
    // Two 500s: the first is retried, the second ends the turn.
    model.enqueue(
      openAIError(500, "boom", "server_error"),
      openAIError(500, "boom", "server_error"),
    );
    const s = await serve({
      OPENAI_BASE_URL: model.url,
      OPENAI_EMBEDDING_MODEL: "none",
      MODEL_TIMEOUT_MS: "5000",
    });
    const response = await ask(s, "this will fail");
    expect(response.status).toBe(200);
    const events = await allEvents(response);
    expect(events.at(-1)).toMatchObject({
      event: "error",
      data: { error: { code: "model_error", message: expect.stringMatching(/500/) } },
    });
    expect(events.some((e) => e.event === "done")).toBe(false);

    const bad = await ask(s, "", { body: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toMatch(/application\/json/);
    expect(await bad.json()).toMatchObject({ error: { code: "invalid_json" } });
  });
});
