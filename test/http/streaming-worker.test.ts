// The same streamed reply from the Worker in real workerd (Miniflare) with D1, against local
// OpenAI and Anthropic servers that stream: several delta events, the last event equal to the
// reply stored in D1, and the run in the run log.
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeAnthropicServer, startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { startDeployedWorker } from "../support/miniflare-d1.ts";
import { allEvents } from "../support/sse-client.ts";

const API_TOKEN = "stream-worker-token";
const REPLY = "Streaming from the edge, one word at a time.";
const PLAN = `<response><thought>answer</thought><actions>REPLY</actions><text>${REPLY}</text></response>`;

describe("streamed replies from the Worker in workerd", () => {
  let openai: FakeOpenAIServer;
  let anthropic: FakeAnthropicServer;
  const workers: Miniflare[] = [];

  beforeAll(async () => {
    openai = await startFakeOpenAI({ reply: PLAN });
    anthropic = await startFakeAnthropic({ reply: PLAN });
  });
  afterAll(async () => {
    for (const mf of workers) await mf.dispose();
    await openai?.close();
    await anthropic?.close();
  });

  async function worker(bindings: Record<string, string>): Promise<Miniflare> {
    const { mf } = await startDeployedWorker({
      API_TOKEN,
      LOG_LEVEL: "error",
      EMBEDDING_DIMENSION: "",
      ...bindings,
    });
    workers.push(mf);
    return mf;
  }

  const call = async (mf: Miniflare, path: string, init: RequestInit = {}) =>
    (await mf.dispatchFetch(`http://worker.test${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${API_TOKEN}`,
        "content-type": "application/json",
        ...(init.headers as Record<string, string>),
      },
    } as never)) as unknown as Response;

  it.each([
    ["OpenAI-compatible", () => ({ OPENAI_BASE_URL: openai.url, OPENAI_EMBEDDING_MODEL: "none" })],
    [
      "Anthropic",
      () => ({ ANTHROPIC_API_KEY: "sk-ant-worker", ANTHROPIC_BASE_URL: anthropic.url }),
    ],
  ] as const)("%s: deltas as written, then the stored reply", async (_name, bindings) => {
    const mf = await worker(bindings());
    const response = await call(mf, "/api/messages", {
      method: "POST",
      headers: { accept: "text/event-stream" },
      body: JSON.stringify({ text: "hello worker", userId: "edge-user" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await allEvents(response);
    const deltas = events.filter((e) => e.event === "delta").map((e) => String(e.data.text));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(REPLY);
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    const replies = done.data.replies as { text: string }[];
    expect(replies.map((r) => r.text)).toEqual([REPLY]);

    const history = (await (await call(mf, "/api/rooms/dm:edge-user/messages")).json()) as {
      messages: { role: string; text: string }[];
    };
    expect(history.messages.map((m) => [m.role, m.text])).toEqual([
      ["user", "hello worker"],
      ["agent", REPLY],
    ]);
    const runs = (await (await call(mf, "/api/runs?roomId=dm:edge-user")).json()) as {
      runs: { runId: string; status: string; actions: { name: string }[] }[];
    };
    expect(runs.runs[0]).toMatchObject({ runId: done.data.runId, status: "completed" });
    expect(runs.runs[0]?.actions.map((a) => a.name)).toEqual(["REPLY"]);
  });
});
