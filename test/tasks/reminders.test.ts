// Reminders end to end with the offline model: the user asks, the agent confirms, and a tick
// at the right time speaks in the same room through the room's connector.
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  ChannelType,
  type Content,
  createAgent,
  createApp,
  createUniqueUuid,
  MemoryTable,
  messageService,
  parseCharacter,
  parseReminder,
  runDueTasks,
  type SendTarget,
} from "../../core/index.ts";
import { FakeClock } from "../storage/fixtures.ts";

const MINUTE = 60_000;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let clock: FakeClock;
let runtime: AgentRuntime;
let delivered: { target: SendTarget; content: Content }[];

beforeEach(async () => {
  clock = new FakeClock();
  runtime = await createAgent({
    character: parseCharacter({ name: "Eliza" }),
    storage: createMemoryStorage({ now: clock.now }),
    logger: quiet,
    now: clock.now,
  });
  delivered = [];
  runtime.registerSendHandler("chat", async (_r, target, content) => {
    delivered.push({ target, content });
  });
});

async function roomTexts(): Promise<string[]> {
  const page = await runtime.storage.getMemories({
    tableName: MemoryTable.MESSAGES,
    roomId: createUniqueUuid(runtime, "ann-room"),
    count: 100,
  });
  return page.map((m) => String(m.content.text));
}

async function say(text: string): Promise<string[]> {
  const entityId = createUniqueUuid(runtime, "ann");
  const roomId = createUniqueUuid(runtime, "ann-room");
  const replies: string[] = [];
  await messageService.handleMessage(
    runtime,
    {
      entityId,
      roomId,
      content: { text, source: "chat", channelType: ChannelType.DM },
      metadata: { target: { source: "chat", chatId: 777 } },
    },
    (content) => {
      replies.push(content.text ?? "");
    },
    { connection: { entityId, roomId, source: "chat", type: ChannelType.DM } },
  );
  return replies;
}

describe("reminder parsing", () => {
  it.each([
    ["remind me in 10 minutes to stretch", { kind: "once", delayMs: 10 * MINUTE, what: "stretch" }],
    [
      "Remind me to call mom in 2 hours.",
      { kind: "once", delayMs: 120 * MINUTE, what: "call mom" },
    ],
    [
      "in 5 min remind me to check the oven",
      { kind: "once", delayMs: 5 * MINUTE, what: "check the oven" },
    ],
    [
      "follow up in 3 days about the invoice",
      { kind: "once", delayMs: 3 * 1440 * MINUTE, what: "the invoice" },
    ],
    ["please remind me in an hour to leave", { kind: "once", delayMs: 60 * MINUTE, what: "leave" }],
    ["remind me in a minute", { kind: "once", delayMs: MINUTE, what: "follow up" }],
    [
      "every 2 hours remind me to stand up",
      { kind: "every", intervalMs: 120 * MINUTE, what: "stand up" },
    ],
    [
      "remind me every day to drink water",
      { kind: "every", intervalMs: 1440 * MINUTE, what: "drink water" },
    ],
    // Parsed so the action can refuse it by name (REMINDERS_MIN_INTERVAL_MINUTES), not ignore it.
    ["remind me every 5 seconds to spam", { kind: "every", intervalMs: 5000, what: "spam" }],
    ["cancel my reminders", { kind: "cancel", what: "" }],
    ["cancel the reminder about water", { kind: "cancel", what: "water" }],
  ])("%s", async (text, expected) => {
    expect(await parseReminder(text)).toEqual(expected);
  });

  it.each([
    "I feel sad",
    "remind me in 0 minutes to x",
    "remind me in 400 days to x",
    "remind me in -3 minutes",
    "remind me in ten bananas",
    "",
    "remind me in 10 minutes ".repeat(200),
  ])("ignores %j", async (text) => {
    expect(await parseReminder(text)).toBeNull();
  });
});

