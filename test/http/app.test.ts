import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  createAgent,
  createApp,
  ModelError,
  parseCharacter,
  type StorageAdapter,
  StorageError,
} from "../../core/index.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const TOKEN = "test-token-0123456789";
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const character = parseCharacter({ name: "Eliza" });

let runtime: AgentRuntime;
let model: ReturnType<typeof scriptedModel>;

async function appWith(
  options: { env?: Record<string, unknown>; open?: boolean; storage?: StorageAdapter } = {},
) {
  model = scriptedModel((params) => `You said: ${params.userText}`);
  runtime = await createAgent({
    character,
    storage: options.storage ?? createMemoryStorage(),
    plugins: [model.plugin],
    logger: quiet,
  });
  const env = options.env ?? { API_TOKEN: TOKEN };
  return createApp({
    getAgent: async () => runtime,
    env: () => env,
    version: "9.9.9",
    openWithoutToken: options.open,
  });
}

const auth = { authorization: `Bearer ${TOKEN}` };
const json = { "content-type": "application/json" };
const post = (body: BodyInit | null, headers: Record<string, string> = {}) => ({
  method: "POST",
  body,
  headers: { ...json, ...auth, ...headers },
});

describe("GET /health", () => {
  it("reports agent, storage, version and models without auth", async () => {
    const app = await appWith();
    const res = await app.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "ok",
      name: "Eliza",
      agentId: runtime.agentId,
      storage: "memory",
      version: "9.9.9",
      models: { text: "scripted-model" },
    });
  });
});

describe("POST /api/messages", () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeEach(async () => {
    app = await appWith();
  });

  it("answers with the agent's replies and stores the exchange", async () => {
    const res = await app.request(
      "/api/messages",
      post(JSON.stringify({ text: "  hello  ", userId: "ann", userName: "Ann" })),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ roomId: "dm:ann", didRespond: true });
    expect(body.replies).toEqual([
      expect.objectContaining({ role: "agent", name: "Eliza", text: "You said: hello" }),
    ]);
    const history = await (
      await app.request("/api/rooms/dm:ann/messages", { headers: auth })
    ).json();
    expect(
      history.messages.map((m: { role: string; name: string; text: string }) => [
        m.role,
        m.name,
        m.text,
      ]),
    ).toEqual([
      ["user", "Ann", "hello"],
      ["agent", "Eliza", "You said: hello"],
    ]);
  });

  it.each([
    ["no header", {}, "Missing Authorization"],
    ["a wrong token", { authorization: "Bearer nope" }, "Invalid bearer token"],
    ["the wrong scheme", { authorization: `Basic ${TOKEN}` }, "Missing Authorization"],
    ["a token with a suffix", { authorization: `Bearer ${TOKEN}x` }, "Invalid bearer token"],
  ])("rejects %s with 401 and stores nothing", async (_label, headers, message) => {
    const res = await app.request("/api/messages", {
      method: "POST",
      body: JSON.stringify({ text: "hi" }),
      headers: { ...json, ...headers },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "unauthorized", message: expect.stringContaining(message) },
    });
    expect(model.calls).toHaveLength(0);
    // Only the agent's own SELF room, which initialize() makes: no conversation's.
    expect(await runtime.storage.getRoomsForParticipant(runtime.agentId)).toEqual([
      runtime.agentId,
    ]);
  });

  it("is closed when API_TOKEN is unset, unless opened for a loopback dev server", async () => {
    const closed = await appWith({ env: {} });
    const res = await closed.request(
      "/api/messages",
      post(JSON.stringify({ text: "hi" }), { authorization: "" }),
    );
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toContain("API_TOKEN is not set");
    const open = await appWith({ env: {}, open: true });
    const ok = await open.request(
      "/api/messages",
      post(JSON.stringify({ text: "hi" }), { authorization: "" }),
    );
    expect(ok.status).toBe(200);
  });

  it.each([
    ["malformed JSON", '{"text": "hi"', 400, "invalid_json"],
    ["an empty body", "", 400, "invalid_json"],
    ["a JSON array", "[]", 400, "invalid_body"],
    ["JSON null", "null", 400, "invalid_body"],
    ["a missing text", "{}", 400, "invalid_body"],
    ["a number text", '{"text": 5}', 400, "invalid_body"],
    ["a blank text", '{"text": "   "}', 400, "invalid_body"],
    ["a too long text", JSON.stringify({ text: "x".repeat(16_001) }), 400, "invalid_body"],
    ["an object userId", '{"text":"hi","userId":{}}', 400, "invalid_body"],
    [
      "a too long roomId",
      JSON.stringify({ text: "hi", roomId: "r".repeat(201) }),
      400,
      "invalid_body",
    ],
  ])("rejects %s with a clear 4xx", async (_label, body, status, code) => {
    const res = await app.request("/api/messages", post(body));
    expect(res.status).toBe(status);
    const payload = await res.json();
    expect(payload.error.code).toBe(code);
    expect(payload.error.message.length).toBeGreaterThan(5);
    expect(model.calls).toHaveLength(0);
  });

  it("names the offending field", async () => {
    const res = await app.request("/api/messages", post('{"text": 5}'));
    expect((await res.json()).error.message).toMatch(/^text:/);
  });

  it("rejects an oversized body with 413, declared or streamed", async () => {
    const big = JSON.stringify({ text: "x".repeat(70 * 1024) });
    const declared = await app.request("/api/messages", post(big));
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.code).toBe("payload_too_large");

    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await app.request("/api/messages", {
      ...post(stream),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(model.calls).toHaveLength(0);
  });

  it("replays a request with the same Idempotency-Key instead of answering twice", async () => {
    const request = () =>
      app.request(
        "/api/messages",
        post(JSON.stringify({ text: "once", userId: "bob" }), { "idempotency-key": "k-1" }),
      );
    const first = await request();
    const second = await request();
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual(await first.json());
    const history = await (
      await app.request("/api/rooms/dm:bob/messages", { headers: auth })
    ).json();
    expect(history.messages).toHaveLength(2);
    expect(model.calls).toHaveLength(1);
  });

  it("answers 409 to a replay that arrives while the first is still running", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // The route claims the key before it calls the model: reaching the model is the signal
    // that the first request is in progress (a fixed sleep could lose that race under load).
    let reachedModel: () => void = () => {};
    const running = new Promise<void>((r) => {
      reachedModel = r;
    });
    model.large.push(async () => {
      reachedModel();
      await gate;
      return "slow answer";
    });
    const body = JSON.stringify({ text: "slow", userId: "cy" });
    const first = app.request("/api/messages", post(body, { "idempotency-key": "k-2" }));
    await running;
    const second = await app.request("/api/messages", post(body, { "idempotency-key": "k-2" }));
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe("in_progress");
    release();
    expect((await first).status).toBe(200);
  });

  it("answers 503 when storage is down, and 502 when the model fails", async () => {
    const storage = createMemoryStorage();
    const broken = await appWith({ storage });
    storage.batch = async () => {
      throw new StorageError("UNAVAILABLE", "connection refused");
    };
    const down = await broken.request("/api/messages", post(JSON.stringify({ text: "hi" })));
    expect(down.status).toBe(503);
    expect((await down.json()).error.code).toBe("storage_unavailable");

    const modelApp = await appWith();
    model.large.push(() => {
      throw new ModelError("openai", "rejected the API key (401)", { status: 401 });
    });
    const failed = await modelApp.request("/api/messages", post(JSON.stringify({ text: "hi" })));
    expect(failed.status).toBe(502);
    expect((await failed.json()).error).toEqual({
      code: "model_error",
      message: "openai: rejected the API key (401)",
    });
  });
});

