// The Vercel function streams the reply too: its handler returns the app's streamed Response,
// which Vercel's Node runtime sends as it is written; the turn is kept alive by waitUntil.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVercelHandler } from "../../targets/vercel/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { gate, receivedEvents } from "../support/sse-client.ts";

const REPLY = "Streaming from a Vercel function right now.";
const PLAN = `<response><actions>REPLY</actions><text>${REPLY}</text></response>`;
let model: FakeOpenAIServer;
const hold = gate();

beforeAll(async () => {
  model = await startFakeOpenAI({
    reply: PLAN,
    holdPart: (i) => (i >= 3 ? hold.promise : undefined),
  });
});
afterAll(() => model?.close());

describe("Vercel streaming", () => {
  it("sends the first words before the model has finished, kept alive by waitUntil", async () => {
    const kept: Promise<unknown>[] = [];
    const handler = createVercelHandler({
      env: {
        ALLOW_NO_DATABASE: "true",
        API_TOKEN: "vercel-stream-token",
        OPENAI_BASE_URL: model.url,
        OPENAI_EMBEDDING_MODEL: "none",
        LOG_LEVEL: "error",
      },
      waitUntil: (work) => void kept.push(work),
    });
    const response = await handler(
      new Request("https://agent.vercel.app/api/messages", {
        method: "POST",
        headers: {
          authorization: "Bearer vercel-stream-token",
          "content-type": "application/json",
          accept: "text/event-stream",
        },
        body: JSON.stringify({ text: "hello vercel", userId: "v-user" }),
      }),
    );
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const names: string[] = [];
    let text = "";
    for await (const e of receivedEvents(response)) {
      names.push(e.event);
      if (e.event === "delta") {
        text += String(e.data.text);
        hold.open();
      }
    }
    expect(names.filter((n) => n === "delta").length).toBeGreaterThan(1);
    expect(text).toBe(REPLY);
    expect(names.at(-1)).toBe("done");
    expect(kept).toHaveLength(1);
    await Promise.all(kept);
  });
});