describe("reminders with the offline model", () => {
  it("confirms, then fires once at the due time in the same chat, and shows in the room", async () => {
    expect(await say("remind me in 10 minutes to stretch")).toEqual([
      "OK, I'll remind you in 10 minutes: stretch.",
    ]);
    clock.advance(10 * MINUTE - 1);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    clock.advance(1);
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    expect(delivered).toEqual([
      {
        target: expect.objectContaining({ source: "chat", chatId: 777 }),
        content: expect.objectContaining({ text: "Reminder: stretch" }),
      },
    ]);
    clock.advance(60 * MINUTE);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it("repeats a recurring reminder until it is cancelled", async () => {
    expect((await say("every 2 hours remind me to stand up"))[0]).toContain("every 2 hours");
    clock.advance(120 * MINUTE);
    await runDueTasks(runtime);
    clock.advance(120 * MINUTE);
    await runDueTasks(runtime);
    expect(delivered.map((d) => d.content.text)).toEqual([
      "Reminder: stand up",
      "Reminder: stand up",
    ]);
    expect(await say("cancel my reminders")).toEqual(["Cancelled 1 reminder."]);
    clock.advance(240 * MINUTE);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    expect(await say("cancel my reminders")).toEqual(["There were no reminders to cancel."]);
  });

  it("a tick that died while the platform held the reminder does not remind twice", async () => {
    await say("remind me in 10 minutes to stretch");
    let hold = true;
    runtime.registerSendHandler("chat", async (_r, target, content) => {
      delivered.push({ target, content });
      if (hold) await new Promise(() => {}); // the process is killed while the send is held
    });
    clock.advance(10 * MINUTE);
    void runDueTasks(runtime);
    for (let i = 0; i < 1000 && delivered.length === 0; i++) {
      await new Promise((r) => setImmediate(r));
    }
    hold = false;
    clock.advance(5 * MINUTE + 1); // the dead tick's lease is over
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    clock.advance(60 * MINUTE);
    expect((await runDueTasks(runtime)).ran).toBe(0);
    expect(delivered.map((d) => d.content.text)).toEqual(["Reminder: stretch"]);
    expect(await roomTexts()).toContain("Reminder: stretch");
  });

  it("a reminder the platform refused is not shown in the room and is sent on the retry", async () => {
    await say("remind me in 10 minutes to stretch");
    let refusals = 1;
    runtime.registerSendHandler("chat", async (_r, target, content) => {
      if (refusals-- > 0) throw new Error("platform returned 500");
      delivered.push({ target, content });
    });
    clock.advance(10 * MINUTE);
    expect((await runDueTasks(runtime)).failed).toBe(1);
    expect(await roomTexts()).not.toContain("Reminder: stretch");
    clock.advance(10 * MINUTE);
    expect((await runDueTasks(runtime)).succeeded).toBe(1);
    expect(delivered.map((d) => d.content.text)).toEqual(["Reminder: stretch"]);
    expect((await roomTexts()).filter((t) => t === "Reminder: stretch")).toHaveLength(1);
  });

  it("cancels only the reminders that match", async () => {
    await say("remind me in 1 hour to water the plants");
    await say("remind me in 2 hours to call Bob");
    expect(await say("cancel the reminder about plants")).toEqual(["Cancelled 1 reminder."]);
    clock.advance(180 * MINUTE);
    await runDueTasks(runtime);
    expect(delivered.map((d) => d.content.text)).toEqual(["Reminder: call Bob"]);
  });

  it("over the REST API: the reminder appears in the room's history when it fires", async () => {
    const app = createApp({ getAgent: async () => runtime, env: () => ({ API_TOKEN: "t" }) });
    const headers = { authorization: "Bearer t", "content-type": "application/json" };
    const sent = await app.request("/api/messages", {
      method: "POST",
      headers,
      body: JSON.stringify({ text: "remind me in 1 minute to check the oven", userId: "web" }),
    });
    expect((await sent.json()).replies[0].text).toContain("1 minute");
    clock.advance(MINUTE);
    await runDueTasks(runtime);
    const history = await (await app.request("/api/rooms/dm:web/messages", { headers })).json();
    expect(history.messages.at(-1)).toMatchObject({
      role: "agent",
      text: "Reminder: check the oven",
    });
  });
});
