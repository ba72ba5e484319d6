// What a person sees from the bots beyond the words: "typing…" while the agent works, /start
// and /help answered from the character, the model's Markdown rendered for Telegram without
// ever costing a reply, choices as buttons whose press comes back as a message (once), and
// images from an action shown as photos. In-process app, memory storage, fake Telegram and
// Discord servers that check what the real APIs check.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import type { Plugin } from "../../core/index.ts";
import { parseMarkdownV2, RESERVED } from "../fakes/telegram-markdown.ts";
import { telegramError } from "../fakes/telegram-server.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { type Harness, type HarnessOptions, startHarness } from "./harness.ts";
import {
  askInteraction,
  BOT_USERNAME,
  bob,
  callbackUpdate,
  componentInteraction,
  discordRequest,
  groupChat,
  telegramRequest,
  textUpdate,
} from "./requests.ts";

let h: Harness;
afterEach(async () => {
  vi.useRealTimers();
  await h?.close();
});

const start = (options: Partial<HarnessOptions> = {}) =>
  startHarness({ storage: async (now) => createMemoryStorage({ now }), ...options });

/** A plugin whose action offers choices and shows a picture, as a plugin author writes it. */
const pickerPlugin: Plugin = {
  name: "picker",
  actions: [
    {
      name: "PICK_COLOR",
      description: "Offers colours to choose from",
      validate: async () => true,
      async handler(_runtime, _message, _state, _options, callback) {
        await callback?.({
          text: "Which colour?",
          choices: ["Red", { label: "Blue", value: "blue please" }],
          buttons: [{ kind: "url", text: "Palette", url: "https://colors.example/" }],
          attachments: [
            { id: "swatch", url: "https://colors.example/swatch.png", contentType: "image" },
          ],
          actions: ["PICK_COLOR"],
        });
        return { success: true };
      },
    },
  ],
};

describe("typing while the agent works", () => {
  it("sends 'typing' when a DM turn starts and every 5 s until the reply, then stops", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const model = scriptedModel(async (p) => {
      await gate;
      return `echo: ${p.userText}`;
    });
    h = await start({ model: model.plugin });
    const update = textUpdate("are you thinking?");
    await h.fetch(telegramRequest(update));
    await vi.waitFor(() => expect(h.telegram.calls("sendChatAction")).toHaveLength(1));
    expect(h.telegram.calls("sendChatAction")[0]).toEqual({
      chat_id: update.message?.chat.id,
      action: "typing",
    });
    vi.advanceTimersByTime(5000);
    await vi.waitFor(() => expect(h.telegram.calls("sendChatAction")).toHaveLength(2));
    vi.advanceTimersByTime(5000);
    await vi.waitFor(() => expect(h.telegram.calls("sendChatAction")).toHaveLength(3));
    release();
    await h.settle();
    expect(h.telegram.sent().map((m) => m.shown)).toEqual(["echo: are you thinking?"]);
    vi.advanceTimersByTime(60_000);
    expect(h.telegram.calls("sendChatAction")).toHaveLength(3);
  });

  it("shows nothing for group chatter that does not address the agent", async () => {
    const model = scriptedModel("<response><actions>IGNORE</actions></response>");
    h = await start({ model: model.plugin });
    await h.fetch(telegramRequest(textUpdate("lunch anyone?", { chat: groupChat, from: bob })));
    await h.settle();
    expect(h.telegram.calls("sendChatAction")).toEqual([]);
  });
});

describe("/start and /help", () => {
  const character = { name: "Eliza" };

  it("answers /start from the character, with what it can do, and no model call", async () => {
    const model = scriptedModel("should not be asked");
    h = await start({ model: model.plugin });
    await h.fetch(telegramRequest(commandUpdate("/start")));
    await h.settle();
    const [reply] = h.telegram.sent().map((m) => m.shown);
    expect(reply).toMatch(new RegExp(`^Hi! I'm ${character.name}\\.`));
    expect(reply).toContain("Just write to me");
    expect(reply).toContain('"remind me tomorrow at 9am to call mom"');
    expect(reply).toContain('"my time zone is Europe/Berlin"');
    expect(model.calls).toEqual([]);
  });

  it("answers /help@thisbot in a group, and leaves /help@otherbot to that bot", async () => {
    const model = scriptedModel("<response><actions>IGNORE</actions></response>");
    h = await start({ model: model.plugin });
    await h.fetch(telegramRequest(commandUpdate(`/help@${BOT_USERNAME}`, groupChat)));
    await h.fetch(telegramRequest(commandUpdate("/help@some_other_bot", groupChat)));
    await h.settle();
    const replies = h.telegram.sent();
    expect(replies).toHaveLength(1);
    expect(replies[0]!.shown).toContain("Mention me or reply to one of my messages");
    expect(replies[0]!.shown).not.toContain("Hi! I'm");
  });

  it("answers Discord's /help the same way, through the interaction", async () => {
    const model = scriptedModel("should not be asked");
    h = await start({ model: model.plugin });
    const help = { ...askInteraction(""), data: { id: "1", name: "help", type: 1 } };
    const res = await h.fetch(discordRequest(help));
    expect(await res.json()).toEqual({ type: 5 });
    await h.settle();
    expect(h.discord.messages()).toEqual([
      expect.objectContaining({ kind: "original", content: expect.stringContaining("Reminders") }),
    ]);
    expect(model.calls).toEqual([]);
  });
});

