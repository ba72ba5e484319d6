// Webhook floods: every update is acknowledged (Telegram redelivers anything else for 24 h),
// the turns over the per-minute limit are dropped before anything is stored or a model runs,
// and the user hears one polite refusal per window instead of silence.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { type Harness, startHarness } from "./harness.ts";
import {
  askInteraction,
  bob,
  discordRequest,
  groupChat,
  telegramRequest,
  textUpdate,
} from "./requests.ts";
import { storedTexts } from "./scenarios.ts";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const start = (env: Record<string, string> = {}) =>
  startHarness({ storage: async (now) => createMemoryStorage({ now }), env });

describe("webhook floods", () => {
  it("Telegram: 300 updates from one user → all 200, 20 turns, one refusal in the chat", async () => {
    h = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      const res = await h.fetch(telegramRequest(textUpdate(`flood message ${i}`)));
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    await h.settle();
    expect(statuses.every((s) => s === 200)).toBe(true);
    const texts = await storedTexts(h);
    expect(texts.filter((t) => t.startsWith("flood message"))).toHaveLength(20);
    const sent = h.telegram.sent().map((m) => m.text);
    const refusals = sent.filter((t) => t.startsWith("Sorry, you have sent more than 20"));
    expect(refusals).toHaveLength(1);
    expect(sent).toHaveLength(21); // 20 answers and the one refusal
    // Nothing of the dropped turns waits in the inbox for a tick either.
    expect(await h.storage.getTasks({})).toHaveLength(0);

    // The next window speaks again.
    h.clock.advance(60_000);
    await (await h.fetch(telegramRequest(textUpdate("back again")))).arrayBuffer();
    await h.settle();
    expect(await storedTexts(h)).toContain("back again");
  });

  it("Telegram group: one member's flood does not silence another", async () => {
    h = await start();
    for (let i = 0; i < 40; i++) {
      await h.fetch(telegramRequest(textUpdate(`spam ${i}`, { chat: groupChat, mention: true })));
    }
    const res = await h.fetch(
      telegramRequest(textUpdate("a real question", { chat: groupChat, mention: true, from: bob })),
    );
    expect(res.status).toBe(200);
    await h.settle();
    const texts = await storedTexts(h);
    expect(texts.some((t) => t.includes("a real question"))).toBe(true);
    expect(texts.filter((t) => t.includes("spam"))).toHaveLength(20);
  });

  it("Telegram group: chatter over the room's limit is dropped quietly; an addressed message hears why", async () => {
    h = await start({ RATE_LIMIT_ROOM_PER_MINUTE: "5", RATE_LIMIT_USER_PER_MINUTE: "0" });
    for (let i = 0; i < 12; i++) {
      await h.fetch(telegramRequest(textUpdate(`chatter ${i}`, { chat: groupChat, from: bob })));
    }
    await h.settle();
    expect(h.telegram.sent()).toEqual([]);
    for (let i = 0; i < 3; i++) {
      await h.fetch(
        telegramRequest(textUpdate(`question ${i}`, { chat: groupChat, mention: true })),
      );
    }
    await h.settle();
    expect(h.telegram.sent().map((m) => m.text)).toEqual([
      expect.stringMatching(/^Sorry, this chat has sent more than 5 messages in a minute/),
    ]);
    expect((await storedTexts(h)).filter((t) => t.includes("chatter"))).toHaveLength(5);
  });

  it("Discord: over the limit, /ask is answered with an ephemeral refusal and no turn", async () => {
    h = await start({ RATE_LIMIT_USER_PER_MINUTE: "3" });
    const answers: { type: number; data?: { content?: string; flags?: number } }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await h.fetch(discordRequest(askInteraction(`question ${i}`)));
      expect(res.status).toBe(200);
      answers.push(await res.json());
    }
    await h.settle();
    expect(answers.map((a) => a.type)).toEqual([5, 5, 5, 4, 4, 4]);
    expect(answers[3]?.data).toMatchObject({
      flags: 64,
      content: expect.stringContaining("more than 3 messages in a minute"),
    });
    const texts = await storedTexts(h);
    expect(texts.filter((t) => t.startsWith("question"))).toHaveLength(3);
  });
});
