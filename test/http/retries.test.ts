// What a client of POST /api/messages lives with when something fails (issue 29): a failed turn
// leaves its message retryable at once, by Idempotency-Key or by the client's own message id,
// and the retry goes on from the stored message; model faults map to statuses a client can act
// on (503 + Retry-After for a busy or slow model, 502 for a model's own failure), never with
// an internal address; a reply that cannot be stored is a 503, never a 200 that answers
// nothing; and every API answer is uncacheable and unsniffable. The agent runs the real
// OpenAI provider against a local fake of the API, on the in-memory storage.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createOpenAIPlugin } from "../../core/features/openai/index.ts";
import {
  type AgentRuntime,
  createAgent,
  createApp,
  ModelType,
  type Plugin,
  parseCharacter,
  type StorageAdapter,
} from "../../core/index.ts";
import {
  chatCompletion,
  type FakeOpenAIServer,
  openAIError,
  startFakeOpenAI,
} from "../fakes/openai-server.ts";
import { FakeClock } from "../storage/fixtures.ts";

const TOKEN = "retries-token-0123456789";
const REPLY = "Here is your answer.";
const PLAN = `<response><thought>answer</thought><actions>REPLY</actions><text>${REPLY}</text></response>`;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

let openai: FakeOpenAIServer;
let clock: FakeClock;

beforeAll(async () => {
  openai = await startFakeOpenAI({ reply: PLAN });
});
afterAll(async () => {
  await openai?.close();
});
beforeEach(() => {
  clock = new FakeClock();
});

interface Server {
  runtime: AgentRuntime;
  send(body: Record<string, unknown>, headers?: Record<string, string>): Promise<Response>;
  history(room?: string): Promise<string[]>;
  get(path: string): Promise<Response>;
}

/** One server over `storage`, the OpenAI provider at the fake (its retry waits are skipped). */
async function boot(
  options: { env?: Record<string, string>; storage?: StorageAdapter; models?: Plugin[] } = {},
): Promise<Server> {
  const env = {
    API_TOKEN: TOKEN,
    OPENAI_API_KEY: "sk-fake",
    OPENAI_BASE_URL: openai.url,
    ...options.env,
  };
  const runtime = await createAgent({
    character: parseCharacter({ name: "Eliza" }),
    storage: options.storage ?? createMemoryStorage({ now: clock.now }),
    env,
    models: options.models ?? [
      createOpenAIPlugin({ embeddings: false, retry: { sleep: async () => {} } }),
    ],
    logger: quiet,
    now: clock.now,
  });
  const app = createApp({ getAgent: async () => runtime, env: () => env });
  const auth = { authorization: `Bearer ${TOKEN}` };
  const get = async (path: string) => app.request(path, { headers: auth });
  return {
    runtime,
    get,
    send: async (body, headers = {}) =>
      app.request("/api/messages", {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", ...headers },
        body: JSON.stringify({ userId: "bob", ...body }),
      }),
    history: async (room = "dm:bob") =>
      (
        (await (await get(`/api/rooms/${room}/messages`)).json()) as {
          messages: { role: string; text: string }[];
        }
      ).messages.map((m) => `${m.role}: ${m.text}`),
  };
}

const replies = async (response: Response) =>
  ((await response.json()) as { replies: { text: string }[] }).replies.map((r) => r.text);

