// Prompt caching end to end: what the local Anthropic and OpenAI servers received (cache
// breakpoints, block order, the stable prefix of two turns) and the usage they answered
// reaching MODEL_USED, the turn's result and RUN_ENDED. The fakes keep a prompt cache keyed
// by what was sent (test/fakes/prompt-cache.ts), so cache reads appear only when a request
// really repeats an earlier prefix.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  ChannelType,
  createAgent,
  createUniqueUuid,
  EventType,
  ModelType,
  type ModelUsedTokens,
  messageService,
  type PromptSegment,
  parseCharacter,
} from "../../../core/index.ts";
import { type FakeAnthropicServer, startFakeAnthropic } from "../../fakes/anthropic-server.ts";
import {
  type FakeOpenAIServer,
  type RecordedRequest,
  startFakeOpenAI,
} from "../../fakes/openai-server.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const PLAN =
  "<response><thought>greet</thought><actions>REPLY</actions><text>Hello!</text></response>";
const RESPOND = "<response><name>Cachet</name><action>RESPOND</action></response>";
const isShouldRespond = (r: RecordedRequest) => r.rawBody.includes("RESPOND | IGNORE | STOP");
const answer = (r: RecordedRequest) => (isShouldRespond(r) ? RESPOND : PLAN);

const character = {
  name: "Cachet",
  system: "You are Cachet, a patient librarian.",
  bio: ["Cachet catalogues rare books.", "Cachet answers briefly."],
  adjectives: ["precise", "kind"],
  style: { all: ["short sentences"], chat: ["ask one question back"] },
  messageExamples: [
    [
      { name: "{{user1}}", content: { text: "Do you have atlases?" } },
      { name: "Cachet", content: { text: "Three. Which century?" } },
    ],
  ],
};

let servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function anthropic(): Promise<FakeAnthropicServer> {
  const server = await startFakeAnthropic({ apiKey: "sk-ant", reply: answer });
  servers.push(server);
  return server;
}

async function openai(): Promise<FakeOpenAIServer> {
  const server = await startFakeOpenAI({ reply: answer });
  servers.push(server);
  return server;
}

async function agentWith(env: Record<string, string>) {
  const runtime = await createAgent({
    character: parseCharacter(character),
    storage: createMemoryStorage(),
    logger: quiet,
    env: { ...env, OPENAI_EMBEDDING_MODEL: "none" },
  });
  const used: Record<string, unknown>[] = [];
  const ended: Record<string, unknown>[] = [];
  runtime.registerEvent(EventType.MODEL_USED, async (p) => void used.push(p));
  runtime.registerEvent(EventType.RUN_ENDED, async (p) => void ended.push(p));
  return { runtime, used, ended };
}

const anthropicEnv = (server: FakeAnthropicServer) => ({
  ANTHROPIC_API_KEY: "sk-ant",
  ANTHROPIC_BASE_URL: server.url,
});
const openaiEnv = (server: FakeOpenAIServer) => ({ OPENAI_BASE_URL: server.url });

function turn(runtime: AgentRuntime, text: string, channel: ChannelType = ChannelType.DM) {
  const entityId = createUniqueUuid(runtime, "reader");
  const roomId = createUniqueUuid(runtime, `room-${channel}`);
  return messageService.handleMessage(
    runtime,
    { entityId, roomId, content: { text, source: "test", channelType: channel } },
    undefined,
    { connection: { entityId, roomId, source: "test", type: channel, userName: "Reader" } },
  );
}

type Block = { type: string; text: string; cache_control?: { type: string } };
const userBlocks = (r: RecordedRequest) =>
  (r.body as { messages: { content: Block[] | string }[] }).messages[0]!.content;
const blocks = (r: RecordedRequest) => userBlocks(r) as Block[];
const marked = (r: RecordedRequest) => blocks(r).filter((b) => b.cache_control);
const seg = (content: string, stable: boolean): PromptSegment => ({ content, stable });

