// The run log: one row per message turn and per task run, with what the turn decided, every
// model call (provider, model, tokens, time, retries), each action with its result, the
// evaluators and the errors; no prompt unless LOG_PROMPTS=true, no secret ever; swept by
// ticks after LOG_RETENTION_DAYS.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type AgentRuntime,
  acceptInbound,
  ChannelType,
  createAgent,
  createOpenAIPlugin,
  getRun,
  listRuns,
  ModelType,
  messageService,
  type Plugin,
  parseCharacter,
  RUN_LOG_TYPE,
  runDueTasks,
  stringToUuid,
} from "../../core/index.ts";
import { openAIError, startFakeOpenAI } from "../fakes/openai-server.ts";
import { runsAgent, sendTo } from "../support/runs-agent.ts";

const SECRET = "sk-live-very-secret-value-123";

/** LOOKUP asks the small model itself (no run id given) and says what it found. */
const tools: Plugin = {
  name: "tools",
  actions: [
    {
      name: "LOOKUP",
      description: "looks something up",
      validate: async () => true,
      handler: async (runtime) => {
        const found = await runtime.useModel(ModelType.TEXT_SMALL, { prompt: "look it up" });
        return { success: true, text: `found ${found} with key ${SECRET}` };
      },
    },
    {
      name: "BREAK",
      description: "always fails",
      validate: async () => true,
      handler: async () => {
        throw new Error("the tool broke");
      },
    },
  ],
  evaluators: [
    {
      name: "NOTE_TAKER",
      description: "takes notes",
      alwaysRun: true,
      validate: async () => true,
      handler: async () => undefined,
      examples: [],
    },
  ],
};

/** TOOL_API_KEY is a secret by its name: the run log never holds its value. */
function agent(settings: Record<string, string> = {}, now?: () => number) {
  return runsAgent({
    settings: { TOOL_API_KEY: SECRET, ...settings },
    plugins: [tools],
    now,
    storage: createMemoryStorage(now ? { now } : {}),
  });
}

const plan = (actions: string, text = "Here it is.") =>
  `<response><thought>use tools</thought><actions>${actions}</actions><text>${text}</text></response>`;

