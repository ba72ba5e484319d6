// Connector behaviour as a platform sees it, written once against a ConnectorDriver so the
// same scenarios run in-process on every storage backend here, and through each target's real
// entry point (Worker in Miniflare, Lambda handler) in the targets' tests. Model-agnostic: the
// agent may be the offline ELIZA or a scripted model, so replies are counted and routed, not
// read word for word.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { wallTimeAt } from "../../core/features/reminders/time-zone.ts";
import { MemoryTable, type UUID } from "../../core/index.ts";
import pings from "../fixtures/discord/pings.json";
import { RFC8032_TEST1, signEd25519, signInteraction } from "../fixtures/discord/signer.ts";
import type { ConnectorDriver } from "./driver.ts";
import {
  ann,
  askInteraction,
  bob,
  callbackUpdate,
  channelChat,
  componentInteraction,
  discordRequest,
  groupChat,
  ORIGIN,
  TELEGRAM_SECRET,
  telegramRequest,
  textUpdate,
} from "./requests.ts";

const MINUTE = 60_000;

/** Every stored message text in every room the agent is in. */
export async function storedTexts(driver: ConnectorDriver): Promise<string[]> {
  const rooms = await driver.storage.getRoomsForParticipant(driver.agentId as UUID);
  const texts: string[] = [];
  for (const roomId of rooms) {
    const memories = await driver.storage.getMemories({
      tableName: MemoryTable.MESSAGES,
      roomId,
      count: 1000,
    });
    texts.push(...memories.map((m) => m.content.text ?? ""));
  }
  return texts;
}

export async function expectNothingStored(driver: ConnectorDriver): Promise<void> {
  // No conversation's room: the agent is only in its own SELF room, which initialize() makes.
  const rooms = await driver.storage.getRoomsForParticipant(driver.agentId as UUID);
  expect(rooms.filter((roomId) => roomId !== driver.agentId)).toEqual([]);
  expect(await driver.storage.getTasks({})).toEqual([]);
}

async function expectError(response: Response, status: number, code?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.message).toEqual(expect.any(String));
  if (code) expect(body.error.code).toBe(code);
}

