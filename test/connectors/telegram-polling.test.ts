// Telegram long polling on the Node target: the bot works with only TELEGRAM_BOT_TOKEN (no
// public URL), updates go through the webhook's inbox and dedupe, and the getUpdates offset
// confirms an update only once it is recorded, so a crash between receiving and recording
// loses nothing and answers nothing twice. Against the fake Bot API's real long polling.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import type { StorageAdapter } from "../../core/index.ts";
import { type NodeServer, startNodeServer } from "../../targets/node/index.ts";
import { type FakeTelegramServer, startFakeTelegram } from "../fakes/telegram-server.ts";
import { eventually } from "../support/eventually.ts";
import { faulty } from "./faulty-storage.ts";
import { BOT_ID, BOT_USERNAME, callbackUpdate, textUpdate } from "./requests.ts";

interface Logged {
  level: string;
  message: string;
}

let telegram: FakeTelegramServer;
const servers: NodeServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close().catch(() => {});
  await telegram?.close();
});

async function start(
  env: Record<string, string> = {},
  storage: StorageAdapter = createMemoryStorage(),
): Promise<{ server: NodeServer; logs: Logged[] }> {
  telegram ??= await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
  const logs: Logged[] = [];
  const log = (level: string) => (message: string) => void logs.push({ level, message });
  const server = await startNodeServer({
    env: {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_BASE: telegram.origin,
      TELEGRAM_POLL_TIMEOUT: "1",
      TASK_INTERVAL_MS: "0",
      ...env,
    },
    port: 0,
    host: "127.0.0.1",
    storage,
    logger: { debug() {}, info: log("info"), warn: log("warn"), error: log("error") },
  });
  servers.push(server);
  return { server, logs };
}

const getUpdates = () => telegram.requests.filter((r) => r.path.endsWith("/getUpdates"));