describe("a message turn's run log row", () => {
  it("records the decision, each model call, both actions, the evaluator and the reply", async () => {
    const { runtime, model, storage } = await agent();
    model.large.push(plan("LOOKUP,REPLY"));
    model.small.push("the answer");
    const turn = sendTo(runtime, "please look up the answer for me");
    const result = await turn.promise;

    const logs = await storage.getLogs({ entityId: runtime.agentId, type: RUN_LOG_TYPE });
    expect(logs).toHaveLength(1);
    expect(logs[0]?.id).toBe(result.runId);
    expect(logs[0]?.roomId).toBe(turn.roomId);

    const run = await getRun(runtime, result.runId);
    expect(run?.summary).toMatchObject({
      runId: result.runId,
      status: "completed",
      kind: "message",
      messageId: result.messageId,
      roomId: turn.roomId,
      source: "test",
      shouldRespond: { respond: true },
      didRespond: true,
      counts: { actions: 2, evaluators: 1, errors: 0, modelCalls: 2 },
      replies: result.responses.map((r) => r.id),
    });
    expect(run?.summary.actions.map((a) => [a.name, a.success])).toEqual([
      ["LOOKUP", true],
      ["REPLY", true],
    ]);
    expect(run?.summary.durationMs).toBe(run!.summary.endedAt - run!.summary.startedAt);

    const types = run!.events.map((e) => e.type);
    expect(types).toEqual([
      "RUN_STARTED",
      "SHOULD_RESPOND",
      "MODEL_USED",
      "ACTION_STARTED",
      "MODEL_USED",
      "ACTION_COMPLETED",
      "ACTION_STARTED",
      "MESSAGE_SENT",
      "ACTION_COMPLETED",
      "EVALUATOR_COMPLETED",
      "RUN_ENDED",
    ]);
    const models = run!.events.filter((e) => e.type === "MODEL_USED").map((e) => e.data);
    // The planner's call names its run; LOOKUP's own call is given to the only run in progress.
    expect(models[0]).toMatchObject({
      modelType: "TEXT_LARGE",
      provider: "scripted-model",
      phase: "plan",
      retries: 0,
    });
    expect(models[1]).toMatchObject({ modelType: "TEXT_SMALL", phase: "action:LOOKUP" });
    expect(typeof models[0]?.executionTime).toBe("number");
    const lookup = run!.events.find((e) => e.type === "ACTION_COMPLETED")?.data;
    expect(lookup).toMatchObject({ actionName: "LOOKUP", success: true });
    expect(typeof lookup?.durationMs).toBe("number");
    expect(run!.events.find((e) => e.type === "EVALUATOR_COMPLETED")?.data).toMatchObject({
      evaluatorName: "NOTE_TAKER",
      success: true,
    });

    const row = JSON.stringify(logs[0]);
    // No prompt, no user text by default; the character's secret never.
    expect(row).not.toContain(model.calls[0]!.params.prompt.slice(0, 60));
    expect(row).not.toContain("look it up");
    expect(row).not.toContain("please look up the answer");
    expect(row).not.toContain(SECRET);
    expect(lookup?.result).toMatchObject({ text: "found the answer with key [redacted]" });
  });

  it("keeps prompts and answers with LOG_PROMPTS=true", async () => {
    const { runtime, model } = await agent({ LOG_PROMPTS: "true" });
    model.large.push(plan("REPLY", "Prompted."));
    const result = await sendTo(runtime, "hello there").promise;
    const used = (await getRun(runtime, result.runId))!.events.find((e) => e.type === "MODEL_USED");
    expect(used?.data.prompt).toBe(model.calls[0]!.params.prompt);
    expect(used?.data.response).toContain("Prompted.");
  });

  it("records a failing action and a failed turn with its error", async () => {
    const { runtime, model } = await agent();
    model.large.push(plan("BREAK,REPLY"));
    const ok = await sendTo(runtime, "break it").promise;
    const broke = (await getRun(runtime, ok.runId))!;
    expect(broke.summary.status).toBe("completed");
    expect(broke.summary.counts.errors).toBe(1);
    expect(broke.summary.actions[0]).toMatchObject({
      name: "BREAK",
      success: false,
      error: "Error: the tool broke",
    });

    model.large.push(() => {
      throw new Error("model is down");
    });
    const failed = sendTo(runtime, "now fail");
    await expect(failed.promise).rejects.toThrow("model is down");
    const page = await listRuns(runtime, { roomId: failed.roomId });
    expect(page.runs[0]).toMatchObject({ status: "error", error: "Error: model is down" });
    expect(page.runs[0]?.counts.errors).toBeGreaterThanOrEqual(1);
  });

  it("records a quiet turn's decision, and writes nothing with LOG_RETENTION_DAYS=0", async () => {
    const { runtime, model } = await agent();
    model.small.push("<response><action>IGNORE</action></response>");
    const roomId = stringToUuid("group-room");
    const quiet = await messageService.handleMessage(
      runtime,
      {
        entityId: stringToUuid("someone"),
        roomId,
        content: { text: "chatter in the group", channelType: ChannelType.GROUP, source: "test" },
      },
      undefined,
      {
        connection: {
          entityId: stringToUuid("someone"),
          roomId,
          source: "test",
          type: ChannelType.GROUP,
          userName: "someone",
        },
      },
    );
    expect(quiet.didRespond).toBe(false);
    const run = (await getRun(runtime, quiet.runId))!;
    expect(run.summary.shouldRespond).toEqual({ respond: false, reason: expect.any(String) });
    expect(run.summary.didRespond).toBe(false);

    const off = await agent({ LOG_RETENTION_DAYS: "0" });
    const result = await sendTo(off.runtime, "hello").promise;
    expect(result.didRespond).toBe(true);
    expect(await off.storage.getLogs({ entityId: off.runtime.agentId })).toEqual([]);
  });
});

describe("a webhook message", () => {
  it("is one run: the inbox task that carries it is not a run of its own", async () => {
    const { runtime } = await agent();
    const entityId = stringToUuid("tg-user");
    const roomId = stringToUuid("tg-room");
    const acceptance = await acceptInbound(runtime, {
      key: "test:update:1",
      message: {
        entityId,
        roomId,
        content: { text: "hello from a webhook", channelType: ChannelType.DM, source: "test" },
      },
      connection: { entityId, roomId, source: "test", type: ChannelType.DM, userName: "tg" },
      target: { source: "test", roomId },
    });
    expect(acceptance.accepted).toBe(true);
    if (acceptance.accepted) await acceptance.process?.();
    const { runs } = await listRuns(runtime);
    expect(runs.map((r) => [r.kind, r.status, r.didRespond])).toEqual([
      ["message", "completed", true],
    ]);
  });
});

