// Discord behaviour that needs a scripted model, a frozen background run or a dead token.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { runDueTasks } from "../../core/index.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { faulty } from "./faulty-storage.ts";
import { type Harness, type HarnessOptions, startHarness } from "./harness.ts";
import { askInteraction, discordRequest } from "./requests.ts";
import { expectNothingStored } from "./scenarios.ts";

const MINUTE = 60_000;
let h: Harness;
afterEach(async () => {
  h.pending.splice(0);
  await h?.close();
});
const start = (options: Partial<HarnessOptions> = {}) =>
  startHarness({ storage: async (now) => createMemoryStorage({ now }), ...options });
const kinds = () => h.discord.messages().map((m) => [m.method, m.kind]);

describe("discord interactions", () => {
  it("completes a long answer: the original holds the first 2000 characters, follow-ups the rest", async () => {
    const long = Array.from({ length: 700 }, (_, i) => `w${i}`).join(" ");
    h = await start({ model: scriptedModel(long).plugin });
    await h.fetch(discordRequest(askInteraction("tell me everything")));
    await h.settle();
    expect(kinds()).toEqual([
      ["PATCH", "original"],
      ["POST", "followup"],
    ]);
    const parts = h.discord.messages().map((m) => m.content ?? "");
    expect(parts.every((p) => p.length <= 2000)).toBe(true);
    expect(parts.join(" ")).toBe(long);
  });

  it("removes the deferred message when the agent decides not to answer", async () => {
    const model = scriptedModel("<response><actions>IGNORE</actions></response>");
    h = await start({ model: model.plugin });
    const interaction = askInteraction("go away");
    await h.fetch(discordRequest(interaction));
    await h.settle();
    expect(kinds()).toEqual([["DELETE", "delete-original"]]);
    expect(h.discord.messages()[0]?.where).toBe(interaction.token);
  });

  it("waits out a short 429 and edits the original once more", async () => {
    h = await start({ model: scriptedModel("hi").plugin });
    h.discord.enqueue({
      status: 429,
      headers: { "retry-after": "1" },
      body: { message: "You are being rate limited.", retry_after: 0.25, global: false },
    });
    await h.fetch(discordRequest(askInteraction("hello")));
    await h.settle();
    expect(kinds()).toEqual([["PATCH", "original"]]);
    expect(h.discord.requests.filter((r) => r.method === "PATCH")).toHaveLength(2);
    expect(h.sleeps).toEqual([250]);
  });

  it("answers in the channel as the bot when a crashed turn is recovered after the token died", async () => {
    const store = faulty(createMemoryStorage());
    h = await start({
      model: scriptedModel("sorry for the wait").plugin,
      storage: async () => store.storage,
    });
    store.freeze = true;
    const interaction = askInteraction("hello?");
    const res = await h.fetch(discordRequest(interaction));
    expect(await res.json()).toEqual({ type: 5 });
    store.freeze = false;
    h.pending.splice(0);
    h.clock.advance(16 * MINUTE);
    expect((await runDueTasks(h.runtime)).succeeded).toBe(1);
    expect(h.discord.messages().map((m) => [m.kind, m.where, m.content])).toEqual([
      ["channel", interaction.channel_id, "sorry for the wait"],
    ]);
    h.clock.advance(60 * MINUTE);
    await runDueTasks(h.runtime);
    expect(h.discord.messages()).toHaveLength(1);
  });

  it("falls back to the channel when Discord says the interaction token is no longer valid", async () => {
    h = await start({ model: scriptedModel("hi").plugin });
    const interaction = askInteraction("hello");
    h.discord.expiredTokens.add(interaction.token);
    await h.fetch(discordRequest(interaction));
    await h.settle();
    expect(h.discord.messages().map((m) => m.kind)).toEqual(["channel"]);
  });

  it("answers a PING even while storage is down, and 503 for a command then", async () => {
    const store = faulty(createMemoryStorage());
    h = await start({ storage: async () => store.storage });
    store.outage = true;
    const pong = await h.fetch(
      discordRequest({ id: "1", application_id: "2", token: "t", type: 1 }),
    );
    expect(await pong.json()).toEqual({ type: 1 });
    const command = await h.fetch(discordRequest(askInteraction("hi")));
    expect(command.status).toBe(503);
  });

  it("answers an empty /ask with a private hint, storing nothing", async () => {
    h = await start();
    const res = await h.fetch(discordRequest(askInteraction("   ")));
    const body = await res.json();
    expect(body).toMatchObject({ type: 4, data: { flags: 64 } });
    await expectNothingStored(h);
  });

  it.each([
    // connectorsFromEnv does not mount Discord at all without a key.
    ["unset", "", 404],
    ["not hex", "z".repeat(64), 401],
    ["too short", "d75a98", 401],
  ])("is closed when DISCORD_PUBLIC_KEY is %s", async (_label, key, status) => {
    h = await start({ env: { DISCORD_PUBLIC_KEY: key } });
    const res = await h.fetch(
      discordRequest({ id: "1", application_id: "2", token: "t", type: 1 }),
    );
    expect(res.status).toBe(status);
  });
});