describe("telegram long polling on the Node target", () => {
  it("answers a message with no webhook and no secret, and confirms the update after", async () => {
    telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
    const { server } = await start();
    const update = textUpdate("I feel sad about my exams");
    telegram.push(update as unknown as Record<string, unknown>);
    await eventually("the reply", () => telegram.sent().length === 1);
    expect(telegram.sent()[0]).toMatchObject({
      chat_id: update.message?.chat.id,
      reply_parameters: { message_id: update.message?.message_id },
    });
    // The next long poll carries the offset past it: Telegram forgets it.
    await eventually("the update confirmed", () => telegram.unconfirmed().length === 0);
    expect(getUpdates().at(-1)?.body).toMatchObject({
      offset: update.update_id + 1,
      timeout: 1,
      allowed_updates: expect.arrayContaining(["message", "callback_query"]),
    });
    await server.idle();
    expect(telegram.sent()).toHaveLength(1);
  });

  it("answers a button press and stops its spinner with answerCallbackQuery", async () => {
    telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
    await start();
    const press = callbackUpdate("yes please");
    telegram.push(press as unknown as Record<string, unknown>);
    await eventually("the reply", () => telegram.sent().length === 1);
    await eventually("the answer", () => telegram.calls("answerCallbackQuery").length === 1);
    expect(telegram.calls("answerCallbackQuery")[0]).toEqual({
      callback_query_id: press.callback_query?.id,
    });
  });

  it("leaves a webhook it finds alone, says what to do, and does not poll", async () => {
    telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
    telegram.setWebhook("https://prod.example/webhooks/telegram");
    const { logs } = await start();
    await eventually("the message", () => logs.some((l) => l.level === "error"));
    const line = logs.find((l) => l.level === "error")!.message;
    expect(line).toContain("a webhook is set (https://prod.example/webhooks/telegram)");
    expect(line).toContain("TELEGRAM_MODE=polling");
    expect(line).toContain("telegram:set-webhook -- --delete");
    expect(getUpdates()).toEqual([]);
    expect(telegram.calls("deleteWebhook")).toEqual([]);
    expect(telegram.webhook()).toBeDefined();
  });

  it("with TELEGRAM_MODE=polling deletes the webhook, keeping pending updates, then polls", async () => {
    telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
    telegram.setWebhook("https://old.example/webhooks/telegram");
    telegram.push(textUpdate("are you there?") as unknown as Record<string, unknown>);
    await start({ TELEGRAM_MODE: "polling" });
    await eventually("the reply", () => telegram.sent().length === 1);
    expect(telegram.calls("deleteWebhook")).toEqual([{ drop_pending_updates: false }]);
  });

  it("does not poll when a webhook secret is set, or with TELEGRAM_MODE=webhook", async () => {
    telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
    const withSecret = await start({ TELEGRAM_WEBHOOK_SECRET: "s3cret-value" });
    const webhook = await start({ TELEGRAM_MODE: "webhook" });
    const polling = await start({});
    expect([withSecret, webhook, polling].map((s) => s.server.telegram)).toEqual([
      "webhook",
      "webhook",
      "polling",
    ]);
    await eventually("the polling one's first poll", () => getUpdates().length > 0);
  });

  it("refuses a TELEGRAM_MODE it does not know, at start", async () => {
    telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
    await expect(start({ TELEGRAM_MODE: "pull" })).rejects.toThrow(
      'TELEGRAM_MODE must be "polling" or "webhook" (or unset), got pull',
    );
  });

  it("keeps an update Telegram gave while storage was down, and answers it once storage is back", async () => {
    telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
    const store = faulty(createMemoryStorage());
    await start({}, store.storage);
    store.outage = true;
    const update = textUpdate("hello while the database is down");
    const served: number[] = [];
    telegram.onServed = (ids) => served.push(...ids);
    const id = telegram.push(update as unknown as Record<string, unknown>);
    await eventually("the update handed out", () => served.includes(id));
    // Not recorded, so not confirmed: the next long poll asks from before it again.
    await eventually("a second getUpdates", () => getUpdates().length >= 2);
    expect(telegram.unconfirmed()).toEqual([id]);
    for (const r of getUpdates()) expect((r.body as { offset?: number }).offset).not.toBe(id + 1);
    store.outage = false;
    await eventually("the reply", () => telegram.sent().length === 1, { guardMs: 20_000 });
    await eventually("the update confirmed", () => telegram.unconfirmed().length === 0);
    expect(telegram.sent()).toHaveLength(1);
  });

  it("a process that dies between receiving and recording: the next one answers, once", async () => {
    telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
    const storage = createMemoryStorage();
    await storage.init();
    // The first process receives the update and freezes before its first write, as if killed.
    const first = faulty(keepOpen(storage));
    const dead = await start({}, first.storage);
    first.freezeAll = true;
    const update = textUpdate("remember me after the crash");
    const served: number[] = [];
    telegram.onServed = (ids) => served.push(...ids);
    const id = telegram.push(update as unknown as Record<string, unknown>);
    await eventually("the update received", () => served.includes(id));
    // The dead process never asks again, so never confirms it.
    servers.splice(servers.indexOf(dead.server), 1);
    // A new process on the same storage: Telegram still holds the update and gives it again.
    const { server } = await start({}, keepOpen(storage));
    await eventually("the reply", () => telegram.sent().length === 1);
    await server.idle();
    await eventually("the update confirmed", () => telegram.unconfirmed().length === 0);
    expect(telegram.sent()).toHaveLength(1);
    // Shut the frozen one down: its stuck write fails, and it stops without sending anything.
    first.freezeAll = false;
    const closing = dead.server.close();
    first.release();
    await closing;
    expect(telegram.sent()).toHaveLength(1);
  });

  it("a process that dies after recording but before confirming: the update is not answered twice", async () => {
    telegram = await startFakeTelegram({ token: `${BOT_ID}:TEST-token`, username: BOT_USERNAME });
    const storage = createMemoryStorage();
    await storage.init();
    const update = textUpdate("answer me exactly once");
    const id = telegram.push(update as unknown as Record<string, unknown>);
    // The first process records and answers the update, then dies before its next getUpdates
    // (the one whose offset would confirm it) reaches Telegram.
    let dying = true;
    telegram.onGetUpdates = (params) => (dying && params.offset === id + 1 ? "drop" : undefined);
    const first = await start({}, keepOpen(storage));
    await eventually("the first reply", () => telegram.sent().length === 1);
    await first.server.idle();
    await first.server.close();
    servers.splice(servers.indexOf(first.server), 1);
    expect(telegram.unconfirmed()).toEqual([id]);
    dying = false;
    const { server } = await start({}, keepOpen(storage));
    await eventually("the update confirmed", () => telegram.unconfirmed().length === 0);
    await server.idle();
    expect(telegram.sent()).toHaveLength(1);
  });
});

/** One storage shared by a "crashed" and a "restarted" server: the first close must not end it. */
function keepOpen(storage: StorageAdapter): StorageAdapter {
  return new Proxy(storage, {
    get(target, key, receiver) {
      if (key === "close") return async () => {};
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