describe("elizaOS's getAgentRunSummaries", () => {
  it("reads the run log with elizaOS's filters", async () => {
    const { runtime, model } = await agent();
    const ok = await sendTo(runtime, "first").promise;
    model.large.push(() => {
      throw new Error("down");
    });
    await expect(sendTo(runtime, "second").promise).rejects.toThrow("down");
    const other = await sendTo(runtime, "third", { room: "room-2" }).promise;
    const all = await runtime.getAgentRunSummaries();
    expect(all.runs).toHaveLength(3);
    expect(all).toMatchObject({ total: 3, hasMore: false });
    const failed = await runtime.getAgentRunSummaries({ status: "error" });
    expect(failed.runs.map((r) => r.status)).toEqual(["error"]);
    const room2 = await runtime.getAgentRunSummaries({ roomId: stringToUuid("room-2") });
    expect(room2.runs.map((r) => r.runId)).toEqual([other.runId]);
    const one = await runtime.getAgentRunSummaries({ limit: 1 });
    expect(one).toMatchObject({ hasMore: true });
    expect(one.runs[0]?.runId).toBe(other.runId);
    expect(all.runs.at(-1)?.runId).toBe(ok.runId);
  });
});

describe("task runs and retention", () => {
  it("records each task run, and a tick sweeps rows older than LOG_RETENTION_DAYS", async () => {
    let now = Date.UTC(2030, 0, 1);
    const { runtime } = await agent({ LOG_RETENTION_DAYS: "1" }, () => now);
    runtime.registerTaskWorker({
      name: "NIGHTLY",
      execute: async (rt) => {
        await rt.useModel(ModelType.TEXT_SMALL, { prompt: "summarise the day" });
      },
    });
    await runtime.createTask({ name: "NIGHTLY", tags: ["queue"], metadata: {} });
    const report = await runDueTasks(runtime);
    expect(report.succeeded).toBe(1);
    const [taskRun] = (await listRuns(runtime)).runs;
    expect(taskRun).toMatchObject({
      kind: "task",
      status: "completed",
      task: { name: "NIGHTLY" },
      counts: { modelCalls: 1 },
    });

    now += 36 * 60 * 60 * 1000;
    await sendTo(runtime, "a newer run").promise;
    const tick = await runDueTasks(runtime);
    expect(tick.sweptLogs).toBe(1);
    expect(await getRun(runtime, taskRun!.runId)).toBeNull();
    expect((await listRuns(runtime)).runs.map((r) => r.kind)).toEqual(["message"]);
  });
});

describe("a real provider's call in the run", () => {
  it("names the model, counts the retry and the tokens (OpenAI-compatible, 429 then 200)", async () => {
    const server = await startFakeOpenAI({ reply: plan("REPLY", "Retried fine.") });
    try {
      server.enqueue(openAIError(429, "Rate limit reached", "requests", "rate_limit_exceeded"));
      const runtime: AgentRuntime = await createAgent({
        character: parseCharacter({ name: "Ada", bio: ["Ada helps."] }),
        storage: createMemoryStorage(),
        env: { OPENAI_BASE_URL: server.url, OPENAI_EMBEDDING_MODEL: "none" },
        models: [createOpenAIPlugin({ embeddings: false, retry: { sleep: async () => {} } })],
        logger: { debug() {}, info() {}, warn() {}, error() {} },
      });
      const result = await sendTo(runtime, "hello").promise;
      const used = (await getRun(runtime, result.runId))!.events.find(
        (e) => e.type === "MODEL_USED",
      );
      expect(used?.data).toMatchObject({
        modelType: "TEXT_LARGE",
        provider: "openai",
        model: "gpt-4o",
        retries: 1,
        usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) },
      });
      expect((used?.data.inputTokens as number) > 0).toBe(true);
    } finally {
      await server.close();
    }
  });
});
