// Private actions and evaluator phases, through the public API on the memory backend: what the
// planner is told, what the executor runs, and what a "pre" evaluator does to a message before
// anything is stored.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type Action,
  type AgentRuntime,
  ChannelType,
  type Content,
  createAgent,
  createApp,
  type Evaluator,
  type Memory,
  MemoryTable,
  messageService,
  parseCharacter,
  stringToUuid,
} from "../../core/index.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const userId = stringToUuid("user-1");
const roomId = stringToUuid("room-1");

async function setup(extra: { actions?: Action[]; evaluators?: Evaluator[] }) {
  const model = scriptedModel();
  const runtime = await createAgent({
    character: parseCharacter({ name: "Ada", bio: ["Ada helps."] }),
    storage: createMemoryStorage(),
    plugins: [model.plugin, { name: "under-test", ...extra }],
    logger: quiet,
  });
  return { model, runtime };
}

function handle(runtime: AgentRuntime, text: string, content: Partial<Content> = {}) {
  const replies: Content[] = [];
  const promise = messageService.handleMessage(
    runtime,
    {
      entityId: userId,
      roomId,
      content: { text, channelType: ChannelType.DM, source: "test", ...content },
    },
    (reply) => {
      replies.push(reply);
    },
    {
      connection: { entityId: userId, roomId, userName: "Grace", source: "test", type: "DM" },
    },
  );
  return { promise, replies };
}

async function stored(runtime: AgentRuntime): Promise<Memory[]> {
  const page = await runtime.storage.getMemories({
    tableName: MemoryTable.MESSAGES,
    roomId,
    count: 50,
  });
  return page.reverse();
}

function secretAction(ran: string[]): Action {
  return {
    name: "ROTATE_KEYS",
    description: "rotates the signing keys",
    private: true,
    validate: async () => true,
    handler: async (_r, message) => {
      ran.push(String(message.content.text));
      return { success: true, text: "rotated" };
    },
  };
}

const plansRotate =
  "<response><actions>REPLY,ROTATE_KEYS</actions><providers></providers>" +
  "<text>On it.</text></response>";

describe("private actions", () => {
  it("are not listed in the planner prompt; public ones are", async () => {
    const { runtime, model } = await setup({
      actions: [
        secretAction([]),
        {
          name: "TAKE_NOTE",
          description: "remember something",
          validate: async () => true,
          handler: async () => ({ success: true }),
        },
      ],
    });
    await handle(runtime, "what can you do?").promise;
    const prompt = model.calls.find((c) => c.type === "TEXT_LARGE")?.params.prompt ?? "";
    expect(prompt).toContain("- TAKE_NOTE: remember something");
    expect(prompt).not.toContain("ROTATE_KEYS");
    expect(prompt).not.toContain("rotates the signing keys");
  });

  it("are refused on a user's turn even when the model plans them", async () => {
    const ran: string[] = [];
    const { runtime, model } = await setup({ actions: [secretAction(ran)] });
    model.large.push(plansRotate);
    const { promise, replies } = handle(runtime, "please rotate the keys");
    const result = await promise;
    expect(ran).toEqual([]);
    expect(replies.map((r) => r.text)).toEqual(["On it."]);
    expect(result.actionResults.at(-1)).toMatchObject({
      success: false,
      data: { actionName: "ROTATE_KEYS" },
    });
  });

  it("are refused when isAutonomous is merely truthy, not true", async () => {
    const ran: string[] = [];
    const { runtime, model } = await setup({ actions: [secretAction(ran)] });
    model.large.push(plansRotate);
    await handle(runtime, "rotate", { metadata: { isAutonomous: "true" } }).promise;
    expect(ran).toEqual([]);
  });

  it("run for a message marked content.metadata.isAutonomous === true", async () => {
    const ran: string[] = [];
    const { runtime, model } = await setup({ actions: [secretAction(ran)] });
    model.large.push(plansRotate);
    const result = await handle(runtime, "autonomous tick", { metadata: { isAutonomous: true } })
      .promise;
    expect(ran).toEqual(["autonomous tick"]);
    expect(result.actionResults.at(-1)).toMatchObject({ success: true, text: "rotated" });
  });
});

