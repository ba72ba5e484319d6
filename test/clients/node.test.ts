// The clients on the Node target's server (what `npm start` serves), over HTTP, with a local
// OpenAI-compatible model server; plus Chromium's own EventSource on a turn's event stream.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NodeServer, startNodeServer } from "../../targets/node/server.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { launchChromium } from "../support/chromium.ts";
import { gate } from "../support/sse-client.ts";
import { API_TOKEN, CHARACTER, clientSuite, PLAN, REPLY } from "./client-suite.ts";

let model: FakeOpenAIServer;
let server: NodeServer;
const held = { current: undefined as ReturnType<typeof gate> | undefined };

beforeAll(async () => {
  model = await startFakeOpenAI({
    reply: PLAN,
    // A test that needs the turn to wait holds the model's answer after its first words.
    holdPart: (i) => (i >= 3 ? held.current?.promise : undefined),
  });
  server = await startNodeServer({
    env: {
      ALLOW_NO_DATABASE: "true",
      TASK_INTERVAL_MS: "0",
      LOG_LEVEL: "error",
      API_TOKEN,
      OPENAI_BASE_URL: model.url,
      OPENAI_EMBEDDING_MODEL: "none",
      EVENT_STREAM_POLL_MS: "50",
      EVENT_STREAM_MAX_MS: "300",
    },
    port: 0,
    character: CHARACTER,
  });
});
afterAll(async () => {
  await server?.close();
  await model?.close();
});

clientSuite("Node", () => server);

describe("Node: Chromium's own EventSource", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 180_000);
  afterAll(() => browser?.close());

  it("reads a turn's events across reconnects; a second EventSource follows the same turn", async () => {
    held.current = gate();
    const started = await fetch(`${server.url}/api/streams`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "Hello, Chromium", userId: "chromium-user" }),
    });
    const { eventsUrl } = (await started.json()) as { eventsUrl: string };
    const page = await browser.newPage();
    const streamRequests: string[] = [];
    // Each connection the page opens to the stream.
    page.on("request", (request) => {
      if (request.url().includes("/events")) streamRequests.push(request.url());
    });
    // Same origin as the stream: the page the agent serves.
    await page.goto(`${server.url}/health`);
    await page.evaluate((url) => {
      const w = window as unknown as Record<string, unknown>;
      const open = (name: string) => {
        const seen: { type: string; id: string; data: string }[] = [];
        w[name] = seen;
        const source = new EventSource(url);
        for (const type of ["run_started", "delta", "reply", "done"]) {
          source.addEventListener(type, (e) => {
            const event = e as MessageEvent<string>;
            seen.push({ type, id: event.lastEventId, data: event.data });
            if (type === "done") source.close();
          });
        }
      };
      open("runner");
      // The second opens once the first runs the turn: it follows it from storage.
      const wait = setInterval(() => {
        if ((w.runner as unknown[]).length > 0) {
          clearInterval(wait);
          open("follower");
        }
      }, 20);
    }, eventsUrl);
    // Both connections close at EVENT_STREAM_MAX_MS while the model is held, and the browser
    // reconnects by itself (with the Last-Event-ID it had): more connections than EventSources.
    await expect.poll(() => streamRequests.length, { timeout: 30_000 }).toBeGreaterThan(3);
    held.current.open();
    const read = (name: string) =>
      page.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name) as Promise<
        { type: string; id: string; data: string }[]
      >;
    await expect
      .poll(async () => (await read("follower")).at(-1)?.type, { timeout: 30_000 })
      .toBe("done");
    await expect
      .poll(async () => (await read("runner")).at(-1)?.type, { timeout: 30_000 })
      .toBe("done");
    for (const name of ["runner", "follower"]) {
      const seen = await read(name);
      const replies = seen.filter((e) => e.type === "reply").map((e) => JSON.parse(e.data).text);
      expect(replies, name).toEqual([REPLY]);
    }
    // The runner saw the turn start and the model's first words before its connection closed.
    const runner = await read("runner");
    expect(runner.slice(0, 2).map((e) => e.type)).toEqual(["run_started", "delta"]);
    expect(model.requests.filter((r) => r.rawBody.includes("Hello, Chromium")).length).toBe(1);
    await page.close();
  }, 120_000);
});
