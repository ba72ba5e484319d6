// Abuse limits on reminders: a per-user and a per-room cap on open reminders, a minimum
// repeat interval, each refused in chat by name; and ownership: in a group, "cancel all
// reminders" cancels the speaker's own, never another member's.
import { beforeEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  ChannelType,
  createAgent,
  createUniqueUuid,
  messageService,
  parseCharacter,
  runDueTasks,
} from "../../core/index.ts";
import { FakeClock } from "../storage/fixtures.ts";

const MINUTE = 60_000;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let clock: FakeClock;
let runtime: AgentRuntime;
let delivered: string[];

async function agent(env: Record<string, string> = {}) {
  clock = new FakeClock();
  runtime = await createAgent({
    character: parseCharacter({ name: "Eliza" }),
    storage: createMemoryStorage({ now: clock.now }),
    env,
    logger: quiet,
    now: clock.now,
  });
  delivered = [];
  runtime.registerSendHandler("chat", async (_r, _target, content) => {
    delivered.push(content.text ?? "");
  });
}

beforeEach(() => agent());

async function say(
  text: string,
  who = "ann",
  room = `${who}-dm`,
  type: ChannelType = ChannelType.DM,
): Promise<string[]> {
  const entityId = createUniqueUuid(runtime, who);
  const roomId = createUniqueUuid(runtime, room);
  const replies: string[] = [];
  await messageService.handleMessage(
    runtime,
    {
      entityId,
      roomId,
      // In a group the agent answers when mentioned, as connectors mark it.
      content: { text, source: "chat", channelType: type, mentionsAgent: true },
      metadata: { target: { source: "chat", chatId: room } },
    },
    (content) => {
      replies.push(content.text ?? "");
    },
    { connection: { entityId, roomId, source: "chat", type } },
  );
  return replies;
}

const reminders = (who?: string) =>
  runtime.storage.getTasks({
    tags: ["reminder"],
    ...(who ? { entityId: createUniqueUuid(runtime, who) } : {}),
  });

describe("reminder caps", () => {
  it("300 one-shot reminders from one user: 20 are set, the rest refused naming the limit", async () => {
    const replies: string[] = [];
    for (let i = 0; i < 300; i++)
      replies.push(...(await say(`remind me in ${i + 1} minutes to drink`)));
    expect(replies.filter((r) => r.startsWith("OK, I'll remind you"))).toHaveLength(20);
    const refusals = replies.filter((r) => r.includes("REMINDERS_MAX_PER_USER = 20"));
    expect(refusals).toHaveLength(280);
    expect(refusals[0]).toMatch(/^Sorry, you already have 20 open reminders/);
    expect(await reminders()).toHaveLength(20);
  });

  it("caps a room across its members, and frees a slot when one fires", async () => {
    await agent({ REMINDERS_MAX_PER_ROOM: "3", REMINDERS_MAX_PER_USER: "0" });
    const group = (who: string, text: string) => say(text, who, "club", ChannelType.GROUP);
    await group("ann", "remind me in 1 hour to stretch");
    await group("bob", "remind me in 2 hours to stretch");
    await group("cat", "remind me in 3 hours to stretch");
    expect(await group("dan", "remind me in 4 hours to stretch")).toEqual([
      expect.stringContaining("this chat already has 3 open reminders"),
    ]);
    expect(await reminders()).toHaveLength(3);
    clock.advance(60 * MINUTE);
    await runDueTasks(runtime);
    expect((await group("dan", "remind me in 4 hours to stretch"))[0]).toMatch(/^OK, I'll remind/);
  });

  it('refuses "every 1 minute" by name and keeps no task; 15 minutes is the default minimum', async () => {
    expect(await say("remind me every 1 minute to drink water")).toEqual([
      expect.stringMatching(/at most every 15 minutes \(REMINDERS_MIN_INTERVAL_MINUTES\)/),
    ]);
    expect(await say("remind me every 5 seconds to spam")).toEqual([
      expect.stringContaining("REMINDERS_MIN_INTERVAL_MINUTES"),
    ]);
    expect(await reminders()).toHaveLength(0);
    expect((await say("every 15 minutes remind me to stretch"))[0]).toMatch(
      /^OK, every 15 minutes/,
    );
    expect(await reminders()).toHaveLength(1);
  });

  it("takes a lower minimum from the setting, never below one minute", async () => {
    await agent({ REMINDERS_MIN_INTERVAL_MINUTES: "0" });
    expect((await say("every 1 minute remind me to breathe"))[0]).toMatch(/^OK, every minute/);
    expect(await say("every 30 seconds remind me to breathe")).toEqual([
      expect.stringContaining("at most every 1 minute"),
    ]);
  });
});

describe("reminder ownership", () => {
  it("in a group, \"cancel all reminders\" cancels the speaker's own and leaves the others'", async () => {
    const group = (who: string, text: string) => say(text, who, "club", ChannelType.GROUP);
    await group("ann", "remind me in 1 hour to water the plants");
    await group("ann", "every 2 hours remind me to stand up");
    await group("bob", "remind me in 1 hour to call mom");

    expect(await group("bob", "cancel all reminders")).toEqual(["Cancelled 1 reminder."]);
    expect(await reminders("ann")).toHaveLength(2);
    expect(await reminders("bob")).toHaveLength(0);
    expect(await group("bob", "cancel the reminder about plants")).toEqual([
      "You have no reminders here to cancel; the others belong to whoever set them.",
    ]);
    expect(await reminders("ann")).toHaveLength(2);

    clock.advance(60 * MINUTE);
    await runDueTasks(runtime);
    expect(delivered).toEqual(["Reminder: water the plants"]);
    expect(await group("ann", "cancel all reminders")).toEqual(["Cancelled 1 reminder."]);
    expect(await reminders()).toHaveLength(0);
  });

  it("in a DM, cancelling is unchanged: every reminder of the room", async () => {
    await say("remind me in 1 hour to stretch");
    await say("every 2 hours remind me to stand up");
    expect(await say("cancel my reminders")).toEqual(["Cancelled 2 reminders."]);
  });
});
