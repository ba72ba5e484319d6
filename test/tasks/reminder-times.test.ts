// Reminder times people mean: clock times and days read in the user's time zone (the agent's
// DEFAULT_TIME_ZONE, or the zone the user named), recurring ones as cron schedules in that
// zone, and confirmations that say the resolved local time. The offline model plans the
// actions, so no model is needed; the clock is a fake moved by the test.
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { instantOfWallTime, wallTimeAt } from "../../core/features/reminders/time-zone.ts";
import {
  type AgentRuntime,
  ChannelType,
  type Content,
  createAgent,
  createUniqueUuid,
  messageService,
  parseCharacter,
  parseReminder,
  runDueTasks,
} from "../../core/index.ts";

const MINUTE = 60_000;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
// Thursday 26 November 2026, 15:00 UTC = 16:00 in Berlin (CET, UTC+1).
const THURSDAY_1500_UTC = Date.UTC(2026, 10, 26, 15, 0);

describe("parsing clock times and days", () => {
  const berlin = { now: THURSDAY_1500_UTC, timeZone: "Europe/Berlin" };
  const at = (y: number, mo: number, d: number, h: number, mi: number, zone = "Europe/Berlin") =>
    instantOfWallTime({ year: y, month: mo, day: d, hour: h, minute: mi }, zone);

  it.each([
    ["remind me tomorrow at 9am to call mom", at(2026, 11, 27, 9, 0), "call mom"],
    ["tomorrow at 9am remind me to take pills", at(2026, 11, 27, 9, 0), "take pills"],
    [
      "remind me on Friday at 17:30 to submit the report",
      at(2026, 11, 27, 17, 30),
      "submit the report",
    ],
    [
      "Remind me to water the plants on Monday at 7pm.",
      at(2026, 11, 30, 19, 0),
      "water the plants",
    ],
    ["remind me at 8am to stretch", at(2026, 11, 27, 8, 0), "stretch"],
    ["remind me tomorrow to renew the visa", at(2026, 11, 27, 9, 0), "renew the visa"],
    ["remind me on December 24 at 18:00 to call grandma", at(2026, 12, 24, 18, 0), "call grandma"],
  ])("%s", async (text, expected, what) => {
    expect(await parseReminder(text, berlin)).toEqual({
      kind: "once",
      at: expected,
      delayMs: expected - THURSDAY_1500_UTC,
      what,
    });
  });

  it("reads the same words on another clock in another zone", async () => {
    const tokyo = await parseReminder("remind me tomorrow at 9am to call mom", {
      now: THURSDAY_1500_UTC,
      timeZone: "Asia/Tokyo",
    });
    // 15:00 UTC is already Friday 00:00 in Tokyo: "tomorrow" is Saturday there.
    expect(tokyo).toMatchObject({ at: at(2026, 11, 28, 9, 0, "Asia/Tokyo") });
  });

  it("keeps relative times exact, whatever the zone", async () => {
    expect(await parseReminder("remind me in 2 hours to stretch", berlin)).toEqual({
      kind: "once",
      delayMs: 120 * MINUTE,
      what: "stretch",
    });
  });

  it.each([
    ["every weekday at 8am remind me to take pills", "0 8 * * 1-5", "every weekday", "take pills"],
    ["every day at 8am remind me to take pills", "0 8 * * *", "every day", "take pills"],
    [
      "remind me every Monday at 9:30 to plan the week",
      "30 9 * * 1",
      "every Monday",
      "plan the week",
    ],
    ["remind me daily at 7pm to walk the dog", "0 19 * * *", "every day", "walk the dog"],
    ["remind me on weekends at noon to call dad", "0 12 * * 0,6", "every weekend day", "call dad"],
    ["remind me every friday to send the report", "0 9 * * 5", "every Friday", "send the report"],
  ])("%s → cron %s", async (text, cron, days, what) => {
    expect(await parseReminder(text, berlin)).toMatchObject({ kind: "every", cron, days, what });
  });

  it.each([
    ["my time zone is Europe/Berlin", "Europe/Berlin"],
    ["My timezone is america/new_york", "America/New_York"],
    ["set my time zone to UTC", "UTC"],
    ["my time zone is Mars/Olympus_Mons", null],
  ])("%s", async (text, zone) => {
    expect(await parseReminder(text)).toMatchObject({ kind: "timezone", zone });
  });

  it.each([
    "I have a meeting tomorrow at 9am",
    "remind me to buy a watch",
    "remind me yesterday at 9am to x",
  ])("is not a reminder: %j", async (text) => {
    expect(await parseReminder(text, berlin)).toBeNull();
  });
});

