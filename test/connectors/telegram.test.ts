// Telegram behaviour that needs control the shared scenarios do not assume: a scripted
// model, a held turn, a frozen background run, timeouts and a storage outage.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { runDueTasks } from "../../core/index.ts";
import type { ScriptedResponse } from "../fakes/openai-server.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { faulty } from "./faulty-storage.ts";
import { type Harness, type HarnessOptions, startHarness } from "./harness.ts";
import { ann, BOT_ID, bob, groupChat, telegramRequest, textUpdate } from "./requests.ts";
import { storedTexts } from "./scenarios.ts";

const MINUTE = 60_000;
let h: Harness;
afterEach(async () => {
  h.pending.splice(0); // a frozen turn never settles; let it go with the test
  await h?.close();
});

const start = (options: Partial<HarnessOptions> = {}) =>
  startHarness({ storage: async (now) => createMemoryStorage({ now }), ...options });

const internalError: ScriptedResponse = {
  status: 500,
  body: { ok: false, error_code: 500, description: "Internal Server Error" },
};
const sendBodies = () =>
  h.telegram.requests
    .filter((r) => r.path.endsWith("/sendMessage"))
    .map((r) => r.body as { text: string });

describe("telegram webhook", () => {
  it("acknowledges before the turn runs: the reply follows in the background", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const model = scriptedModel(async (p) => {
      await gate;
      return `echo: ${p.userText}`;
    });
    h = await start({ model: model.plugin });
    const res = await h.fetch(telegramRequest(textUpdate("hello")));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(h.telegram.sent()).toEqual([]);
    release();
    await h.settle();
    expect(h.telegram.sent().map((m) => m.text)).toEqual(["echo: hello"]);
  });

  it("asks the model about unaddressed group chatter and stays quiet when it says IGNORE", async () => {
    const model = scriptedModel((p) => `echo: ${p.userText}`);
    model.small.push("<response><action>IGNORE</action></response>");
    h = await start({ model: model.plugin });
    await h.fetch(telegramRequest(textUpdate("lunch anyone?", { chat: groupChat, from: bob })));
    await h.settle();
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_SMALL"]);
    expect(h.telegram.sent()).toEqual([]);
    // ...and speaks when it says RESPOND.
    model.small.push("<response><action>RESPOND</action></response>");
    await h.fetch(
      telegramRequest(textUpdate("what do you think?", { chat: groupChat, from: bob })),
    );
    await h.settle();
    expect(h.telegram.sent().map((m) => m.text)).toEqual(["echo: what do you think?"]);
  });

  it("tells a mention of another bot, a command to another bot and its own messages apart", async () => {
    const model = scriptedModel((p) => `echo: ${p.userText}`);
    h = await start({ model: model.plugin });
    const other = {
      update_id: 700_001,
      message: {
        message_id: 70,
        chat: groupChat,
        from: bob,
        text: "@other_bot hi /start@other_bot",
        entities: [
          { type: "mention", offset: 0, length: 10 },
          { type: "bot_command", offset: 14, length: 16 },
        ],
      },
    };
    const own = {
      update_id: 700_002,
      message: {
        message_id: 71,
        chat: groupChat,
        from: { id: BOT_ID, is_bot: true, first_name: "E" },
        text: "mine",
      },
    };
    const textMention = {
      update_id: 700_003,
      message: {
        message_id: 72,
        chat: groupChat,
        from: bob,
        text: "Eli, help",
        entities: [
          {
            type: "text_mention",
            offset: 0,
            length: 3,
            user: { id: BOT_ID, is_bot: true, first_name: "E" },
          },
        ],
      },
    };
    model.small.push("<response><action>IGNORE</action></response>");
    for (const u of [other, own, textMention]) await h.fetch(telegramRequest(JSON.stringify(u)));
    await h.settle();
    expect(h.telegram.sent().map((m) => m.text)).toEqual(["echo: Eli, help"]);
    expect(h.telegram.requests.filter((r) => r.path.endsWith("/getMe"))).toHaveLength(1);
  });

  it("splits a long reply at 4096 characters; only the first piece replies to the message", async () => {
    const long = Array.from({ length: 900 }, (_, i) => `word${i}`).join(" ");
    h = await start({ model: scriptedModel(long).plugin });
    const update = textUpdate("tell me everything");
    await h.fetch(telegramRequest(update));
    await h.settle();
    const sent = h.telegram.sent();
    expect(sent.length).toBe(2);
    expect(sent.every((m) => m.text.length <= 4096)).toBe(true);
    expect(sent.map((m) => m.text).join(" ")).toBe(long);
    expect(sent[0]?.reply_parameters).toEqual({
      message_id: update.message?.message_id,
      allow_sending_without_reply: true,
    });
    expect(sent[1]).not.toHaveProperty("reply_parameters");
  });

  it("resends only the pieces Telegram did not take when a long reply is retried", async () => {
    const long = Array.from({ length: 900 }, (_, i) => `word${i}`).join(" ");
    h = await start({ model: scriptedModel(long).plugin });
    h.telegram.enqueue({
      body: { ok: true, result: { message_id: 1, date: 0, chat: { id: ann.id } } },
    });
    h.telegram.enqueue(internalError, internalError);
    await h.fetch(telegramRequest(textUpdate("tell me everything")));
    await h.settle();
    h.clock.advance(MINUTE);
    await runDueTasks(h.runtime);
    const [first, second] = [sendBodies()[0]?.text, sendBodies()[1]?.text];
    expect(first).not.toBe(second);
    expect(sendBodies().map((b) => b.text)).toEqual([first, second, second, second]);
    expect(await storedTexts(h)).toHaveLength(2);
  });

  it("waits out a 429 only when retry_after is short; a long one is retried on a later tick", async () => {
    h = await start({ model: scriptedModel("hi").plugin });
    h.telegram.enqueue({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 60",
        parameters: { retry_after: 60 },
      },
    });
    await h.fetch(telegramRequest(textUpdate("hello")));
    await h.settle();
    expect(h.telegram.sent()).toEqual([]);
    expect(h.sleeps).not.toContain(60_000);
    h.clock.advance(2 * MINUTE);
    await runDueTasks(h.runtime);
    expect(h.telegram.sent().map((m) => m.text)).toEqual(["hi"]);
  });

  it("retries a long 429 no earlier than its retry_after, though the backoff is shorter", async () => {
    h = await start({ model: scriptedModel("hi").plugin });
    const tooMany = (seconds: number): ScriptedResponse => ({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${seconds}`,
        parameters: { retry_after: seconds },
      },
    });
    h.telegram.enqueue(tooMany(30));
    await h.fetch(telegramRequest(textUpdate("hello")));
    await h.settle();
    expect(sendBodies()).toHaveLength(1);
    // The first backoff is 10 s; Telegram asked for 30.
    h.clock.advance(10_000);
    expect((await runDueTasks(h.runtime)).ran).toBe(0);
    h.clock.advance(19_999);
    expect((await runDueTasks(h.runtime)).ran).toBe(0);
    expect(sendBodies()).toHaveLength(1);
    h.clock.advance(1);
    expect((await runDueTasks(h.runtime)).succeeded).toBe(1);
    expect(h.telegram.sent().map((m) => m.text)).toEqual(["hi"]);
    expect(sendBodies()).toHaveLength(2);
  });

  it("waits a short retry_after inline in full before the one retry", async () => {
    h = await start({ model: scriptedModel("hi").plugin });
    h.telegram.enqueue({
      status: 429,
      body: { ok: false, error_code: 429, parameters: { retry_after: 3 } },
    });
    await h.fetch(telegramRequest(textUpdate("hello")));
    await h.settle();
    expect(h.sleeps).toEqual([3_000]);
    expect(h.telegram.sent().map((m) => m.text)).toEqual(["hi"]);
  });

  it("never resends a reply whose send timed out: it may have arrived", async () => {
    h = await start({ model: scriptedModel("hi").plugin, timeoutMs: 200 });
    h.telegram.enqueue({ delayMs: 5_000, body: { ok: true, result: {} } });
    await h.fetch(telegramRequest(textUpdate("hello")));
    await h.settle();
    h.clock.advance(60 * MINUTE);
    await runDueTasks(h.runtime);
    expect(sendBodies()).toHaveLength(1);
    expect((await storedTexts(h)).sort()).toEqual(["hello", "hi"]);
  });

  it("recovers a turn that died after the acknowledgement on a tick after its lease, once", async () => {
    const store = faulty(createMemoryStorage());
    h = await start({
      model: scriptedModel((p) => `echo: ${p.userText}`).plugin,
      storage: async () => store.storage,
    });
    store.freeze = true;
    const res = await h.fetch(telegramRequest(textUpdate("are you there?")));
    expect(res.status).toBe(200);
    store.freeze = false;
    h.pending.splice(0);
    expect((await runDueTasks(h.runtime)).ran).toBe(0); // still leased to the dead run
    h.clock.advance(2 * MINUTE + 1);
    expect((await runDueTasks(h.runtime)).succeeded).toBe(1);
    expect(h.telegram.sent().map((m) => m.text)).toEqual(["echo: are you there?"]);
    h.clock.advance(60 * MINUTE);
    await runDueTasks(h.runtime);
    expect(h.telegram.sent()).toHaveLength(1);
  });

  it("answers 503 when storage is down, so Telegram redelivers, and accepts the redelivery", async () => {
    const store = faulty(createMemoryStorage());
    h = await start({ model: scriptedModel("hi").plugin, storage: async () => store.storage });
    const update = textUpdate("hello");
    store.outage = true;
    const down = await h.fetch(telegramRequest(update));
    expect(down.status).toBe(503);
    expect((await down.json()).error.code).toBe("storage_unavailable");
    store.outage = false;
    const again = await h.fetch(telegramRequest(update));
    expect(again.status).toBe(200);
    await h.settle();
    expect(h.telegram.sent().map((m) => m.text)).toEqual(["hi"]);
  });

  it("is closed when TELEGRAM_WEBHOOK_SECRET is unset", async () => {
    h = await start({ env: { TELEGRAM_WEBHOOK_SECRET: "" } });
    const res = await h.fetch(telegramRequest(textUpdate("hi"), ""));
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toContain("TELEGRAM_WEBHOOK_SECRET is not set");
  });

  it("keeps the bot token out of dedupe keys and stored tasks", async () => {
    const store = faulty(createMemoryStorage());
    h = await start({ model: scriptedModel("hi").plugin, storage: async () => store.storage });
    store.freeze = true;
    await h.fetch(telegramRequest(textUpdate("hello")));
    store.freeze = false;
    const tasks = await h.storage.getTasks({});
    expect(tasks).toHaveLength(1);
    expect(JSON.stringify(tasks)).not.toContain("TEST-token");
  });
});
