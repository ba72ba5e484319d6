// Message rate limits on POST /api/messages: a flood from one user is cut at the per-minute
// limit with 429 + Retry-After before any model call or storage write, other users carry on,
// and the in-memory counter stays bounded when the caller rotates user ids. The clock is a
// FakeClock given to the agent, so "a minute" is asserted by counting, never by waiting.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  createAgent,
  createApp,
  createMemoryRateLimitStore,
  MemoryTable,
  MessageRateLimiter,
  parseCharacter,
} from "../../core/index.ts";
import { FakeClock } from "../storage/fixtures.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const TOKEN = "test-token-0123456789";
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

async function setup(env: Record<string, string> = {}) {
  const clock = new FakeClock();
  const model = scriptedModel("<response><actions>REPLY</actions><text>ok</text></response>");
  const storage = createMemoryStorage({ now: clock.now });
  const runtime = await createAgent({
    character: parseCharacter({ name: "Eliza" }),
    storage,
    env,
    plugins: [model.plugin],
    logger: quiet,
    now: clock.now,
  });
  const app = createApp({ getAgent: async () => runtime, env: () => ({ API_TOKEN: TOKEN }) });
  const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.request("/api/messages", {
      method: "POST",
      headers: {
        authorization: `Bearer ${TOKEN}`,
        "content-type": "application/json",
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const userMessages = async () => {
    const rooms = await storage.getRoomsForParticipant(runtime.agentId);
    let count = 0;
    for (const roomId of rooms) {
      const page = await storage.getMemories({
        tableName: MemoryTable.MESSAGES,
        roomId,
        count: 1000,
      });
      count += page.filter((m) => m.entityId !== runtime.agentId).length;
    }
    return count;
  };
  return { clock, model, runtime, send, userMessages };
}

describe("POST /api/messages rate limits", () => {
  it("answers 300 rapid requests from one user with 20 × 200 and 280 × 429; another user is unaffected", async () => {
    const { clock, model, send, userMessages } = await setup();
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 300; i++) {
      const res = await send({ text: `flood ${i}`, userId: "mallory" });
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
      else await res.arrayBuffer();
      clock.advance(10); // 300 requests in 3 s
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(280);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(refused?.headers.get("retry-after")).toBe(String(60 - Math.floor((20 * 10) / 1000)));
    expect(await refused?.json()).toEqual({
      error: { code: "rate_limited", message: expect.stringContaining("20 messages a minute") },
    });
    // Refused requests cost nothing: 20 turns ran, 20 messages were stored.
    expect(model.calls.filter((c) => c.type === "TEXT_LARGE")).toHaveLength(20);
    expect(await userMessages()).toBe(20);

    const other = await send({ text: "hello", userId: "alice" });
    expect(other.status).toBe(200);

    // The next minute the flooder may speak again.
    clock.advance(60_000);
    expect((await send({ text: "again", userId: "mallory" })).status).toBe(200);
  });

  it("limits a room across its users, and 0 turns a limit off", async () => {
    const { send } = await setup({
      RATE_LIMIT_ROOM_PER_MINUTE: "5",
      RATE_LIMIT_USER_PER_MINUTE: "0",
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await send({ text: `hi ${i}`, userId: `user-${i}`, roomId: "lobby" });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
  });

  it("turns both limits off with 0", async () => {
    const { send } = await setup({
      RATE_LIMIT_ROOM_PER_MINUTE: "0",
      RATE_LIMIT_USER_PER_MINUTE: "0",
    });
    for (let i = 0; i < 30; i++) {
      const res = await send({ text: `dm ${i}`, userId: "chatty" });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("replays an idempotent result without counting it, and refuses a new key over the limit", async () => {
    const { send } = await setup({ RATE_LIMIT_USER_PER_MINUTE: "1" });
    const first = await send({ text: "one", userId: "u" }, { "idempotency-key": "k1" });
    expect(first.status).toBe(200);
    const replay = await send({ text: "one", userId: "u" }, { "idempotency-key": "k1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await send({ text: "two", userId: "u" }, { "idempotency-key": "k2" })).status).toBe(
      429,
    );
  });
});

describe("the in-memory rate-limit store", () => {
  it("stays bounded when a caller rotates user ids", async () => {
    const store = createMemoryRateLimitStore(1000);
    const limiter = new MessageRateLimiter(store, { userPerMinute: 1, roomPerMinute: 1 });
    for (let i = 0; i < 20_000; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` as const;
      await limiter.check({ entityId: id, roomId: id }, 0);
    }
    expect(store.size).toBe(1000);
    // The most recent keys are still counted: a repeat from the last user is refused.
    const last = "00000000-0000-4000-8000-000000019999" as const;
    expect((await limiter.check({ entityId: last, roomId: last }, 1)).allowed).toBe(false);
  });

  it("counts a redelivered update once and repeats its verdict", async () => {
    const limiter = new MessageRateLimiter(createMemoryRateLimitStore(), {
      userPerMinute: 1,
      roomPerMinute: 0,
    });
    const who = {
      entityId: "00000000-0000-4000-8000-000000000001",
      roomId: "00000000-0000-4000-8000-000000000002",
    } as const;
    expect((await limiter.check(who, 0, "u:1")).allowed).toBe(true);
    expect((await limiter.check(who, 1, "u:1")).allowed).toBe(true);
    const refused = await limiter.check(who, 2, "u:2");
    expect(refused).toMatchObject({ allowed: false, firstRefusal: true, retryAfterMs: 59_998 });
    expect(await limiter.check(who, 3, "u:2")).toMatchObject({
      allowed: false,
      firstRefusal: false,
    });
  });
});
