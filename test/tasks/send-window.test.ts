// The "maybe sent" window of a reply is the platform call itself (issue 29, item 10). A crash
// while a Telegram send waits out a 429's retry_after (Telegram refused it: nothing reached the
// user) used to leave a reply row that recovery took for "maybe sent" and never sent. Now the
// row says "not sent yet" during the wait, and the next tick sends it, once. A crash while the
// platform holds the call is still never resent: that one may have arrived.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage, type MemoryStorage } from "../../adapters/memory/index.ts";
import { telegramSendHandler } from "../../connectors/telegram/index.ts";
import {
  type AgentRuntime,
  acceptInbound,
  ChannelType,
  createAgent,
  createUniqueUuid,
  type InboundMessage,
  MemoryTable,
  parseCharacter,
  runDueTasks,
} from "../../core/index.ts";
import {
  DEFAULT_TELEGRAM_TOKEN,
  type FakeTelegramServer,
  startFakeTelegram,
  telegramError,
} from "../fakes/telegram-server.ts";
import { FakeClock } from "../storage/fixtures.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const MINUTE = 60_000;

let telegram: FakeTelegramServer;
let clock: FakeClock;
let storage: MemoryStorage;
let runtime: AgentRuntime;
/** While set, a retry's wait never ends: the process is killed in it. */
let dieInWait: boolean;

beforeAll(async () => {
  telegram = await startFakeTelegram();
});
afterAll(async () => {
  await telegram?.close();
});

beforeEach(async () => {
  clock = new FakeClock();
  storage = createMemoryStorage({ now: clock.now });
  const model = scriptedModel((p) => `echo: ${p.userText}`);
  runtime = await createAgent({
    character: parseCharacter({ name: "Once" }),
    storage,
    plugins: [model.plugin],
    env: { TELEGRAM_BOT_TOKEN: DEFAULT_TELEGRAM_TOKEN, TELEGRAM_API_BASE: telegram.origin },
    logger: quiet,
    now: clock.now,
  });
  dieInWait = false;
  // The real Telegram send path (markdown, chunks, deliver.ts's retry rules) against the fake.
  runtime.registerSendHandler(
    "telegram",
    telegramSendHandler({
      delivery: { sleep: () => (dieInWait ? new Promise(() => {}) : Promise.resolve()) },
    }),
  );
});

function inbound(updateId: number): InboundMessage {
  const entityId = createUniqueUuid(runtime, "tg-user");
  const roomId = createUniqueUuid(runtime, "tg-room");
  return {
    key: `telegram:update:${updateId}`,
    message: {
      entityId,
      roomId,
      content: { text: `hello ${updateId}`, source: "telegram", channelType: ChannelType.DM },
    },
    connection: { entityId, roomId, source: "telegram", type: ChannelType.DM, userName: "u" },
    target: { source: "telegram", roomId, chatId: 4242 },
  };
}

const sendCalls = () => telegram.requests.filter((r) => r.path.endsWith("/sendMessage")).length;
const delivered = () => telegram.sent().map((m) => m.text);

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error("background work never reached the expected point");
}

describe("the ambiguous window of a send is the platform call", () => {
  it("a crash while a send waits out a 429 is recovered by the tick: sent once", async () => {
    const acceptance = await acceptInbound(runtime, inbound(1), { leaseMs: MINUTE });
    if (!acceptance.accepted) throw new Error("not accepted");
    const before = telegram.sent().length;
    telegram.enqueue(telegramError(429, "Too Many Requests: retry after 3", { retry_after: 3 }));
    dieInWait = true;
    void acceptance.process?.(); // never settles: killed in the wait
    const replyRow = createUniqueUuid(runtime, `reply:${acceptance.messageId}:0`);
    await until(
      async () => (await storage.getMemoryById(replyRow))?.metadata?.delivery === "retrying",
    );
    dieInWait = false;

    clock.advance(MINUTE + 1);
    await runDueTasks(runtime);
    expect(
      telegram
        .sent()
        .slice(before)
        .map((m) => m.text),
    ).toEqual(["echo: hello 1"]);
    clock.advance(60 * MINUTE);
    await runDueTasks(runtime);
    expect(telegram.sent().slice(before)).toHaveLength(1);
    const room = await storage.getMemories({
      tableName: MemoryTable.MESSAGES,
      roomId: createUniqueUuid(runtime, "tg-room"),
      count: 10,
    });
    expect(room.map((m) => m.content.text).reverse()).toEqual(["hello 1", "echo: hello 1"]);
  });

  it("a crash while the platform holds the retried call is never resent: it may have arrived", async () => {
    const acceptance = await acceptInbound(runtime, inbound(2), { leaseMs: MINUTE });
    if (!acceptance.accepted) throw new Error("not accepted");
    const calls = sendCalls();
    const sent = delivered().length;
    telegram.enqueue(
      telegramError(429, "Too Many Requests: retry after 1", { retry_after: 1 }),
      { heldUntil: new Promise(() => {}) }, // the retried call: the answer never comes back
    );
    void acceptance.process?.();
    await until(() => sendCalls() === calls + 2);

    clock.advance(MINUTE + 1);
    await runDueTasks(runtime);
    clock.advance(60 * MINUTE);
    await runDueTasks(runtime);
    expect(sendCalls()).toBe(calls + 2);
    expect(delivered()).toHaveLength(sent);
  });
});