describe("reminders at the local times people mean", () => {
  let now: number;
  let runtime: AgentRuntime;
  let delivered: Content[];

  async function agent(env: Record<string, string>) {
    runtime = await createAgent({
      character: parseCharacter({ name: "Eliza" }),
      storage: createMemoryStorage({ now: () => now }),
      env,
      logger: quiet,
      now: () => now,
    });
    runtime.registerSendHandler("chat", async (_r, _target, content) => {
      delivered.push(content);
    });
  }

  beforeEach(() => {
    now = THURSDAY_1500_UTC;
    delivered = [];
  });

  async function say(text: string, user = "ann"): Promise<string[]> {
    const entityId = createUniqueUuid(runtime, user);
    const roomId = createUniqueUuid(runtime, `${user}-room`);
    const replies: string[] = [];
    await messageService.handleMessage(
      runtime,
      {
        entityId,
        roomId,
        content: { text, source: "chat", channelType: ChannelType.DM },
        metadata: { target: { source: "chat", chatId: 1 } },
      },
      (content) => {
        replies.push(content.text ?? "");
      },
      { connection: { entityId, roomId, source: "chat", type: ChannelType.DM } },
    );
    return replies;
  }

  /** Ticks every minute up to `until`, returning the minutes (ms) at which something was said. */
  async function tickUntil(until: number): Promise<number[]> {
    const fired: number[] = [];
    while (now < until) {
      now += MINUTE;
      const before = delivered.length;
      await runDueTasks(runtime);
      if (delivered.length > before) fired.push(now);
    }
    return fired;
  }

  it("fires 'tomorrow at 9am' at 09:00 in DEFAULT_TIME_ZONE, and says so", async () => {
    await agent({ DEFAULT_TIME_ZONE: "America/New_York" });
    // 15:00 UTC is 10:00 in New York; tomorrow 09:00 there is 14:00 UTC.
    expect(await say("remind me tomorrow at 9am to call mom")).toEqual([
      "OK, I'll remind you tomorrow (Friday 27 November) at 09:00 (America/New_York): call mom.",
    ]);
    const fired = await tickUntil(Date.UTC(2026, 10, 28));
    expect(fired).toEqual([Date.UTC(2026, 10, 27, 14, 0)]);
    expect(wallTimeAt(fired[0]!, "America/New_York")).toMatchObject({ hour: 9, minute: 0 });
    expect(delivered.map((c) => c.text)).toEqual(["Reminder: call mom"]);
  });

  it("remembers a user's own zone and reads their later times in it", async () => {
    await agent({ DEFAULT_TIME_ZONE: "UTC" });
    expect((await say("my time zone is Asia/Kolkata"))[0]).toMatch(
      /^OK, your time zone is Asia\/Kolkata: it is 20:30 \(Asia\/Kolkata\) there now/,
    );
    expect(await say("remind me at 9pm to read")).toEqual([
      "OK, I'll remind you today at 21:00 (Asia/Kolkata): read.",
    ]);
    // Another user still has the agent's default.
    expect(await say("remind me at 9pm to cook", "bob")).toEqual([
      "OK, I'll remind you today at 21:00 (UTC): cook.",
    ]);
    const fired = await tickUntil(Date.UTC(2026, 10, 26, 21, 30));
    expect(fired).toEqual([Date.UTC(2026, 10, 26, 15, 30), Date.UTC(2026, 10, 26, 21, 0)]);
  });

  it("refuses a zone it does not know, and keeps the old one", async () => {
    await agent({});
    expect((await say("my time zone is Europe/Atlantis"))[0]).toContain(
      'I don\'t know the time zone "Europe/Atlantis"',
    );
    expect(await say("remind me at 5pm to stop")).toEqual([
      "OK, I'll remind you today at 17:00 (UTC): stop.",
    ]);
  });

  it("repeats 'every weekday at 8am' at 08:00 local, across a DST change, not on weekends", async () => {
    // Friday 27 March 2026, 12:00 UTC; Berlin moves to summer time on Sunday 29 March.
    now = Date.UTC(2026, 2, 27, 12, 0);
    await agent({ DEFAULT_TIME_ZONE: "Europe/Berlin" });
    expect(await say("every weekday at 8am remind me to take pills")).toEqual([
      'OK, every weekday at 08:00 (Europe/Berlin) I\'ll remind you: take pills. Say "cancel my reminders" to stop.',
    ]);
    const fired = await tickUntil(Date.UTC(2026, 2, 31, 12, 0));
    // Monday 30 March 08:00 CEST = 06:00 UTC; Tuesday the same. Nothing on Saturday or Sunday.
    expect(fired).toEqual([Date.UTC(2026, 2, 30, 6, 0), Date.UTC(2026, 2, 31, 6, 0)]);
  });

  it("says the local time of a relative reminder an hour or more away", async () => {
    await agent({ DEFAULT_TIME_ZONE: "Europe/Berlin" });
    expect(await say("remind me in 3 hours to leave")).toEqual([
      "OK, I'll remind you in 3 hours, today at 19:00 (Europe/Berlin): leave.",
    ]);
    expect(await say("remind me in 10 minutes to stretch")).toEqual([
      "OK, I'll remind you in 10 minutes: stretch.",
    ]);
  });

  it("falls back to UTC, with one warning, when DEFAULT_TIME_ZONE names no zone", async () => {
    const warnings: string[] = [];
    runtime = await createAgent({
      character: parseCharacter({ name: "Eliza" }),
      storage: createMemoryStorage({ now: () => now }),
      env: { DEFAULT_TIME_ZONE: "Berlin" },
      logger: { ...quiet, warn: (m: string) => void warnings.push(m) },
      now: () => now,
    });
    expect(await say("remind me at 5pm to stop")).toEqual([
      "OK, I'll remind you today at 17:00 (UTC): stop.",
    ]);
    await say("remind me at 6pm to go");
    expect(warnings.filter((w) => w.includes("DEFAULT_TIME_ZONE"))).toHaveLength(1);
  });
});
