import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  ChannelType,
  type Content,
  createAgent,
  EventType,
  type Memory,
  MemoryTable,
  type Plugin,
  parseCharacter,
  stringToUuid,
  type UUID,
} from "../../core/index.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const character = parseCharacter({
  name: "Ada",
  bio: ["Ada helps with code."],
  messageExamples: [],
});
const userId = stringToUuid("user-1");

async function setup(plugins: Plugin[] = []) {
  const model = scriptedModel();
  const storage = createMemoryStorage();
  const runtime = await createAgent({
    character,
    storage,
    plugins: [model.plugin, ...plugins],
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
  return { model, storage, runtime };
}

function send(
  runtime: AgentRuntime,
  text: string,
  options: { room?: string; channelType?: ChannelType; content?: Partial<Content> } = {},
) {
  const roomId = stringToUuid(options.room ?? "room-1");
  const channelType = options.channelType ?? ChannelType.DM;
  const replies: Content[] = [];
  const promise = import("../../core/index.ts").then(({ messageService }) =>
    messageService.handleMessage(
      runtime,
      {
        entityId: userId,
        roomId,
        content: { text, channelType, source: "test", ...options.content },
        metadata: { entityName: "Grace" },
      },
      (content) => {
        replies.push(content);
      },
      {
        connection: {
          entityId: userId,
          roomId,
          userName: "Grace",
          source: "test",
          type: channelType,
        },
      },
    ),
  );
  return { promise, replies, roomId };
}

async function roomMessages(runtime: AgentRuntime, roomId: UUID): Promise<Memory[]> {
  const page = await runtime.storage.getMemories({
    tableName: MemoryTable.MESSAGES,
    roomId,
    count: 50,
  });
  return page.reverse();
}

describe("handleMessage", () => {
  it("runs two planned actions in order and persists the reply after the message", async () => {
    const ran: string[] = [];
    const { runtime, model } = await setup([
      {
        name: "extra",
        actions: [
          {
            name: "TAKE_NOTE",
            description: "remember something",
            validate: async () => true,
            handler: async (_r, _m, _s, options) => {
              ran.push(`TAKE_NOTE after ${options?.actionContext?.previousResults.length}`);
              return { success: true };
            },
          },
        ],
      },
    ]);
    model.large.push(
      "Sure!\n<response><thought>answer then note</thought><actions>REPLY,TAKE_NOTE</actions>" +
        "<providers></providers><text>Hello Grace &amp; friends</text></response>",
    );
    const { promise, replies, roomId } = send(runtime, "hi Ada");
    const result = await promise;

    expect(result.didRespond).toBe(true);
    expect(replies.map((r) => r.text)).toEqual(["Hello Grace & friends"]);
    expect(ran).toEqual(["TAKE_NOTE after 1"]);
    const stored = await roomMessages(runtime, roomId);
    expect(stored.map((m) => [m.entityId === runtime.agentId, m.content.text])).toEqual([
      [false, "hi Ada"],
      [true, "Hello Grace & friends"],
    ]);
    expect(stored[1]?.content.inReplyTo).toBe(result.messageId);
    // One planner call: REPLY reused the planned text instead of asking again.
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_LARGE"]);
    const prompt = model.calls[0]?.params.prompt ?? "";
    expect(prompt).toContain("# About Ada");
    expect(prompt).toContain("Grace: hi Ada");
    expect(prompt).toContain("- REPLY:");
    expect(model.calls[0]?.params.userText).toBe("hi Ada");
  });

  it("takes plain-text model output as a REPLY", async () => {
    const { runtime, model } = await setup();
    model.large.push("Just talking, no XML at all.");
    const { promise, replies } = send(runtime, "hello");
    const result = await promise;
    expect(replies.map((r) => r.text)).toEqual(["Just talking, no XML at all."]);
    expect(result.responses[0]?.content.actions).toEqual(["REPLY"]);
  });

  it("retries malformed XML, then uses the retry's answer", async () => {
    const { runtime, model } = await setup();
    model.large.push("<response><thought>oops", "<response><text>second try</text></response>");
    const { promise, replies } = send(runtime, "hello");
    await promise;
    expect(model.calls).toHaveLength(2);
    expect(replies.map((r) => r.text)).toEqual(["second try"]);
  });

  it("falls back to the raw text when every attempt is malformed", async () => {
    const { runtime, model } = await setup();
    model.large.push("<response><text>half an answer", "<response><thought>still broken");
    const { promise, replies } = send(runtime, "hello");
    await promise;
    expect(model.calls).toHaveLength(2);
    expect(replies.map((r) => r.text)).toEqual(["half an answer"]);
  });

  it("IGNORE sends nothing and stores only the user's message", async () => {
    const { runtime, model } = await setup();
    model.large.push(
      "<response><actions>IGNORE</actions><text>should not be sent</text></response>",
    );
    const { promise, replies, roomId } = send(runtime, "go away");
    const result = await promise;
    expect(result.didRespond).toBe(false);
    expect(replies).toEqual([]);
    expect((await roomMessages(runtime, roomId)).map((m) => m.content.text)).toEqual(["go away"]);
  });

  it("a failing provider does not stop the reply", async () => {
    const { runtime, model } = await setup([
      {
        name: "flaky",
        providers: [
          {
            name: "FLAKY",
            get: async () => {
              throw new Error("backend down");
            },
          },
        ],
      },
    ]);
    model.large.push("<response><actions>REPLY</actions><text>still here</text></response>");
    const { promise, replies } = send(runtime, "hello");
    await promise;
    expect(replies.map((r) => r.text)).toEqual(["still here"]);
  });

  it("re-composes state with the providers the planner asked for", async () => {
    const { runtime, model } = await setup([
      {
        name: "weather",
        providers: [
          { name: "WEATHER", dynamic: true, get: async () => ({ text: "It is sunny." }) },
        ],
      },
    ]);
    model.large.push(
      "<response><actions>REPLY</actions><providers>WEATHER</providers></response>",
      "<response><text>Sunny today.</text></response>",
    );
    const { promise, replies } = send(runtime, "weather?");
    await promise;
    expect(model.calls[0]?.params.prompt).not.toContain("It is sunny.");
    expect(model.calls[1]?.params.prompt).toContain("It is sunny.");
    expect(replies.map((r) => r.text)).toEqual(["Sunny today."]);
  });

  it("emits RUN_STARTED and RUN_ENDED with one run id, and MESSAGE_RECEIVED", async () => {
    const { runtime, model } = await setup();
    model.large.push("hi");
    const events: [string, unknown][] = [];
    for (const name of [EventType.MESSAGE_RECEIVED, EventType.RUN_STARTED, EventType.RUN_ENDED]) {
      runtime.registerEvent(name, (p) => void events.push([name, p.runId]));
    }
    const result = await send(runtime, "hello").promise;
    expect(events.map((e) => e[0])).toEqual(["MESSAGE_RECEIVED", "RUN_STARTED", "RUN_ENDED"]);
    expect(new Set(events.map((e) => e[1]))).toEqual(new Set([result.runId]));
  });

  it("reports a model failure as RUN_ENDED with status error and rethrows, the message kept", async () => {
    const { runtime, model } = await setup();
    model.large.push(() => {
      throw new Error("model down");
    });
    const ended: unknown[] = [];
    runtime.registerEvent(EventType.RUN_ENDED, (p) => void ended.push(p.status));
    const { promise, roomId } = send(runtime, "hello");
    await expect(promise).rejects.toThrow("model down");
    expect(ended).toEqual(["error"]);
    expect((await roomMessages(runtime, roomId)).map((m) => m.content.text)).toEqual(["hello"]);
  });
});

describe("should-respond", () => {
  it("always answers in a DM without asking the small model", async () => {
    const { runtime, model } = await setup();
    model.large.push("dm answer");
    await send(runtime, "anything", { channelType: ChannelType.DM }).promise;
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_LARGE"]);
  });

  it("in a group answers when named, without asking the small model", async () => {
    const { runtime, model } = await setup();
    model.large.push("named answer");
    const { promise, replies } = send(runtime, "what do you think, ada?", {
      channelType: ChannelType.GROUP,
    });
    await promise;
    expect(replies.map((r) => r.text)).toEqual(["named answer"]);
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_LARGE"]);
  });

  it("does not take a name inside another word as a mention", async () => {
    const { runtime, model } = await setup();
    model.small.push("<response><action>IGNORE</action></response>");
    const { promise, replies } = send(runtime, "I love adapters", {
      channelType: ChannelType.GROUP,
    });
    expect((await promise).didRespond).toBe(false);
    expect(replies).toEqual([]);
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_SMALL"]);
  });

  it("in a group asks the small model and follows RESPOND", async () => {
    const { runtime, model } = await setup();
    model.small.push("<response><action>RESPOND</action></response>");
    model.large.push("group answer");
    const { promise, replies } = send(runtime, "anyone know typescript?", {
      channelType: ChannelType.GROUP,
    });
    await promise;
    expect(replies.map((r) => r.text)).toEqual(["group answer"]);
    expect(model.calls.map((c) => c.type)).toEqual(["TEXT_SMALL", "TEXT_LARGE"]);
  });

  it("reads nothing beyond the message's own batch for a group message it stays quiet on", async () => {
    // The default providers' reads go with the message's write (one round trip); a quiet
    // message costs no read of its own, and no state is composed from them.
    const { runtime, model, storage } = await setup();
    const calls: string[] = [];
    let inBatch = false;
    for (const name of ["batch", "getMemories", "getEntitiesForRoom"] as const) {
      const original = storage[name].bind(storage) as (...a: unknown[]) => unknown;
      (storage as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        if (name === "batch") {
          calls.push(name);
          inBatch = true;
          try {
            return original(...args);
          } finally {
            inBatch = false;
          }
        }
        if (!inBatch) calls.push(name);
        return original(...args);
      };
    }
    model.small.push("<response><action>IGNORE</action></response>");
    expect(
      (await send(runtime, "chatter", { channelType: ChannelType.GROUP }).promise).didRespond,
    ).toBe(false);
    expect(calls).toEqual(["batch"]);
  });

  it("stays quiet in a group when the small model's answer makes no sense", async () => {
    const { runtime, model } = await setup();
    model.small.push("I'm not sure what you mean");
    const { promise, replies } = send(runtime, "chatter", { channelType: ChannelType.GROUP });
    expect((await promise).reason).toBe("no decision from model");
    expect(replies).toEqual([]);
  });

  it("answers a reply to the agent, and stays quiet in a muted room", async () => {
    const { runtime, model } = await setup();
    model.large.push("you replied to me");
    const replied = send(runtime, "right?", {
      channelType: ChannelType.GROUP,
      content: { isReplyToAgent: true },
    });
    expect((await replied.promise).didRespond).toBe(true);
    await runtime.storage.setParticipantUserState(replied.roomId, runtime.agentId, "MUTED");
    const muted = send(runtime, "hello all", { channelType: ChannelType.GROUP });
    expect((await muted.promise).reason).toBe("room muted");
  });
});

describe("concurrency", () => {
  it("keeps run ids, state and replies apart for messages handled at once", async () => {
    const { runtime, model } = await setup();
    // Every overlapping message in a room is answered here: without this, the stale-reply
    // rule (runs-stale.test.ts) would drop all but the newest run's reply per room.
    runtime.setSetting("BASIC_CAPABILITIES_KEEP_RESP", true);
    const runIds: unknown[] = [];
    runtime.registerEvent(EventType.RUN_STARTED, (p) => void runIds.push(p.runId));
    // Each answer echoes the user's words after a delay that makes the calls overlap.
    const echo = async (params: { userText?: string }) => {
      await new Promise((r) => setTimeout(r, Math.random() * 20));
      return `<response><text>echo: ${params.userText}</text></response>`;
    };
    for (let i = 0; i < 20; i++) model.large.push(echo);
    const sends = Array.from({ length: 20 }, (_, i) =>
      send(runtime, `message ${i}`, { room: `room-${i % 4}` }),
    );
    const results = await Promise.all(sends.map((s) => s.promise));

    expect(new Set(results.map((r) => r.runId)).size).toBe(20);
    expect(new Set(runIds).size).toBe(20);
    sends.forEach((s, i) => {
      expect(s.replies.map((r) => r.text)).toEqual([`echo: message ${i}`]);
    });
    for (let room = 0; room < 4; room++) {
      const stored = await roomMessages(runtime, stringToUuid(`room-${room}`));
      expect(stored).toHaveLength(10);
      for (const reply of stored.filter((m) => m.entityId === runtime.agentId)) {
        const question = stored.find((m) => m.id === reply.content.inReplyTo);
        expect(reply.content.text).toBe(`echo: ${question?.content.text}`);
      }
    }
  });
});

describe("offline fallback", () => {
  it("answers with classic ELIZA when no model is configured", async () => {
    const runtime = await createAgent({
      character,
      storage: createMemoryStorage(),
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const { promise, replies } = send(runtime, "I feel sad");
    await promise;
    expect(replies).toHaveLength(1);
    expect(replies[0]?.text).toMatch(/sad|feel/i);
  });
});
