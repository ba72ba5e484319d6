// The GET event stream of a turn, read by the `eventsource` package (the WHATWG EventSource
// for Node) against the shared app in-process: POST /api/streams, then the events URL with its
// token; a connection cut mid-turn resumes with Last-Event-ID; keep-alive comments while the
// model is quiet; the token is the only way in. Chromium's own EventSource: test/clients/.
import { EventSource } from "eventsource";
import { beforeEach, describe, expect, it } from "vitest";
import { API_TOKEN, type ApiApp, apiApp } from "../support/api-app.ts";
import { gate } from "../support/sse-client.ts";

const PLAN = (text: string) =>
  `<response><thought>t</thought><actions>REPLY</actions><text>${text}</text></response>`;

interface Seen {
  type: string;
  id: string;
  data: Record<string, unknown>;
}

describe("GET /api/streams/:id/events (eventsource package)", () => {
  let api: ApiApp;
  const auth = { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" };
  /** What each request the EventSource made carried, in order. */
  let requests: { url: string; lastEventId: string | null }[];
  /** Cuts the body of the n-th response after its first event, as a dropping proxy would. */
  let cutResponse: number | undefined;

  const appFetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    requests.push({ url: String(input), lastEventId: headers.get("last-event-id") });
    const response = await api.app.request(String(input), init);
    if (requests.length !== cutResponse || !response.body) return response;
    const reader = response.body.getReader();
    const cut = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done) return controller.close();
        controller.enqueue(value);
        if (new TextDecoder().decode(value).includes("event: run_started")) {
          await reader.cancel();
          controller.error(new Error("connection reset"));
        }
      },
    });
    return new Response(cut, { status: response.status, headers: response.headers });
  };

  async function start(text: string): Promise<{ eventsUrl: string; streamId: string }> {
    const response = await api.app.request("/api/streams", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ text, userId: "browser-user" }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { eventsUrl: string; streamId: string };
  }

  /** Every event until `done` (or `error`), then the EventSource is closed. */
  function read(url: string): Promise<Seen[]> {
    const source = new EventSource(`http://agent.test${url}`, { fetch: appFetch as never });
    const seen: Seen[] = [];
    return new Promise((resolve, reject) => {
      for (const type of ["run_started", "delta", "action", "reply", "done", "error"]) {
        source.addEventListener(type, (e) => {
          const event = e as MessageEvent<string>;
          if (type === "error" && !event.data) return; // a connection error: it reconnects
          seen.push({ type, id: event.lastEventId, data: JSON.parse(event.data) });
          if (type === "done" || type === "error") {
            source.close();
            resolve(seen);
          }
        });
      }
      setTimeout(() => {
        source.close();
        reject(new Error(`no done; saw ${JSON.stringify(seen)}`));
      }, 20_000);
    });
  }

  beforeEach(async () => {
    api = await apiApp({ EVENT_STREAM_POLL_MS: "20", EVENT_STREAM_KEEPALIVE_MS: "20" });
    requests = [];
    cutResponse = undefined;
  });

  it("streams the turn: run_started, actions, the reply, done with the answer", async () => {
    api.model.large.push(PLAN("Seen from a browser."));
    const { eventsUrl } = await start("hello from EventSource");
    expect(eventsUrl).toMatch(/^\/api\/streams\/[0-9a-f-]{36}\/events\?token=\d+\.[\w-]{43}$/);
    const seen = await read(eventsUrl);
    expect(seen[0]?.type).toBe("run_started");
    const replies = seen.filter((e) => e.type === "reply").map((e) => e.data.text);
    expect(replies).toEqual(["Seen from a browser."]);
    const done = seen.at(-1)!;
    expect(done).toMatchObject({ type: "done", id: "done" });
    expect(done.data).toMatchObject({ didRespond: true, roomId: "dm:browser-user" });
    // Every event but the end carries an id a reconnect can resume from.
    expect(seen.every((e) => /^\d+\.\d+$|^done$/.test(e.id))).toBe(true);
  });

  it("a connection cut mid-turn resumes with Last-Event-ID: the reply once, then done", async () => {
    const held = gate();
    api.model.large.push(async () => {
      await held.promise;
      return PLAN("Worth the wait.");
    });
    const { eventsUrl } = await start("a slow question");
    cutResponse = 1;
    const reading = read(eventsUrl);
    // The first connection is cut after run_started; the EventSource reconnects by itself.
    await expect.poll(() => requests.length, { timeout: 15_000 }).toBeGreaterThan(1);
    held.open();
    const seen = await reading;
    expect(requests[1]?.lastEventId).toBe(seen[0]?.id);
    expect(seen.filter((e) => e.type === "reply").map((e) => e.data.text)).toEqual([
      "Worth the wait.",
    ]);
    expect(seen.at(-1)?.type).toBe("done");
    // One turn, however many connections.
    expect(api.model.calls.filter((c) => c.type === "TEXT_LARGE")).toHaveLength(1);
    // After done, a reconnect is told to stop.
    const after = await api.app.request(eventsUrl, { headers: { "last-event-id": "done" } });
    expect(after.status).toBe(204);
  });

  it("sends keep-alive comments while the model is quiet", async () => {
    const held = gate();
    api.model.large.push(async () => {
      await held.promise;
      return PLAN("Finally.");
    });
    const { eventsUrl } = await start("take your time");
    const response = await api.app.request(eventsUrl);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes(": keep-alive")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    held.open();
    while (!text.includes("event: done")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain(": keep-alive\n\n");
    expect(text).toContain("Finally.");
  });

  it("the stream's token is the only way in, and it expires", async () => {
    const { eventsUrl, streamId } = await start("secret");
    const bare = eventsUrl.split("?")[0]!;
    expect((await api.app.request(bare)).status).toBe(401);
    expect((await api.app.request(`${bare}?token=123.${"A".repeat(43)}`)).status).toBe(401);
    // Another stream's token does not open this one.
    const other = await start("other");
    const otherToken = other.eventsUrl.split("token=")[1];
    expect((await api.app.request(`${bare}?token=${otherToken}`)).status).toBe(401);
    // The POST itself needs API_TOKEN.
    const denied = await api.app.request("/api/streams", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "hi" }),
    });
    expect(denied.status).toBe(401);
    api.clock.now += 11 * 60 * 1000;
    expect((await api.app.request(eventsUrl)).status).toBe(401);
    expect(streamId).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.model.calls).toEqual([]);
  });
});