describe("Telegram formatting", () => {
  it("shows every character Telegram reserves exactly as the model wrote it", async () => {
    const prose = `a_b*c[d]e(f)g~h\`i>j#k+l-m=n|o{p}q.r!s\\t and 3.5 + 4 = 7.5!`;
    expect([...RESERVED].every((c) => prose.includes(c))).toBe(true);
    const model = scriptedModel(prose);
    h = await start({ model: model.plugin });
    await h.fetch(telegramRequest(textUpdate("show me symbols")));
    await h.settle();
    const [sent] = h.telegram.sent();
    expect(sent!.parse_mode).toBe("MarkdownV2");
    expect(sent!.shown).toBe(prose);
  });

  it("renders the model's Markdown as Telegram entities", async () => {
    const reply = [
      "# Plan",
      "**Bold** and _italic_ and ~~gone~~ and `x.y()` and [docs](https://e.example/a_b?q=1).",
      "> a quote.",
      "```ts",
      "const a = `t` + '\\\\';",
      "```",
      "- item (one)",
    ].join("\n");
    const model = scriptedModel(reply);
    h = await start({ model: model.plugin });
    await h.fetch(telegramRequest(textUpdate("format it")));
    await h.settle();
    const [sent] = h.telegram.sent();
    const parsed = parseMarkdownV2(sent!.text);
    expect(parsed.entities).toEqual(
      expect.arrayContaining(["bold", "italic", "strikethrough", "code", "text_link", "pre"]),
    );
    expect(sent!.shown).toContain("Bold and italic and gone and x.y() and docs.");
    expect(sent!.shown).toContain("const a = `t` + '\\\\';");
    expect(sent!.shown).toContain("- item (one)");
  });

  it("sends a reply Telegram cannot parse again as plain text, once", async () => {
    const model = scriptedModel("**Hello** there.");
    h = await start({ model: model.plugin });
    h.telegram.enqueue(
      telegramError(400, "Bad Request: can't parse entities: Can't find end of the entity"),
    );
    await h.fetch(telegramRequest(textUpdate("hi")));
    await h.settle();
    const sent = h.telegram.sent();
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty("parse_mode");
    expect(sent[0]!.shown).toBe("**Hello** there.");
  });
});

describe("choices and pictures", () => {
  it("Telegram: inline keyboard and photo; a press comes back as the choice, answered once", async () => {
    const model = scriptedModel((p) => `you said: ${p.userText}`);
    model.large.push("<response><actions>PICK_COLOR</actions></response>");
    h = await start({ model: model.plugin, plugins: [pickerPlugin] });
    await h.fetch(telegramRequest(textUpdate("let me choose a colour")));
    await h.settle();
    const [question] = h.telegram.sent();
    expect(question!.shown).toBe("Which colour?");
    expect(question!.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: "Red", callback_data: "Red" },
          { text: "Blue", callback_data: "blue please" },
        ],
        [{ text: "Palette", url: "https://colors.example/" }],
      ],
    });
    expect(h.telegram.calls("sendPhoto")).toEqual([
      expect.objectContaining({ photo: "https://colors.example/swatch.png" }),
    ]);

    const press = callbackUpdate("blue please");
    const res = await h.fetch(telegramRequest(press));
    // The spinner stops in the webhook's own answer.
    expect(await res.json()).toEqual({
      method: "answerCallbackQuery",
      callback_query_id: press.callback_query?.id,
    });
    await h.fetch(telegramRequest(press));
    await h.settle();
    expect(h.telegram.sent().map((m) => m.shown)).toEqual([
      "Which colour?",
      "you said: blue please",
    ]);
  });

  it("Discord: buttons and an embed; a press comes back as the choice, answered once", async () => {
    const model = scriptedModel((p) => `you said: ${p.userText}`);
    model.large.push("<response><actions>PICK_COLOR</actions></response>");
    h = await start({ model: model.plugin, plugins: [pickerPlugin] });
    await h.fetch(discordRequest(askInteraction("let me choose a colour")));
    await h.settle();
    const [question] = h.discord.messages();
    expect(question!.body).toMatchObject({
      content: "Which colour?",
      allowed_mentions: { parse: [] },
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, label: "Red", custom_id: "Red" },
            { type: 2, style: 1, label: "Blue", custom_id: "blue please" },
            { type: 2, style: 5, label: "Palette", url: "https://colors.example/" },
          ],
        },
      ],
      embeds: [{ image: { url: "https://colors.example/swatch.png" } }],
    });
    const press = componentInteraction("blue please");
    await h.fetch(discordRequest(press));
    await h.fetch(discordRequest(press, { timestamp: "1900000002" }));
    await h.settle();
    expect(h.discord.messages().map((m) => m.content)).toEqual([
      "Which colour?",
      "you said: blue please",
    ]);
  });
});

function commandUpdate(text: string, chat?: typeof groupChat) {
  const update = textUpdate(text, chat ? { chat, from: bob } : {});
  const message = update.message!;
  message.entities = [{ type: "bot_command", offset: 0, length: text.length }];
  return update;
}
