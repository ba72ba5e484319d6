import { describe, expect, it, vi } from "vitest";
import type { AgentRuntime } from "../../../core/agent/agent-runtime.ts";
import {
  createElizaEngine,
  createElizaPlugin,
  ELIZA_GREETING,
} from "../../../core/features/eliza/index.ts";
import { type GenerateTextParams, ModelType } from "../../../core/kernel/models/types.ts";
import type { UUID } from "../../../core/kernel/types/domain.ts";

const NONE_REPLIES = [
  "I am not sure I understand you fully.",
  "Please go on.",
  "What does that suggest to you?",
  "Do you feel strongly about discussing such things?",
];

function fakeRuntime() {
  const warn = vi.fn();
  const logger = { debug: vi.fn(), info: vi.fn(), warn, error: vi.fn() };
  return { runtime: { logger } as unknown as AgentRuntime, warn };
}

describe("ELIZA: the 1966 CACM sample conversation", () => {
  it("replies as the DOCTOR script did, line by line", () => {
    const eliza = createElizaEngine();
    const conversation: Array<[string, string]> = [
      ["Men are all alike.", "In what way?"],
      [
        "They're always bugging us about something or other.",
        "Can you think of a specific example?",
      ],
      ["Well, my boyfriend made me come here.", "Your boyfriend made you come here?"],
      ["He says I'm depressed much of the time.", "I am sorry to hear you are depressed."],
      ["It's true. I am unhappy.", "Do you think coming here will help you not to be unhappy?"],
      [
        "I need some help, that much seems certain.",
        "What would it mean to you if you got some help?",
      ],
      ["Perhaps I could learn to get along with my mother.", "Tell me more about your family."],
      ["My mother takes care of me.", "Who else in your family takes care of you?"],
      ["My father.", "Your father?"],
      ["You are like my father in some ways.", "What resemblance do you see?"],
      [
        "You are not very aggressive but I think you don't want me to notice that.",
        "What makes you think I am not very aggressive?",
      ],
      ["You don't argue with me.", "Why do you think I don't argue with you?"],
      ["You are afraid of me.", "Does it please you to believe I am afraid of you?"],
      [
        "My father is afraid of everybody.",
        "What else comes to mind when you think of your father?",
      ],
    ];
    for (const [input, expected] of conversation) {
      expect(eliza.respond(input, "paper"), input).toBe(expected);
    }
    // The paper's last line is a MEMORY reply about the boyfriend; which of the four MEMORY
    // forms is used was chosen by a hash in 1966 and cyclically here.
    expect(eliza.respond("Bullies.", "paper")).toMatch(/your boyfriend made you come here/);
  });

  it("exports the classic greeting", () => {
    expect(ELIZA_GREETING).toBe("How do you do. Please tell me your problem.");
  });
});

describe("ELIZA: keywords and rules", () => {
  it("reflects the user's words: I'm → you are, me → you", () => {
    const eliza = createElizaEngine();
    expect(eliza.respond("He says I'm depressed much of the time.")).toBe(
      "I am sorry to hear you are depressed.",
    );
    expect(eliza.respond("You're mean")).toBe("What makes you think I am mean?");
    expect(eliza.respond("im tired")).toBe("Is it because you are tired that you came to me?");
    expect(eliza.respond("I want you to listen to me")).toBe(
      "What would it mean to you if you got me to listen to you?",
    );
  });

  it("uses the family rule for 'my mother takes care of me'", () => {
    expect(createElizaEngine().respond("my mother takes care of me")).toBe(
      "Tell me more about your family.",
    );
  });

  it("uses the desire rule for 'I need some help', echoing 'some help' back", () => {
    const eliza = createElizaEngine();
    expect(eliza.respond("I need some help")).toBe(
      "What would it mean to you if you got some help?",
    );
    expect(eliza.respond("I need some help")).toBe("Why do you want some help?");
  });

  it("answers 'I feel sad' from the feelings rule, not the generic fallback", () => {
    const eliza = createElizaEngine();
    const first = eliza.respond("I feel sad");
    expect(NONE_REPLIES).not.toContain(first);
    expect(first).toBe("Tell me more about such feelings.");
    expect(eliza.respond("I feel sad")).toBe("Do you often feel sad?");
  });

  it("lets a higher-ranked keyword win over earlier lower-ranked ones", () => {
    const eliza = createElizaEngine();
    // "i" (0) and "my" (2) come first; "computer" (50) still wins.
    expect(eliza.respond("I think my computer hates me")).toBe("Do computers worry you?");
    // "are" (0) comes first; "alike" (10) wins.
    expect(eliza.respond("Men are all alike")).toBe("In what way?");
    // "name" (15) beats "my" (2).
    expect(eliza.respond("My name is Joseph")).toBe("I am not interested in names.");
  });

  it("keeps input order between keywords of equal rank", () => {
    const eliza = createElizaEngine();
    // "my" and "everybody" both rank 2: the first one found is used.
    expect(eliza.respond("My boss hates everybody")).toBe("Your boss hates everybody?");
    expect(eliza.respond("Everybody hates my boss")).toBe("Really, everybody?");
  });

  it("cycles through a rule's reassemblies in order and wraps around", () => {
    const eliza = createElizaEngine();
    const first = eliza.respond("My name is Bob");
    const second = eliza.respond("My name is Bob");
    const third = eliza.respond("My name is Bob");
    expect(first).toBe("I am not interested in names.");
    expect(second).not.toBe(first);
    expect(third).toBe(first);
  });

  it("follows '=' redirects to another keyword's rules", () => {
    const eliza = createElizaEngine();
    expect(eliza.respond("I dreamed about flying")).toBe("Really, about flying?");
    expect(eliza.respond("How do you do that?")).toBe("Why do you ask?");
    expect(eliza.respond("When will it end?")).toBe("Does that question interest you?");
    expect(eliza.respond("Sprechen Sie Deutsch")).toBe("I am sorry, I speak only English.");
  });

  it("moves on to the next keyword on NEWKEY", () => {
    // "like" (rank 10) only applies to comparisons; here it gives way to "I".
    expect(createElizaEngine().respond("I like cheese")).toBe("You say you like cheese.");
  });

  it("answers only the first clause that holds a keyword", () => {
    const eliza = createElizaEngine();
    // The keyword-free "Well" clause is dropped; everything after "but" is ignored.
    expect(eliza.respond("Well, my car broke down but I think you hate me")).toBe(
      "Your car broke down?",
    );
    expect(eliza.respond("Nice weather. I am tired, and you are mean")).toBe(
      "Is it because you are tired that you came to me?",
    );
  });

  it("turns all-capital input (the 1966 way) into lower case, keeps ordinary case", () => {
    const eliza = createElizaEngine();
    expect(eliza.respond("MY DOG BIT ME")).toBe("Your dog bit you?");
    expect(eliza.respond("My friend Alice moved to Paris")).toBe(
      "Why do you say your friend Alice moved to Paris?",
    );
  });
});

