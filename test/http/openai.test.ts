// OpenAI's chat API on the shared app, driven by the official `openai` SDK in-process: a
// completion, a stream, the errors the SDK raises, the conversation's room, Idempotency-Key.
// The same clients against each real target: test/clients/.
import OpenAI from "openai";
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createAgent, createApp, ModelError, parseCharacter } from "../../core/index.ts";
import { API_TOKEN, type ApiApp, apiApp } from "../support/api-app.ts";

const PLAN = (text: string) =>
  `<response><thought>answer</thought><actions>REPLY</actions><text>${text}</text></response>`;

describe("OpenAI chat API (in-process, openai SDK)", () => {
  let api: ApiApp;
  let client: OpenAI;
  const sdk = (apiKey = API_TOKEN, headers: Record<string, string> = {}) =>
    new OpenAI({
      apiKey,
      baseURL: "http://agent.test/v1",
      maxRetries: 0,
      defaultHeaders: headers,
      fetch: async (input, init) =>
        api.app.request(input instanceof Request ? input : String(input), init as RequestInit),
    });

  beforeEach(async () => {
    api = await apiApp();
    client = sdk();
  });

  it("lists the agent as the one model", async () => {
    const models = await client.models.list();
    expect(models.data.map((m) => [m.id, m.object, m.owned_by])).toEqual([
      ["ada", "model", "eliza-edge"],
    ]);
  });

  it("answers the last user message through the agent's pipeline", async () => {
    api.model.large.push(PLAN("Filed under D."));
    const completion = await client.chat.completions.create({
      model: "ada",
      messages: [
        { role: "system", content: "ignored: the character decides" },
        { role: "user", content: "Where is the deed?" },
      ],
    });
    expect(completion.object).toBe("chat.completion");
    expect(completion.model).toBe("ada");
    expect(completion.choices[0]?.message).toMatchObject({
      role: "assistant",
      content: "Filed under D.",
    });
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    // The turn is a run of the agent's, and the message and reply are stored in its room.
    const runs = await (await api.client.api.runs.$get({ query: {} })).json();
    expect(completion.id).toBe(`chatcmpl-${runs.runs[0]?.runId}`);
    expect(runs.runs[0]).toMatchObject({ status: "completed", source: "openai" });
    const prompt = api.model.calls.at(-1)?.params.prompt ?? "";
    expect(prompt).toContain("Where is the deed?");
  });

  it("keeps one room for one conversation, another for another", async () => {
    api.model.large.push(PLAN("First."), PLAN("Second."), PLAN("Third."));
    const opening = { role: "user" as const, content: "Let us talk about ledgers." };
    await client.chat.completions.create({ model: "ada", messages: [opening], user: "u1" });
    await client.chat.completions.create({
      model: "ada",
      user: "u1",
      messages: [
        opening,
        { role: "assistant", content: "First." },
        { role: "user", content: "And receipts?" },
      ],
    });
    await client.chat.completions.create({
      model: "ada",
      user: "u2",
      messages: [opening],
    });
    const runs = (await (await api.client.api.runs.$get({ query: {} })).json()).runs;
    const rooms = runs.map((r) => r.roomId).reverse();
    expect(rooms[0]).toBe(rooms[1]);
    expect(rooms[2]).not.toBe(rooms[0]);
    // The second turn saw the first in the room's history, as the agent stored it.
    const second = api.model.calls.filter((c) => c.type === "TEXT_LARGE")[1]?.params.prompt;
    expect(second).toContain("Let us talk about ledgers.");
    expect(second).toContain("And receipts?");
  });

  it("X-Conversation-Id names the room", async () => {
    api.model.large.push(PLAN("One."), PLAN("Two."));
    const named = sdk(API_TOKEN, { "X-Conversation-Id": "chat-42" });
    await named.chat.completions.create({
      model: "ada",
      messages: [{ role: "user", content: "a" }],
    });
    await named.chat.completions.create({
      model: "ada",
      messages: [{ role: "user", content: "b" }],
    });
    const page = await (
      await api.client.api.rooms[":roomId"].messages.$get({
        param: { roomId: "openai:chat-42" },
        query: {},
      })
    ).json();
    expect(page.messages.map((m) => m.text)).toEqual(["a", "One.", "b", "Two."]);
  });

  it("streams chat.completion.chunk events ending with [DONE]", async () => {
    api.model.large.push(PLAN("Streamed reply here."));
    const stream = await client.chat.completions.create({
      model: "ada",
      stream: true,
      messages: [{ role: "user", content: "stream please" }],
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks[0]?.choices[0]?.delta.role).toBe("assistant");
    expect(chunks.every((c) => c.object === "chat.completion.chunk")).toBe(true);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? "").join("");
    expect(text).toBe("Streamed reply here.");
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("stop");
  });

  it("raises the SDK's own errors with OpenAI's error shape", async () => {
    await expect(sdk("wrong-token").models.list()).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    );
    const notFound = await client.chat.completions
      .create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(OpenAI.NotFoundError);
    expect(notFound).toMatchObject({
      status: 404,
      code: "model_not_found",
      param: "model",
      type: "invalid_request_error",
    });
    const bad = await client.chat.completions
      .create({ model: "ada", messages: [] })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    const noUser = await client.chat.completions
      .create({ model: "ada", messages: [{ role: "system", content: "only a system message" }] })
      .catch((e: unknown) => e);
    expect(noUser).toBeInstanceOf(OpenAI.BadRequestError);
    // A message over the API's length limit is the client's mistake, named as such.
    const long = await client.chat.completions
      .create({ model: "ada", messages: [{ role: "user", content: "x".repeat(16_001) }] })
      .catch((e: unknown) => e);
    expect(long).toBeInstanceOf(OpenAI.BadRequestError);
    expect(String((long as Error).message)).toContain("messages");
    const longRoom = await sdk(API_TOKEN, { "X-Conversation-Id": "r".repeat(191) })
      .chat.completions.create({ model: "ada", messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e);
    expect(longRoom).toBeInstanceOf(OpenAI.BadRequestError);
    // Raw: every /v1 error is {error: {message, type, param, code}}, an unknown path's too.
    const raw = await api.app.request("/v1/nothing", {
      headers: { authorization: `Bearer ${API_TOKEN}` },
    });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({
      error: {
        message: "No route for GET /v1/nothing",
        type: "invalid_request_error",
        param: null,
        code: "not_found",
      },
    });
    expect(api.model.calls).toEqual([]);
  });

  it("a model that fails is OpenAI's server_error: a status before the stream, an error event in it", async () => {
    const failing = () => {
      throw new ModelError("openai", "upstream said 500", { status: 500 });
    };
    api.model.large.push(failing, failing, failing, failing);
    const json = await client.chat.completions
      .create({ model: "ada", messages: [{ role: "user", content: "fail please" }] })
      .catch((e: unknown) => e);
    expect(json).toBeInstanceOf(OpenAI.APIError);
    expect(json).toMatchObject({ status: 502, type: "server_error", code: "model_error" });
    const stream = await client.chat.completions.create({
      model: "ada",
      stream: true,
      messages: [{ role: "user", content: "fail while streaming" }],
    });
    const read = async () => {
      for await (const _chunk of stream) {
        // the role chunk arrives, then the error
      }
    };
    await expect(read()).rejects.toMatchObject({ type: "server_error", code: "model_error" });
  });

  it("an Idempotency-Key repeat gets the first completion, with no second turn", async () => {
    api.model.large.push(PLAN("Once only."));
    const params = { model: "ada", messages: [{ role: "user" as const, content: "once" }] };
    const options = { headers: { "Idempotency-Key": "k-1" } };
    const first = await client.chat.completions.create(params, options);
    const again = await client.chat.completions.create(params, options).withResponse();
    expect(again.data).toEqual(first);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    const streamed = await client.chat.completions.create({ ...params, stream: true }, options);
    let text = "";
    for await (const chunk of streamed) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toBe("Once only.");
    expect(api.model.calls.filter((c) => c.type === "TEXT_LARGE")).toHaveLength(1);
  });

  it("a keyed retry after a failed turn runs at once, from the message already stored", async () => {
    let healthy = false;
    const flaky = () => {
      if (!healthy) throw new ModelError("openai", "upstream said 500", { status: 500 });
      return PLAN("Second time lucky.");
    };
    api.model.large.push(...Array.from({ length: 8 }, () => flaky));
    const params = { model: "ada", messages: [{ role: "user" as const, content: "try me" }] };
    const options = { headers: { "Idempotency-Key": "k-fail", "X-Conversation-Id": "retry" } };
    const failed = await client.chat.completions.create(params, options).catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 502, code: "model_error" });
    healthy = true;
    // Not 409 in_progress: the failed attempt freed its key.
    const retried = await client.chat.completions.create(params, options);
    expect(retried.choices[0]?.message.content).toBe("Second time lucky.");
    const room = await (
      await api.client.api.rooms[":roomId"].messages.$get({
        param: { roomId: "openai:retry" },
        query: {},
      })
    ).json();
    // The user's message once, then the answer: the retry went on from the stored message.
    expect(room.messages.map((m) => [m.role, m.text])).toEqual([
      ["user", "try me"],
      ["agent", "Second time lucky."],
    ]);
    const replay = await client.chat.completions.create(params, options).withResponse();
    expect(replay.response.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.data).toEqual(retried);
  });

  it("runs the agent's actions: a reminder asked for through the chat API is a task", async () => {
    // The offline ELIZA model and the built-in reminders: no model plugin at all.
    const runtime = await createAgent({
      character: parseCharacter({ name: "Ada", bio: ["Ada keeps records."] }),
      storage: createMemoryStorage(),
      env: {},
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const app = createApp({ getAgent: async () => runtime, env: () => ({ API_TOKEN }) });
    const openai = new OpenAI({
      apiKey: API_TOKEN,
      baseURL: "http://agent.test/v1",
      maxRetries: 0,
      fetch: async (input, init) =>
        app.request(input instanceof Request ? input : String(input), init as RequestInit),
    });
    const completion = await openai.chat.completions.create({
      model: "ada",
      user: "ada-user",
      messages: [{ role: "user", content: "remind me in 10 minutes to stretch" }],
    });
    expect(completion.choices[0]?.message.content).toContain("remind you");
    const tasks = (await (
      await app.request("/api/tasks", { headers: { authorization: `Bearer ${API_TOKEN}` } })
    ).json()) as { tasks: { name: string; description: string; status: string }[] };
    expect(tasks.tasks).toEqual([
      expect.objectContaining({ name: "REMINDER", description: "stretch", status: "scheduled" }),
    ]);
  });
});