describe("Anthropic: cache_control on stable blocks", () => {
  it("sends one block per run of equal stability, marking the last block of each stable run", async () => {
    const server = await anthropic();
    const { runtime } = await agentWith(anthropicEnv(server));
    const segments = [
      seg("Rules. ", true),
      seg("Format. ", true),
      seg("Today: Monday. ", false),
      seg("Examples. ", true),
      seg("User: hi", false),
    ];
    await runtime.useModel(ModelType.TEXT_LARGE, { promptSegments: segments });
    const sent = blocks(server.requests[0]!);
    expect(sent).toEqual([
      { type: "text", text: "Rules. Format. ", cache_control: { type: "ephemeral" } },
      { type: "text", text: "Today: Monday. " },
      { type: "text", text: "Examples. ", cache_control: { type: "ephemeral" } },
      { type: "text", text: "User: hi" },
    ]);
    expect(sent.map((b) => b.text).join("")).toBe(segments.map((s) => s.content).join(""));
  });

  it("marks at most 4 breakpoints (the first four stable runs); the API accepts it", async () => {
    const server = await anthropic();
    const { runtime } = await agentWith(anthropicEnv(server));
    const segments = Array.from({ length: 6 }, (_, i) => [
      seg(`stable ${i}. `, true),
      seg(`turn ${i}. `, false),
    ]).flat();
    const text = await runtime.useModel(ModelType.TEXT_SMALL, { promptSegments: segments });
    expect(text).toBe(PLAN);
    expect(marked(server.requests[0]!).map((b) => b.text)).toEqual([
      "stable 0. ",
      "stable 1. ",
      "stable 2. ",
      "stable 3. ",
    ]);
  });

  it("without segments, or with only unstable ones, nothing is marked", async () => {
    const server = await anthropic();
    const { runtime } = await agentWith(anthropicEnv(server));
    await runtime.useModel(ModelType.TEXT_LARGE, { prompt: "plain prompt" });
    await runtime.useModel(ModelType.TEXT_LARGE, { promptSegments: [seg("all per-turn", false)] });
    expect(userBlocks(server.requests[0]!)).toBe("plain prompt");
    expect(blocks(server.requests[1]!)).toEqual([{ type: "text", text: "all per-turn" }]);
  });

  it("drops empty segments, which the API refuses as blocks", async () => {
    const server = await anthropic();
    const { runtime } = await agentWith(anthropicEnv(server));
    await runtime.useModel(ModelType.TEXT_LARGE, {
      promptSegments: [seg("", true), seg("kept", true), seg("", false), seg("", true)],
    });
    expect(server.requests[0]!.body).toBeDefined();
    expect(blocks(server.requests[0]!)).toEqual([
      { type: "text", text: "kept", cache_control: { type: "ephemeral" } },
    ]);
  });

  it("sends a huge stable segment whole and in one block", async () => {
    const server = await anthropic();
    const { runtime } = await agentWith(anthropicEnv(server));
    const big = "catalogue ".repeat(100_000);
    await runtime.useModel(ModelType.TEXT_LARGE, {
      promptSegments: [seg(big, true), seg("question", false)],
    });
    const sent = blocks(server.requests[0]!);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text.length).toBe(big.length);
    expect(sent[0]!.cache_control).toEqual({ type: "ephemeral" });
  });

  it("reports the cache write, then the read, in MODEL_USED's tokens", async () => {
    const server = await anthropic();
    const { runtime, used } = await agentWith(anthropicEnv(server));
    const stable = seg("The same long instructions. ".repeat(20), true);
    await runtime.useModel(ModelType.TEXT_LARGE, { promptSegments: [stable, seg("one", false)] });
    await runtime.useModel(ModelType.TEXT_LARGE, { promptSegments: [stable, seg("two", false)] });
    const [first, second] = used.map((u) => u.tokens as ModelUsedTokens);
    const stableTokens = Math.ceil(stable.content.length / 4);
    expect(first).toMatchObject({
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: stableTokens,
    });
    expect(second).toMatchObject({
      cacheReadInputTokens: stableTokens,
      cacheCreationInputTokens: 0,
    });
    // prompt counts every input token, cached or not: input + read + written.
    expect(second!.prompt).toBe(Math.ceil((stable.content.length + 3) / 4));
    expect(second!.total).toBe(second!.prompt + second!.completion);
  });
});

describe("OpenAI-compatible: stable segments first", () => {
  it("puts the stable segments before the others in the user message, each group in order", async () => {
    const server = await openai();
    const { runtime } = await agentWith(openaiEnv(server));
    await runtime.useModel(ModelType.TEXT_LARGE, {
      promptSegments: [seg("A ", false), seg("S1 ", true), seg("B ", false), seg("S2 ", true)],
    });
    const body = server.requests[0]!.body as { messages: { role: string; content: string }[] };
    expect(body.messages).toEqual([{ role: "user", content: "S1 S2 A B " }]);
  });

  it("reports prompt_tokens_details.cached_tokens as cacheReadInputTokens", async () => {
    const server = await openai();
    const { runtime, used } = await agentWith(openaiEnv(server));
    const stable = seg("Shared instructions for every call. ".repeat(10), true);
    await runtime.useModel(ModelType.TEXT_SMALL, { promptSegments: [stable, seg("one", false)] });
    await runtime.useModel(ModelType.TEXT_SMALL, { promptSegments: [stable, seg("two", false)] });
    const [first, second] = used.map((u) => u.tokens as ModelUsedTokens);
    expect(first!.cacheReadInputTokens).toBe(0);
    // "user:" + the stable text is the shared beginning the fake served from its cache.
    expect(second!.cacheReadInputTokens).toBe(
      Math.floor(("user:".length + stable.content.length) / 4),
    );
    expect(second).not.toHaveProperty("cacheCreationInputTokens");
    expect(second!.total).toBe(second!.prompt + second!.completion);
  });
});