describe("ELIZA: memory", () => {
  it("brings back what was said about 'my ...' when later input has no keyword", () => {
    const eliza = createElizaEngine();
    expect(eliza.respond("My dog died")).toBe("Your dog died?");
    const recalled = eliza.respond("Bullies.");
    expect(NONE_REPLIES).not.toContain(recalled);
    expect(recalled.toLowerCase()).toContain("your dog died");
    // The memory is used once; afterwards the NONE replies take over.
    expect(eliza.respond("Bullies.")).toBe(NONE_REPLIES[0]);
  });

  it("recalls memories oldest first", () => {
    const eliza = createElizaEngine();
    eliza.respond("My dog died");
    eliza.respond("My car was stolen");
    expect(eliza.respond("Hmm.")).toContain("your dog died");
    expect(eliza.respond("Hmm.")).toContain("your car was stolen");
  });

  it("does not share memory or cursors between conversations", () => {
    const eliza = createElizaEngine();
    eliza.respond("My dog died", "room-a");
    expect(eliza.respond("Bullies.", "room-b")).toBe(NONE_REPLIES[0]);
    expect(eliza.respond("Bullies.", "room-a")).toContain("your dog died");
    expect(eliza.respond("I need some help", "room-c")).toBe(
      "What would it mean to you if you got some help?",
    );
    expect(eliza.respond("I need some help", "room-d")).toBe(
      "What would it mean to you if you got some help?",
    );
  });

  it("does not share state between engines", () => {
    const one = createElizaEngine();
    const two = createElizaEngine();
    one.respond("My dog died", "room");
    expect(two.respond("Bullies.", "room")).toBe(NONE_REPLIES[0]);
  });

  it("cycles the NONE replies when there is nothing to remember", () => {
    const eliza = createElizaEngine();
    const replies = NONE_REPLIES.map(() => eliza.respond("Hmm."));
    expect(replies).toEqual(NONE_REPLIES);
    expect(eliza.respond("Hmm.")).toBe(NONE_REPLIES[0]);
  });
});

describe("ELIZA: bounded conversation state", () => {
  it("keeps the 500 most recent conversations and forgets the oldest beyond that", () => {
    const kept = createElizaEngine();
    kept.respond("My dog died", "oldest");
    for (let i = 0; i < 499; i++) kept.respond("Hmm.", `other-${i}`);
    expect(kept.respond("Bullies.", "oldest")).toContain("your dog died");

    const dropped = createElizaEngine();
    dropped.respond("My dog died", "oldest");
    for (let i = 0; i < 500; i++) dropped.respond("Hmm.", `other-${i}`);
    expect(dropped.respond("Bullies.", "oldest")).toBe(NONE_REPLIES[0]);
  });

  it("evicts the least recently used conversation, not the first created", () => {
    const eliza = createElizaEngine({ maxConversations: 2 });
    eliza.respond("My dog died", "a");
    eliza.respond("My cat ran away", "b");
    eliza.respond("I need some help", "a"); // "a" is now the most recently used
    eliza.respond("Hmm.", "c"); // evicts "b"
    expect(eliza.respond("Bullies.", "a")).toContain("your dog died");
    expect(eliza.respond("Bullies.", "b")).toBe(NONE_REPLIES[0]);
  });
});