export function describeConnectorScenarios(
  name: string,
  create: () => Promise<ConnectorDriver>,
): void {
  describe(`connector scenarios: ${name}`, () => {
    let d: ConnectorDriver;
    beforeEach(async () => {
      d = await create();
    });
    afterEach(async () => {
      await d?.close();
    });
    const post = async (request: Request) => {
      const response = await d.fetch(request);
      return response;
    };

    describe("telegram", () => {
      it("answers a DM conversation in the same chat, each reply threaded to its message", async () => {
        const first = textUpdate("I feel a bit tired today");
        const second = textUpdate("because I slept badly");
        const res1 = await post(telegramRequest(first));
        expect(res1.status).toBe(200);
        await d.settle();
        const res2 = await post(telegramRequest(second));
        expect(res2.status).toBe(200);
        await d.settle();
        const sent = d.telegram.sent();
        expect(sent.map((m) => [m.chat_id, m.reply_parameters?.message_id])).toEqual([
          [ann.id, first.message?.message_id],
          [ann.id, second.message?.message_id],
        ]);
        // "typing…" showed in the chat while each turn ran.
        expect(d.telegram.calls("sendChatAction")).toEqual(
          expect.arrayContaining([{ chat_id: ann.id, action: "typing" }]),
        );
        for (const m of sent) {
          expect(m.shown.trim().length).toBeGreaterThan(0);
          // The model's Markdown, escaped for Telegram: the fake parses it as Telegram does.
          expect(m.parse_mode).toBe("MarkdownV2");
        }
        const texts = await storedTexts(d);
        expect(texts).toEqual(
          expect.arrayContaining(["I feel a bit tired today", "because I slept badly"]),
        );
        expect(texts).toHaveLength(4);
      });

      it("answers a group message that mentions the bot, and one that replies to it", async () => {
        const mention = textUpdate("how are you?", { chat: groupChat, from: bob, mention: true });
        await post(telegramRequest(mention));
        await d.settle();
        const reply = textUpdate("tell me more", { chat: groupChat, from: bob, replyToBot: true });
        await post(telegramRequest(reply));
        await d.settle();
        expect(d.telegram.sent().map((m) => [m.chat_id, m.reply_parameters?.message_id])).toEqual([
          [groupChat.id, mention.message?.message_id],
          [groupChat.id, reply.message?.message_id],
        ]);
      });

      it("stays quiet on group chatter that does not address it, but remembers it", async () => {
        const res = await post(
          telegramRequest(textUpdate("anyone up for lunch?", { chat: groupChat, from: bob })),
        );
        expect(res.status).toBe(200);
        await d.settle();
        expect(d.telegram.sent()).toEqual([]);
        expect(await storedTexts(d)).toEqual(["anyone up for lunch?"]);
      });

      it("stays quiet on an unaddressed channel post", async () => {
        await post(
          telegramRequest(textUpdate("today's news", { chat: channelChat, kind: "channel_post" })),
        );
        await d.settle();
        expect(d.telegram.sent()).toEqual([]);
        expect(await storedTexts(d)).toEqual(["today's news"]);
      });

      it("answers a redelivered update once", async () => {
        const update = textUpdate("hello there");
        const first = await post(telegramRequest(update));
        const again = await post(telegramRequest(update));
        expect([first.status, again.status]).toEqual([200, 200]);
        await d.settle();
        const third = await post(telegramRequest(update));
        expect(third.status).toBe(200);
        await d.settle();
        expect(d.telegram.sent()).toHaveLength(1);
        expect(await storedTexts(d)).toHaveLength(2);
      });

      it.each([
        ["a missing secret", null, 401],
        ["an empty secret", "", 401],
        ["a wrong secret", "not-the-secret", 403],
        ["the secret with a suffix", `${TELEGRAM_SECRET}x`, 403],
        ["a prefix of the secret", TELEGRAM_SECRET.slice(0, -1), 403],
      ])("refuses %s (%#) and stores nothing", async (_label, secret, status) => {
        const res = await post(telegramRequest(textUpdate("let me in"), secret));
        await expectError(res, status);
        await d.settle();
        await expectNothingStored(d);
        expect(d.telegram.requests).toEqual([]);
      });

      it.each([
        ["malformed JSON", '{"update_id": 1, "message": {', 400],
        ["an empty body", "", 400],
        ["a JSON array", "[1,2]", 400],
        ["no update_id", '{"message": {"text": "hi"}}', 400],
        ["a negative update_id", '{"update_id": -5}', 400],
        ["a string update_id", '{"update_id": "7"}', 400],
      ])("refuses %s with a 4xx and stores nothing", async (_label, body, status) => {
        const res = await post(telegramRequest(body));
        await expectError(res, status);
        await expectNothingStored(d);
      });

      it("refuses an oversized body with 413 before reading it as an update", async () => {
        const huge = textUpdate("x".repeat(200 * 1024));
        await expectError(await post(telegramRequest(huge)), 413, "payload_too_large");
        await expectNothingStored(d);
      });

      it("acknowledges and drops update kinds it does not handle, and text-less messages", async () => {
        const kinds = [
          { update_id: 900_001, my_chat_member: { chat: groupChat, date: 1 } },
          { update_id: 900_002, message_reaction: { chat: groupChat, message_id: 3 } },
          { update_id: 900_003 },
          {
            update_id: 900_004,
            message: {
              message_id: 9,
              chat: { id: ann.id, type: "private" },
              from: ann,
              sticker: {},
            },
          },
          { update_id: 900_005, message: "not an object" },
        ];
        for (const update of kinds) {
          const res = await post(telegramRequest(JSON.stringify(update)));
          expect(res.status).toBe(200);
        }
        await d.settle();
        await expectNothingStored(d);
        expect(d.telegram.sent()).toEqual([]);
      });

      it("answers an edited message like a new one", async () => {
        await post(telegramRequest(textUpdate("I am hapy", { kind: "edited_message" })));
        await d.settle();
        expect(d.telegram.sent().map((m) => m.chat_id)).toEqual([ann.id]);
      });

      it("answers a button press, stopping its spinner in the webhook response", async () => {
        const update = callbackUpdate("tell me a story");
        const res = await post(telegramRequest(update));
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          method: "answerCallbackQuery",
          callback_query_id: update.callback_query?.id,
        });
        await d.settle();
        expect(d.telegram.sent().map((m) => m.chat_id)).toEqual([ann.id]);
      });

      it("honours a 429 from sendMessage by waiting retry_after and sending once more", async () => {
        d.telegram.enqueue({
          status: 429,
          body: {
            ok: false,
            error_code: 429,
            description: "Too Many Requests: retry after 3",
            parameters: { retry_after: 3 },
          },
        });
        await post(telegramRequest(textUpdate("hello")));
        await d.settle();
        expect(d.telegram.sent()).toHaveLength(1);
        const sends = d.telegram.requests.filter((r) => r.path.endsWith("/sendMessage"));
        expect(sends).toHaveLength(2);
        expect(sends[1]?.rawBody).toBe(sends[0]?.rawBody);
        if (d.sleeps) expect(d.sleeps).toContain(3000);
      });

      it("sends once more after a 500 from sendMessage", async () => {
        d.telegram.enqueue({
          status: 500,
          body: { ok: false, error_code: 500, description: "Internal Server Error" },
        });
        await post(telegramRequest(textUpdate("hello")));
        await d.settle();
        expect(d.telegram.sent()).toHaveLength(1);
      });

      it("retries a reply Telegram kept refusing on a later tick, and sends it once", async () => {
        if (!d.advance || !d.tick) return;
        const err = {
          status: 500,
          body: { ok: false, error_code: 500, description: "Internal Server Error" },
        };
        d.telegram.enqueue(err, err);
        const update = textUpdate("hello");
        await post(telegramRequest(update));
        await d.settle();
        expect(d.telegram.sent()).toEqual([]);
        d.advance(MINUTE);
        await d.tick();
        expect(d.telegram.sent().map((m) => m.reply_parameters?.message_id)).toEqual([
          update.message?.message_id,
        ]);
        d.advance(60 * MINUTE);
        await d.tick();
        expect(d.telegram.sent()).toHaveLength(1);
        expect(await storedTexts(d)).toHaveLength(2);
      });

      it("delivers a reminder set in a chat to the same chat when a tick finds it due", async () => {
        if (!d.advance || !d.tick) return;
        const update = textUpdate("remind me in 10 minutes to stretch", {
          chat: groupChat,
          mention: true,
        });
        await post(telegramRequest(update));
        await d.settle();
        expect(d.telegram.sent()).toHaveLength(1);
        expect(d.telegram.sent()[0]?.text).toMatch(/10 minutes/);
        d.advance(9 * MINUTE);
        await d.tick();
        expect(d.telegram.sent()).toHaveLength(1);
        d.advance(MINUTE);
        await d.tick();
        const reminder = d.telegram.sent()[1];
        expect(reminder).toMatchObject({ chat_id: groupChat.id });
        expect(reminder?.text).toMatch(/stretch/);
        d.advance(60 * MINUTE);
        await d.tick();
        expect(d.telegram.sent()).toHaveLength(2);
      });

      it("fires 'tomorrow at 9am' at 09:00 in the user's own time zone", async () => {
        if (!d.advance || !d.tick) return;
        await post(telegramRequest(textUpdate("my time zone is Asia/Tokyo")));
        await d.settle();
        expect(d.telegram.sent()[0]?.shown).toMatch(/^OK, your time zone is Asia\/Tokyo/);
        await post(telegramRequest(textUpdate("remind me tomorrow at 9am to call mom")));
        await d.settle();
        expect(d.telegram.sent()[1]?.shown).toMatch(
          /^OK, I'll remind you tomorrow \(\w+ \d+ \w+\) at 09:00 \(Asia\/Tokyo\): call mom\.$/,
        );
        const [task] = await d.storage.getTasks({ tags: ["reminder"] });
        const due = task!.dueAt!;
        expect(wallTimeAt(due, "Asia/Tokyo")).toMatchObject({ hour: 9, minute: 0 });
        d.advance(due - task!.createdAt! - MINUTE);
        await d.tick();
        expect(d.telegram.sent()).toHaveLength(2);
        d.advance(MINUTE);
        await d.tick();
        expect(d.telegram.sent()[2]?.shown).toBe("Reminder: call mom");
      });

      it("answers /start from the character, and a photo it cannot see with one sentence", async () => {
        const start = textUpdate("/start");
        start.message!.entities = [{ type: "bot_command", offset: 0, length: 6 }];
        await post(telegramRequest(start));
        await d.settle();
        const photo = textUpdate("x");
        const message = photo.message as unknown as Record<string, unknown>;
        delete message.text;
        message.photo = [{ file_id: "no-model-reads-this", file_size: 1000 }];
        await post(telegramRequest(photo));
        await d.settle();
        const [hello, sorry] = d.telegram.sent().map((m) => m.shown);
        expect(hello).toMatch(/^Hi! I'm \S+/);
        expect(hello).toContain("remind me tomorrow at 9am");
        expect(sorry).toBe(
          "Sorry, I can only read text here, so I couldn't take in a photo. Could you tell me in words?",
        );
        expect(d.telegram.calls("getFile")).toEqual([]);
      });
    });

    describe("discord", () => {
      it("signs with the RFC 8032 TEST 1 key (the empty-message vector holds)", () => {
        expect(signEd25519("")).toBe(RFC8032_TEST1.emptyMessageSignature);
      });

      it("answers a PING (committed fixture) with a PONG", async () => {
        const res = await post(
          new Request(`${ORIGIN}/webhooks/discord`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-signature-ed25519": pings.ping.signature,
              "x-signature-timestamp": pings.ping.timestamp,
            },
            body: pings.ping.body,
          }),
        );
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({ type: 1 });
      });

      const ping = pings.ping;
      const flip = (s: string, at: number) =>
        s.slice(0, at) + (s[at] === "1" ? "2" : "1") + s.slice(at + 1);
      const tampered: [string, Record<string, string | undefined>, string][] = [
        ["a flipped body byte", {}, ping.body.replace('"type":1', '"type":2')],
        [
          "a flipped timestamp digit",
          { "x-signature-timestamp": flip(ping.timestamp, 9) },
          ping.body,
        ],
        [
          "a non-hex signature",
          { "x-signature-ed25519": `zz${ping.signature.slice(2)}` },
          ping.body,
        ],
        ["a short signature", { "x-signature-ed25519": ping.signature.slice(0, 126) }, ping.body],
        ["a long signature", { "x-signature-ed25519": `${ping.signature}00` }, ping.body],
        ["a flipped signature bit", { "x-signature-ed25519": flip(ping.signature, 5) }, ping.body],
        [
          "another message's signature",
          { "x-signature-ed25519": RFC8032_TEST1.emptyMessageSignature },
          ping.body,
        ],
        ["no signature header", { "x-signature-ed25519": undefined }, ping.body],
        ["no timestamp header", { "x-signature-timestamp": undefined }, ping.body],
        ["an empty signature", { "x-signature-ed25519": "" }, ping.body],
      ];
      it.each(tampered)("refuses %s with 401 and stores nothing", async (_label, headers, body) => {
        const all: Record<string, string | undefined> = {
          "content-type": "application/json",
          "x-signature-ed25519": ping.signature,
          "x-signature-timestamp": ping.timestamp,
          ...headers,
        };
        const res = await post(
          new Request(`${ORIGIN}/webhooks/discord`, {
            method: "POST",
            headers: Object.fromEntries(
              Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined),
            ),
            body,
          }),
        );
        await expectError(res, 401, "unauthorized");
        await expectNothingStored(d);
      });

      it("refuses a signed /ask whose body was changed after signing", async () => {
        const signed = signInteraction(askInteraction("hello"));
        const res = await post(
          new Request(`${ORIGIN}/webhooks/discord`, {
            method: "POST",
            headers: {
              "x-signature-ed25519": signed.signature,
              "x-signature-timestamp": signed.timestamp,
            },
            body: signed.body.replace("hello", "hellp"),
          }),
        );
        await expectError(res, 401);
        await expectNothingStored(d);
        expect(d.discord.requests).toEqual([]);
      });

      it("defers a slash command at once and completes it by editing the original", async () => {
        const interaction = askInteraction("I feel a bit tired today");
        const res = await post(discordRequest(interaction));
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ type: 5 });
        await d.settle();
        const messages = d.discord.messages();
        expect(messages.map((m) => [m.method, m.kind, m.where])).toEqual([
          ["PATCH", "original", interaction.token],
        ]);
        expect(messages[0]?.content?.trim().length).toBeGreaterThan(0);
        expect(messages[0]?.body.allowed_mentions).toEqual({ parse: [] });
        const patch = d.discord.requests[0];
        expect(patch?.path).toBe(
          `/api/v10/webhooks/${interaction.application_id}/${interaction.token}/messages/@original`,
        );
        expect(await storedTexts(d)).toContain("I feel a bit tired today");
      });

      it("answers a redelivered interaction once", async () => {
        const interaction = askInteraction("hello");
        const a = await post(discordRequest(interaction));
        const b = await post(discordRequest(interaction, { timestamp: "1900000001" }));
        expect([a.status, b.status]).toEqual([200, 200]);
        await d.settle();
        expect(d.discord.messages()).toHaveLength(1);
      });

      it("answers a press of a button it offered as a message with the button's value, once", async () => {
        const press = componentInteraction("tell me more");
        const res = await post(discordRequest(press));
        expect(await res.json()).toEqual({ type: 5 });
        const again = await post(discordRequest(press, { timestamp: "1900000001" }));
        expect(await again.json()).toEqual({ type: 5 });
        await d.settle();
        expect(d.discord.messages().map((m) => [m.kind, m.where])).toEqual([
          ["original", press.token],
        ]);
        expect(await storedTexts(d)).toContain("tell me more");
      });

      it("acknowledges a select menu without a message (type 6)", async () => {
        const res = await post(discordRequest(componentInteraction("a", 3)));
        expect(await res.json()).toEqual({ type: 6 });
        await d.settle();
        await expectNothingStored(d);
      });

      it.each([
        ["malformed JSON", '{"type": 2, "id": '],
        ["not an interaction", '{"hello": "world"}'],
        ["an unknown interaction type", '{"id":"1","type":99,"token":"t","application_id":"2"}'],
      ])("refuses a signed body with %s with a 400", async (_label, body) => {
        await expectError(await post(discordRequest(body)), 400);
        await expectNothingStored(d);
      });

      it("refuses an oversized body with 413", async () => {
        const res = await post(discordRequest(askInteraction("x".repeat(200 * 1024))));
        await expectError(res, 413, "payload_too_large");
        await expectNothingStored(d);
      });

      it("posts a reminder set with /ask to the channel as the bot when a tick finds it due", async () => {
        if (!d.advance || !d.tick) return;
        const interaction = askInteraction("remind me in 10 minutes to stretch");
        await post(discordRequest(interaction));
        await d.settle();
        expect(d.discord.messages().map((m) => m.kind)).toEqual(["original"]);
        d.advance(10 * MINUTE);
        await d.tick();
        const reminder = d.discord.messages()[1];
        expect(reminder).toMatchObject({ kind: "channel", where: interaction.channel_id });
        expect(reminder?.content).toMatch(/stretch/);
        const request = d.discord.requests.at(-1);
        expect(request?.headers.authorization).toBe(`Bot ${d.discord.botToken}`);
        expect(request?.path).toBe(`/api/v10/channels/${interaction.channel_id}/messages`);
      });
    });
  });
}