/** No URL, IP address or host:port of ours in what the client reads. */
function expectNoAddress(text: string): void {
  const { hostname, port } = new URL(openai.origin);
  expect(text).not.toContain(hostname);
  expect(text).not.toContain(`:${port}`);
  expect(text).not.toMatch(/https?:\/\//);
}

describe("a failed turn leaves its message retryable at once", () => {
  it("Idempotency-Key: after a model failure (502) the retry answers, one copy stored", async () => {
    const server = await boot();
    // The provider's 500 and the 500 of its one retry.
    openai.enqueue(
      openAIError(500, "boom", "server_error"),
      openAIError(500, "boom", "server_error"),
    );
    const failed = await server.send({ text: "plan my week" }, { "idempotency-key": "k1" });
    expect(failed.status).toBe(502);
    expect(await server.history()).toEqual(["user: plan my week"]);

    const retry = await server.send({ text: "plan my week" }, { "idempotency-key": "k1" });
    expect(retry.status).toBe(200);
    expect(await replies(retry)).toEqual([REPLY]);
    expect(await server.history()).toEqual(["user: plan my week", `agent: ${REPLY}`]);

    const replay = await server.send({ text: "plan my week" }, { "idempotency-key": "k1" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replies(replay)).toEqual([REPLY]);
  });

  it("a client's own messageId does the same without the header", async () => {
    const server = await boot();
    openai.enqueue(
      openAIError(500, "boom", "server_error"),
      openAIError(500, "boom", "server_error"),
    );
    const failed = await server.send({ text: "hello there", messageId: "client-msg-1" });
    expect(failed.status).toBe(502);

    const retry = await server.send({ text: "hello there", messageId: "client-msg-1" });
    expect(retry.status).toBe(200);
    expect(await replies(retry)).toEqual([REPLY]);
    const again = await server.send({ text: "hello there", messageId: "client-msg-1" });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await server.history()).toEqual(["user: hello there", `agent: ${REPLY}`]);
    // Another id is another message.
    expect((await server.send({ text: "hello there", messageId: "client-msg-2" })).status).toBe(
      200,
    );
    expect(await server.history()).toHaveLength(4);
  });

  it("a reply the storage could not take is a 503 with Retry-After, and the retry answers", async () => {
    const inner = createMemoryStorage({ now: clock.now });
    const faults = { replies: true };
    const server = await boot({ storage: failingAgentWrites(inner, faults) });
    const failed = await server.send({ text: "are you there" }, { "idempotency-key": "k-disk" });
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("1");
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe(
      "storage_unavailable",
    );

    faults.replies = false;
    const retry = await server.send({ text: "are you there" }, { "idempotency-key": "k-disk" });
    expect(retry.status).toBe(200);
    expect(await replies(retry)).toEqual([REPLY]);
    expect(await server.history()).toEqual(["user: are you there", `agent: ${REPLY}`]);
  });

  it("a turn the storage failed, failure record and all, is retried at once when the storage is back", async () => {
    const inner = createMemoryStorage({ now: clock.now });
    const outage = { down: false };
    const server = await boot({ storage: downWhile(inner, outage) });
    // The turn claims its key, then the storage goes away: its failure cannot be recorded.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    openai.enqueue({ heldUntil: held, answer: () => chatCompletion(PLAN) });
    const seen = openai.requests.length;
    const first = server.send({ text: "during the outage" }, { "idempotency-key": "k-out" });
    while (openai.requests.length === seen) await new Promise((r) => setTimeout(r, 5));
    outage.down = true;
    release();
    expect((await first).status).toBe(503);
    outage.down = false;
    const retry = await server.send({ text: "during the outage" }, { "idempotency-key": "k-out" });
    expect(retry.status).toBe(200);
    expect(await replies(retry)).toEqual([REPLY]);
    expect(await server.history()).toEqual(["user: during the outage", `agent: ${REPLY}`]);
  });

  it("a turn whose answer could not be remembered is answered again at once from its stored reply", async () => {
    const inner = createMemoryStorage({ now: clock.now });
    const server = await boot({ storage: inner });
    const setCache = inner.setCache.bind(inner);
    inner.setCache = async () => {
      inner.setCache = setCache;
      throw new Error("connection reset");
    };
    const first = await server.send({ text: "remember me" }, { "idempotency-key": "k-forgot" });
    expect(first.status).toBe(503);
    const calls = openai.requests.length;
    const retry = await server.send({ text: "remember me" }, { "idempotency-key": "k-forgot" });
    expect(retry.status).toBe(200);
    expect(await replies(retry)).toEqual([REPLY]);
    expect(openai.requests.length).toBe(calls);
    expect(await server.history()).toEqual(["user: remember me", `agent: ${REPLY}`]);
  });

  it("a named message counts once against the rate limit, however often it is retried", async () => {
    const server = await boot({ env: { RATE_LIMIT_USER_PER_MINUTE: "2" } });
    for (let i = 0; i < 4; i++) {
      openai.enqueue(
        openAIError(500, "boom", "server_error"),
        openAIError(500, "boom", "server_error"),
      );
      expect((await server.send({ text: "again" }, { "idempotency-key": "k-limit" })).status).toBe(
        502,
      );
    }
    expect((await server.send({ text: "again" }, { "idempotency-key": "k-limit" })).status).toBe(
      200,
    );
  });

  it("a request past REQUEST_TIMEOUT_MS is a 503, its turn goes on, and the retry replays it", async () => {
    const server = await boot({ env: { REQUEST_TIMEOUT_MS: "200" } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    openai.enqueue({ heldUntil: held, answer: () => chatCompletion(PLAN) });
    const late = await server.send({ text: "slow" }, { "idempotency-key": "k-deadline" });
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("1");
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe("request_timeout");
    const meanwhile = await server.send({ text: "slow" }, { "idempotency-key": "k-deadline" });
    expect(meanwhile.status).toBe(409);
    release();
    for (let i = 0; i < 200; i++) {
      const again = await server.send({ text: "slow" }, { "idempotency-key": "k-deadline" });
      if (again.status === 200) {
        expect(again.headers.get("idempotent-replayed")).toBe("true");
        expect(await replies(again)).toEqual([REPLY]);
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error("the turn never finished");
  });

  it("a second attempt while the first runs is 409 in_progress with Retry-After", async () => {
    const server = await boot();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    openai.enqueue({ heldUntil: held, answer: () => chatCompletion(PLAN) });
    const first = server.send({ text: "slow one" }, { "idempotency-key": "k-busy" });
    const seen = openai.requests.length;
    while (openai.requests.length === seen) await new Promise((r) => setTimeout(r, 5));
    const second = await server.send({ text: "slow one" }, { "idempotency-key": "k-busy" });
    expect(second.status).toBe(409);
    expect(second.headers.get("retry-after")).toBe("1");
    release();
    expect((await first).status).toBe(200);
  });

  it("a turn past RUN_TIMEOUT_MS is a 503, and the retry goes on from the stored message", async () => {
    const server = await boot({ env: { RUN_TIMEOUT_MS: "200" } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    openai.enqueue({ heldUntil: held, answer: () => chatCompletion(PLAN) });
    const late = await server.send({ text: "take your time" }, { "idempotency-key": "k-late" });
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("1");
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe("turn_timeout");
    release();

    const retry = await server.send({ text: "take your time" }, { "idempotency-key": "k-late" });
    expect(retry.status).toBe(200);
    expect(await replies(retry)).toEqual([REPLY]);
    expect(await server.history()).toEqual(["user: take your time", `agent: ${REPLY}`]);
  });
});

describe("model faults reach the client as statuses it can act on", () => {
  it("the provider's 429 is a 503 with its Retry-After, not a bare 502", async () => {
    const server = await boot();
    const limited = { ...openAIError(429, "Rate limit reached", "rate_limit_error") };
    limited.headers = { "retry-after": "7" };
    openai.enqueue(limited, limited);
    const response = await server.send({ text: "hi" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("7");
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("model_unavailable");
    expectNoAddress(body.error.message);
  });

  it("a retry that would run past MODEL_TIMEOUT_MS is not made: the wait goes to the client", async () => {
    const server = await boot({ env: { MODEL_TIMEOUT_MS: "1500" } });
    const limited = { ...openAIError(429, "Rate limit reached", "rate_limit_error") };
    limited.headers = { "retry-after": "5" };
    openai.enqueue(limited);
    const before = openai.requests.length;
    const response = await server.send({ text: "hi" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(openai.requests.length - before).toBe(1);
  });

  it("a model that hangs past MODEL_TIMEOUT_MS is a 503 model_timeout with Retry-After", async () => {
    const server = await boot({ env: { MODEL_TIMEOUT_MS: "300" } });
    openai.enqueue({ heldUntil: new Promise(() => {}) });
    const response = await server.send({ text: "hi" });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("model_timeout");
    expectNoAddress(body.error.message);
  });

  it("the provider's 500 is a 502 model_error that names no URL or host", async () => {
    const server = await boot();
    openai.enqueue(
      openAIError(500, "boom", "server_error"),
      openAIError(500, "boom", "server_error"),
    );
    const response = await server.send({ text: "hi" });
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("model_error");
    expect(body.error.message).toContain("boom");
    expectNoAddress(body.error.message);
  });

  it("a plugin's model that throws its own error type is a 502 model_error with its message", async () => {
    class UpstreamError extends Error {
      override name = "UpstreamError";
    }
    const plugin: Plugin = {
      name: "plugin-upstream",
      models: {
        [ModelType.TEXT_LARGE]: async () => {
          throw new UpstreamError(
            `quota exhausted for this key (POST ${openai.origin}/v1/chat, node 10.1.2.3:8080)`,
          );
        },
      },
    };
    const server = await boot({ models: [plugin] });
    const response = await server.send({ text: "hi" });
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("model_error");
    expect(body.error.message).toContain("quota exhausted for this key");
    expectNoAddress(body.error.message);
    expect(body.error.message).not.toContain("10.1.2.3");
  });
});

describe("every answer's headers", () => {
  it("API answers are no-store and nosniff, errors and 503s included", async () => {
    const inner = createMemoryStorage({ now: clock.now });
    const outage = { down: false };
    const server = await boot({ storage: downWhile(inner, outage) });
    const answers = [
      await server.send({ text: "hi" }),
      await server.get("/api/rooms/dm:bob/messages"),
      await server.get("/api/runs"),
      await server.get("/api/tasks"),
      await server.get("/api/nothing-here"),
    ];
    outage.down = true;
    const down = await server.get("/api/rooms/dm:bob/messages");
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("1");
    for (const response of [...answers, down]) {
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

/** The storage, except that the agent's own message rows fail as a full disk does. */
function failingAgentWrites(inner: StorageAdapter, faults: { replies: boolean }): StorageAdapter {
  const full = () =>
    Object.assign(new Error("ENOSPC: no space left on device, write"), {
      code: "ENOSPC",
    });
  const agentRow = (memory: { entityId?: string; agentId?: string }) =>
    faults.replies && memory.entityId !== undefined && memory.entityId === memory.agentId;
  return new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      if (key === "createMemory") {
        return async (memory: { entityId?: string; agentId?: string }, ...rest: unknown[]) => {
          if (agentRow(memory)) throw full();
          return value.call(target, memory, ...rest);
        };
      }
      if (key === "batch") {
        return async (
          ops: { op: string; memory?: { entityId?: string } }[],
          ...rest: unknown[]
        ) => {
          if (ops.some((op) => op.op === "createMemory" && op.memory && agentRow(op.memory))) {
            throw full();
          }
          return value.call(target, ops, ...rest);
        };
      }
      return value.bind(target);
    },
  });
}

/** The storage, failing every call as a backend outage does while `outage.down`. */
function downWhile(inner: StorageAdapter, outage: { down: boolean }): StorageAdapter {
  return new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        if (outage.down) {
          const { StorageError } = await import("../../core/index.ts");
          throw new StorageError("UNAVAILABLE", "connection refused");
        }
        return value.apply(target, args);
      };
    },
  });
}