describe("ELIZA: hostile input", () => {
  const hostile: Array<[string, string]> = [
    ["empty", ""],
    ["whitespace", " \t\n\r  "],
    ["only punctuation", "...,,,!!!???"],
    ["10,000 characters", "a".repeat(10_000)],
    ["10,000 characters of words", "my dog and I ".repeat(770)],
    ["a keyword repeated", "my ".repeat(3_000)],
    ["long clause with many wildcard keywords", `${"you i ".repeat(1_500)}feel`],
    ["regex metacharacters", ".*+?^$ {}()|[]\\/ (a+)+$ \\1 $& $1 $$"],
    ["replacement patterns", "I saw $1 and $& and $<name>"],
    ["object prototype words", "constructor __proto__ toString hasOwnProperty valueOf"],
    ["unicode", "Ich bin traurig. Je suis très fatigué. 我很难过。 Я грущу"],
    ["emoji", "😀🔥👍🏽 my 🐶 died 😭"],
    ["combining marks and zero-width", "my dog\u0301 di\u200bed \u202e"],
    ["lone surrogates", "\ud800 I feel \udfff"],
    ["control characters", "\u0000\u0001 my \u0007 life \u001b[31m"],
    ["apostrophes only", "'''' ' ` ’’"],
    ["html", "<script>alert('I am evil')</script>"],
    ["newlines", "my dog\n\n\nI am sad\n"],
  ];

  for (const [name, input] of hostile) {
    it(`answers ${name} with clean prose`, () => {
      const eliza = createElizaEngine();
      for (let turn = 0; turn < 3; turn++) {
        const reply = eliza.respond(input);
        expect(reply.length).toBeGreaterThan(0);
        expect(reply).toBe(reply.trim());
        expect(reply).not.toMatch(/\s{2}/);
        expect(reply).toMatch(/^\P{Ll}/u);
      }
    });
  }

  it("does not echo unbounded amounts of text", () => {
    const reply = createElizaEngine().respond(`My ${"very ".repeat(5_000)}long story`);
    expect(reply.length).toBeLessThan(2_000);
  });

  it("survives values that are not strings", () => {
    const eliza = createElizaEngine();
    for (const value of [undefined, null, 42, {}, []]) {
      expect(eliza.respond(value as unknown as string, value as unknown as string)).toMatch(/\S/);
    }
  });
});

describe("createElizaPlugin", () => {
  const room = "5b3c1e6a-2f4d-4a8b-9c1d-7e6f5a4b3c2d" as UUID;

  it("registers as the lowest-priority text model", () => {
    const plugin = createElizaPlugin();
    expect(plugin.name).toBe("eliza-offline");
    expect(plugin.priority).toBe(-1000);
    expect(Object.keys(plugin.models ?? {}).sort()).toEqual(
      [ModelType.TEXT_LARGE, ModelType.TEXT_SMALL].sort(),
    );
  });

  function handler(plugin: ReturnType<typeof createElizaPlugin>, type: string) {
    const model = plugin.models?.[type];
    if (!model) throw new Error(`no ${type} handler`);
    return model as unknown as (
      runtime: AgentRuntime,
      params: GenerateTextParams,
    ) => Promise<unknown>;
  }

  it("answers from userText and ignores the prompt", async () => {
    const { runtime } = fakeRuntime();
    const generate = handler(createElizaPlugin(), ModelType.TEXT_SMALL);
    const reply = await generate(runtime, {
      prompt: "You are a helpful agent.\nUser: I need some help",
      userText: "Men are all alike.",
      roomId: room,
    });
    expect(reply).toBe("In what way?");
  });

  it("falls back to the last non-empty line of the prompt", async () => {
    const { runtime } = fakeRuntime();
    const generate = handler(createElizaPlugin(), ModelType.TEXT_LARGE);
    const reply = await generate(runtime, {
      prompt: "# Conversation\nAgent: hello\nI need some help\n\n   \n",
    });
    expect(reply).toBe("What would it mean to you if you got some help?");
  });

  it("keeps memory per roomId, shared by both model sizes", async () => {
    const { runtime } = fakeRuntime();
    const plugin = createElizaPlugin();
    const small = handler(plugin, ModelType.TEXT_SMALL);
    const large = handler(plugin, ModelType.TEXT_LARGE);
    const other = "0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5" as UUID;
    await small(runtime, { prompt: "", userText: "My dog died", roomId: room });
    expect(await large(runtime, { prompt: "", userText: "Hmm.", roomId: other })).toBe(
      NONE_REPLIES[0],
    );
    expect(await large(runtime, { prompt: "", userText: "Hmm.", roomId: room })).toContain(
      "your dog died",
    );
  });

  it("answers even with no usable text", async () => {
    const { runtime } = fakeRuntime();
    const generate = handler(createElizaPlugin(), ModelType.TEXT_SMALL);
    expect(await generate(runtime, { prompt: "" })).toMatch(/\S/);
    expect(await generate(runtime, {} as GenerateTextParams)).toMatch(/\S/);
  });
});