describe("the message loop's prompts", () => {
  it("Anthropic: two turns send an identical cached prefix holding the character and instructions", async () => {
    const server = await anthropic();
    const { runtime, used, ended } = await agentWith(anthropicEnv(server));
    const first = await turn(runtime, "Do you have maps of Lisbon?");
    const second = await turn(runtime, "And of Porto, from 1800?");
    expect(first.responses.map((r) => r.content.text)).toEqual(["Hello!"]);
    const [a, b] = server.requests;
    // One breakpoint each, on the same text: the stable prefix.
    expect(marked(a!)).toHaveLength(1);
    expect(marked(b!)).toEqual(marked(a!));
    const prefix = marked(a!)[0]!.text;
    expect(blocks(a!)[0]!.text).toBe(prefix);
    for (const part of ["<instructions>", "<output>", "Cachet catalogues rare books.", "REPLY"]) {
      expect(prefix).toContain(part);
    }
    // The turn's own words are after it, unmarked; the system prompt rides separately.
    expect(prefix).not.toContain("Lisbon");
    expect(
      blocks(a!)
        .slice(1)
        .map((x) => x.text)
        .join(""),
    ).toContain("Lisbon");
    expect(
      blocks(b!)
        .slice(1)
        .map((x) => x.text)
        .join(""),
    ).toContain("Porto");
    expect((a!.body as { system: string }).system).toBe(character.system);

    // The second turn read the prefix from the cache; the result and RUN_ENDED say so.
    // Anthropic's cached prefix runs from the system prompt through the breakpoint.
    const prefixTokens = Math.ceil((character.system.length + prefix.length) / 4);
    expect(first.usage).toMatchObject({
      cacheCreationInputTokens: prefixTokens,
      cacheReadInputTokens: 0,
    });
    expect(second.usage).toMatchObject({ cacheReadInputTokens: prefixTokens });
    expect(ended.map((e) => e.usage)).toEqual([first.usage, second.usage]);
    expect(used.map((u) => u.runId)).toEqual([first.runId, second.runId]);
  });

  it("OpenAI: the second turn's prompt begins with the first's stable part and hits the cache", async () => {
    const server = await openai();
    const { runtime } = await agentWith(openaiEnv(server));
    const first = await turn(runtime, "Do you have maps of Lisbon?");
    const second = await turn(runtime, "And of Porto, from 1800?");
    const user = (r: RecordedRequest) =>
      (r.body as { messages: { role: string; content: string }[] }).messages.find(
        (m) => m.role === "user",
      )!.content;
    const [a, b] = server.requests.map(user);
    const shared = a!.slice(0, a!.indexOf("Lisbon"));
    expect(shared).toContain("<instructions>");
    expect(shared).toContain("Cachet catalogues rare books.");
    expect(b!.startsWith(a!.slice(0, a!.indexOf("</output>")))).toBe(true);
    expect(first.usage?.cacheReadInputTokens).toBe(0);
    expect(second.usage?.cacheReadInputTokens).toBeGreaterThan(
      Math.floor(a!.indexOf("</output>") / 4),
    );
  });

  it("the should-respond prompt caches its instructions; the message is after them, unmarked", async () => {
    const server = await anthropic();
    const { runtime } = await agentWith(anthropicEnv(server));
    const outcome = await turn(runtime, "anyone know about atlases?", ChannelType.GROUP);
    expect(outcome.didRespond).toBe(true);
    const decision = server.requests.find(isShouldRespond)!;
    expect(marked(decision)).toHaveLength(1);
    expect(marked(decision)[0]!.text).toContain("RESPOND | IGNORE | STOP");
    expect(marked(decision)[0]!.text).not.toContain("atlases");
    expect(blocks(decision).at(-1)!.text).toContain("atlases");
    // Both calls of the turn count: should-respond and the planner.
    expect(server.requests).toHaveLength(2);
    expect(outcome.usage!.totalTokens).toBeGreaterThan(0);
  });
});
