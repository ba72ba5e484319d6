// Idempotency-Key on POST /api/messages through a crash. The keyed message's id comes from the
// key, so the retry of a request whose process died finds what it stored: it answers with the
// first attempt's replies, or resumes the turn, and the room never holds a second copy.
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage, type MemoryStorage } from "../../adapters/memory/index.ts";
import { type AgentRuntime, createAgent, createApp, parseCharacter } from "../../core/index.ts";
import { FakeClock } from "../storage/fixtures.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const TOKEN = "test-token-0123456789";
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const headers = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
const CLAIM_MS = 2 * 60_000;

let clock: FakeClock;
let storage: MemoryStorage;

beforeEach(() => {
  clock = new FakeClock();
  storage = createMemoryStorage({ now: clock.now });
});

/** One server process on the shared storage: a restart is a second call. */
async function boot(
  answer: Parameters<typeof scriptedModel>[0] = (p) => `You said: ${p.userText}`,
) {
  const model = scriptedModel(answer);
  const runtime: AgentRuntime = await createAgent({
    character: parseCharacter({ name: "Eliza" }),
    storage,
    plugins: [model.plugin],
    logger: quiet,
    now: clock.now,
  });
  const app = createApp({ getAgent: async () => runtime, env: () => ({ API_TOKEN: TOKEN }) });
  const send = (text: string, key: string, userId = "bob") =>
    app.request("/api/messages", {
      method: "POST",
      headers: { ...headers, "idempotency-key": key },
      body: JSON.stringify({ text, userId }),
    });
  const history = async (room = "dm:bob") =>
    (
      (await (await app.request(`/api/rooms/${room}/messages`, { headers })).json()) as {
        messages: { role: string; text: string }[];
      }
    ).messages.map((m) => `${m.role}: ${m.text}`);
  return { model, runtime, send, history };
}

/** Waits for the dying process to reach a point, by yielding to it (no wall-clock sleeps). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !condition(); i++) await new Promise((r) => setImmediate(r));
  if (!condition()) throw new Error("the request never reached the expected point");
}

describe("Idempotency-Key through a crash", () => {
  it("a retry after a crash mid-turn resumes the turn: one copy of the message, one reply", async () => {
    const dying = await boot(() => new Promise<string>(() => {})); // killed while the model runs
    void dying.send("plan my week", "k-crash");
    await until(() => dying.model.calls.length > 0);

    const restarted = await boot();
    // Until the first attempt's claim lapses it may still be running somewhere: 409.
    const early = await restarted.send("plan my week", "k-crash");
    expect(early.status).toBe(409);
    expect((await early.json()).error.code).toBe("in_progress");
    clock.advance(CLAIM_MS + 1);

    const retry = await restarted.send("plan my week", "k-crash");
    expect(retry.status).toBe(200);
    const body = await retry.json();
    expect(body.replies.map((r: { text: string }) => r.text)).toEqual(["You said: plan my week"]);
    expect(await restarted.history()).toEqual([
      "user: plan my week",
      "agent: You said: plan my week",
    ]);
    // ...and from then on the same answer is replayed.
    const again = await restarted.send("plan my week", "k-crash");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).replies).toEqual(body.replies);
    expect(restarted.model.calls.filter((c) => c.type === "TEXT_LARGE")).toHaveLength(1);
  });

  it("a retry after a crash between the reply and the stored result answers with the first reply", async () => {
    const dying = await boot(() => "the first answer");
    const setCache = storage.setCache.bind(storage);
    storage.setCache = async () => {
      throw new Error("process killed"); // dies before the result is remembered
    };
    const first = await dying.send("hello", "k-late");
    expect(first.ok).toBe(false);
    storage.setCache = setCache;

    const restarted = await boot(() => "a different answer");
    clock.advance(CLAIM_MS + 1);
    const retry = await restarted.send("hello", "k-late");
    expect(retry.status).toBe(200);
    const body = await retry.json();
    expect(body.replies.map((r: { text: string }) => r.text)).toEqual(["the first answer"]);
    expect(body.didRespond).toBe(true);
    expect(restarted.model.calls).toHaveLength(0);
    expect(await restarted.history()).toEqual(["user: hello", "agent: the first answer"]);
  });

  it("refuses a key reused for another user's message with 422 and stores nothing", async () => {
    const server = await boot();
    expect((await server.send("mine", "k-shared", "bob")).status).toBe(200);
    clock.advance(25 * 60 * 60_000); // the remembered result has expired; the message has not
    const other = await server.send("theirs", "k-shared", "eve");
    expect(other.status).toBe(422);
    expect((await other.json()).error.code).toBe("idempotency_mismatch");
    expect(await server.history("dm:eve")).toEqual([]);
  });

  it("different keys are different messages, even with the same text", async () => {
    const server = await boot();
    await server.send("same words", "k-a");
    await server.send("same words", "k-b");
    expect(await server.history()).toHaveLength(4);
  });
});