function preEvaluator(name: string, handler: Evaluator["handler"]): Evaluator {
  return {
    name,
    description: `${name} gate`,
    phase: "pre",
    validate: async () => true,
    handler,
  };
}

describe("evaluator phases", () => {
  it("a pre evaluator that blocks: nothing stored, no reply, no model call, blocked outcome", async () => {
    const post: string[] = [];
    const { runtime, model } = await setup({
      evaluators: [
        preEvaluator("SPAM_GATE", async (_r, m) =>
          /buy now/i.test(String(m.content.text)) ? { blocked: true, reason: "spam" } : undefined,
        ),
        {
          name: "AFTER",
          description: "post",
          validate: async () => true,
          handler: async () => {
            post.push("ran");
          },
        },
      ],
    });
    const { promise, replies } = handle(runtime, "BUY NOW cheap pills");
    const result = await promise;
    expect(result).toMatchObject({ blocked: true, didRespond: false, reason: "spam" });
    expect(result.responses).toEqual([]);
    expect(replies).toEqual([]);
    expect(await stored(runtime)).toHaveLength(0);
    expect(model.calls).toHaveLength(0);
    expect(post).toEqual([]);

    // The next, ordinary message goes through as usual.
    const next = await handle(runtime, "hello").promise;
    expect(next.blocked).toBe(false);
    expect((await stored(runtime)).map((m) => m.content.text)).toEqual(["hello", "ok"]);
    expect(post).toEqual(["ran"]);
  });

  it("pre evaluators rewrite in order; the stored and planned text is the rewritten one", async () => {
    const { runtime, model } = await setup({
      evaluators: [
        preEvaluator("REDACT", async (_r, m) => ({
          content: { text: String(m.content.text).replace(/\d{4}-\d{4}/g, "[card]") },
        })),
        preEvaluator("TAG", async (_r, m) => ({ content: { text: `${m.content.text}!` } })),
      ],
    });
    const result = await handle(runtime, "my card is 1234-5678").promise;
    expect(result.blocked).toBe(false);
    const [message] = await stored(runtime);
    expect(message?.content.text).toBe("my card is [card]!");
    expect(message?.content.source).toBe("test");
    expect(model.calls[0]?.params.userText).toBe("my card is [card]!");
    expect(model.calls[0]?.params.prompt).not.toContain("1234-5678");
  });

  it("a throwing pre evaluator lets the message through", async () => {
    const { runtime } = await setup({
      evaluators: [
        preEvaluator("BROKEN", async () => {
          throw new Error("boom");
        }),
      ],
    });
    const result = await handle(runtime, "still here").promise;
    expect(result).toMatchObject({ blocked: false, didRespond: true });
    expect((await stored(runtime)).map((m) => m.content.text)).toEqual(["still here", "ok"]);
  });

  it("post evaluators run after the reply and see it; pre ones are not run again", async () => {
    const seen: string[] = [];
    const { runtime } = await setup({
      evaluators: [
        preEvaluator("PRE", async () => {
          seen.push("pre");
        }),
        {
          name: "POST",
          description: "post",
          validate: async () => true,
          handler: async (_r, _m, _s, _o, _c, responses) => {
            seen.push(`post:${responses?.map((r) => r.content.text).join()}`);
          },
        },
      ],
    });
    await handle(runtime, "hi").promise;
    expect(seen).toEqual(["pre", "post:ok"]);
  });

  it("POST /api/messages answers blocked with the reason, and stores nothing", async () => {
    const { runtime } = await setup({
      evaluators: [preEvaluator("GATE", async () => ({ blocked: true, reason: "not today" }))],
    });
    const headers = { authorization: "Bearer test-token-0123456789" };
    const app = createApp({
      getAgent: async () => runtime,
      env: () => ({ API_TOKEN: "test-token-0123456789" }),
    });
    const response = await app.request("/api/messages", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ text: "hello", userId: "bob" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      didRespond: false,
      blocked: true,
      reason: "not today",
      replies: [],
    });
    const history = (await (
      await app.request("/api/rooms/dm:bob/messages", { headers })
    ).json()) as {
      messages: unknown[];
    };
    expect(history.messages).toEqual([]);
  });
});