describe("GET /api/rooms/:roomId/messages", () => {
  it("pages from newest to oldest with limit and before", async () => {
    const app = await appWith();
    for (let i = 0; i < 3; i++) {
      await app.request("/api/messages", post(JSON.stringify({ text: `m${i}`, roomId: "pager" })));
    }
    const first = await (
      await app.request("/api/rooms/pager/messages?limit=4", { headers: auth })
    ).json();
    expect(first.messages.map((m: { text: string }) => m.text)).toEqual([
      "m1",
      "You said: m1",
      "m2",
      "You said: m2",
    ]);
    const rest = await (
      await app.request(`/api/rooms/pager/messages?limit=4&before=${first.nextBefore}`, {
        headers: auth,
      })
    ).json();
    expect(rest.messages.map((m: { text: string }) => m.text)).toEqual(["m0", "You said: m0"]);
    expect(rest.nextBefore).toBeNull();
  });

  it.each(["limit=0", "limit=201", "limit=abc", "before=-5"])(
    "rejects %s with 400",
    async (query) => {
      const app = await appWith();
      const res = await app.request(`/api/rooms/r/messages?${query}`, { headers: auth });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe("invalid_query");
    },
  );

  it("needs the token and returns an empty page for an unknown room", async () => {
    const app = await appWith();
    expect((await app.request("/api/rooms/r/messages")).status).toBe(401);
    const res = await app.request("/api/rooms/nobody-here/messages", { headers: auth });
    expect((await res.json()).messages).toEqual([]);
  });
});

describe("unknown routes", () => {
  it("answers 404 JSON", async () => {
    const app = await appWith();
    const res = await app.request("/nope");
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
  });
});
