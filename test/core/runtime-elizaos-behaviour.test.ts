// What elizaOS plugins rely on from the runtime beyond storage: typed settings, service
// classes, processActions/getActionResults, evaluate, the composeState cache, models, events
// and runtime.messageService, on the in-memory storage and on PGlite.
import { describe, expect, it } from "vitest";
import {
  type Action,
  type ActionResult,
  type AgentRuntime,
  bootstrapPlugin,
  EventType,
  type Memory,
  ModelType,
  type Provider,
  type State,
} from "../../core/index.ts";
import { randomUuid } from "../../core/kernel/ids/uuid.ts";
import { StateCache } from "../../core/runtime/state/state-cache.ts";
import { scriptedModel } from "../support/scripted-model.ts";
import { backends, runtimeOn } from "./runtime-elizaos-backends.ts";

const messageIn = (
  runtime: AgentRuntime,
  text = "hi",
): Memory & { id: `${string}-${string}-${string}-${string}-${string}` } => ({
  id: randomUuid(),
  entityId: randomUuid(),
  roomId: randomUuid(),
  agentId: runtime.agentId,
  content: { text, source: "test", channelType: "DM" },
});

/** An elizaOS-style service class: static serviceType and start, instance stop. */
function serviceClass(type: string, log: string[]) {
  return class CounterService {
    static serviceType = type;
    capabilityDescription = `counts for ${type}`;
    constructor(readonly runtime: AgentRuntime) {}
    static async start(runtime: AgentRuntime) {
      await runtime.initPromise; // elizaOS services may wait for the runtime; no deadlock
      log.push(`start:${type}`);
      return new CounterService(runtime);
    }
    async stop() {
      log.push(`stop:${type}`);
    }
  };
}

describe.each(backends)("elizaOS runtime behaviour on $name", (backend) => {
  it("getSetting: null when missing, booleans and numbers typed; setSetting; string view", async () => {
    const runtime = await runtimeOn(backend, {
      settings: { FLAG: "true", OFF: "false", COUNT: 7, NAME: "x" },
      secrets: { TOKEN: "secret-token" },
      env: { FROM_ENV: "false", EMPTY: "" },
    });
    expect(runtime.getSetting("MISSING")).toBeNull();
    expect(runtime.getSetting("EMPTY")).toBeNull();
    expect(runtime.getSetting("FLAG")).toBe(true);
    expect(runtime.getSetting("OFF")).toBe(false);
    expect(runtime.getSetting("FROM_ENV")).toBe(false);
    expect(runtime.getSetting("COUNT")).toBe(7);
    expect(runtime.getSetting("NAME")).toBe("x");
    expect(runtime.getSetting("TOKEN")).toBe("secret-token");
    expect(runtime.getSettingString("FLAG")).toBe("true");
    expect(runtime.getSettingString("COUNT")).toBe("7");
    expect(runtime.getSettingString("MISSING")).toBeUndefined();
    runtime.setSetting("NEW_KEY", "v");
    runtime.setSetting("NEW_SECRET", "s", true);
    runtime.setSetting("IGNORED", null);
    expect(runtime.getSetting("NEW_KEY")).toBe("v");
    expect(runtime.character.secrets.NEW_SECRET).toBe("s");
    expect(runtime.getSetting("IGNORED")).toBeNull();
    expect(runtime.getConversationLength()).toBe(32);
    runtime.setSetting("CONVERSATION_LENGTH", "12");
    expect(runtime.getConversationLength()).toBe(12);
  });

  it("services: classes start after init, are found by type, wait, and stop once", async () => {
    const log: string[] = [];
    const Counter = serviceClass("counter", log);
    const Broken = {
      serviceType: "broken",
      start: async () => {
        throw new Error("no socket here");
      },
    };
    const runtime = await runtimeOn(backend, {
      plugins: [{ name: "svc", services: [Counter, Broken] }],
    });
    const loaded = runtime.getServiceLoadPromise("counter");
    expect(runtime.getService("counter")).toBeNull();
    await runtime.initialize();
    const service = runtime.getService<InstanceType<typeof Counter>>("counter");
    expect(service).toBeInstanceOf(Counter);
    expect(service?.runtime).toBe(runtime);
    expect(await loaded).toBe(service);
    expect(runtime.hasService("counter")).toBe(true);
    expect(runtime.hasService("broken")).toBe(false);
    expect(runtime.getServicesByType("counter")).toEqual([service]);
    expect(runtime.getServicesByType("nothing")).toEqual([]);
    // "task": the runtime's own TaskService, there from construction (README "TaskService").
    expect(runtime.getRegisteredServiceTypes()).toEqual(["task", "counter"]);
    expect(runtime.getAllServices()).toBe(runtime.services);
    await runtime.registerService(serviceClass("late", log));
    expect(runtime.getService("late")).not.toBeNull();
    await runtime.stop();
    expect(log).toEqual(["start:counter", "start:late", "stop:counter", "stop:late"]);
    expect(runtime.services.size).toBe(0);
  });

  it("processActions calls handlers as elizaOS does and getActionResults reads the results", async () => {
    const seen: { previous?: number; responses?: Memory[]; state?: State }[] = [];
    const sent: string[] = [];
    const action = (name: string, returned: unknown): Action => ({
      name,
      description: name,
      validate: async () => true,
      handler: async (_runtime, _message, state, options, callback, responses) => {
        const previous = options?.actionContext?.previousResults.length;
        seen.push({ previous, responses, state });
        await callback?.({ text: `from ${name}` });
        return returned;
      },
    });
    const runtime = await runtimeOn(backend, {
      plugins: [
        {
          name: "acts",
          actions: [
            action("FIRST", { success: true, text: "one", values: { first: 1 } }),
            action("LEGACY", undefined),
            action("REFUSE", false),
          ],
        },
      ],
    });
    await runtime.initialize();
    const message = messageIn(runtime);
    const responses: Memory[] = [
      {
        entityId: runtime.agentId,
        roomId: message.roomId,
        content: { actions: ["FIRST", "legacy", "REFUSE"] },
      },
    ];
    const state: State = { values: { given: true }, data: {}, text: "" };
    const result = await runtime.processActions(message, responses, state, async (content) => {
      sent.push(String(content.text));
      return [];
    });
    expect(result).toBeUndefined();
    expect(sent).toEqual(["from FIRST", "from LEGACY", "from REFUSE"]);
    const results: ActionResult[] = runtime.getActionResults(message.id);
    expect(results.map((r) => r.success)).toEqual([true, true, false]);
    expect(results[0]?.text).toBe("one");
    expect(seen.map((s) => s.previous)).toEqual([0, 1, 2]);
    expect(seen[1]?.responses).toBe(responses);
    expect(seen[1]?.state?.values).toMatchObject({ given: true, first: 1 });
    expect(runtime.getActionResults(randomUuid())).toEqual([]);
  });

  it("evaluate runs validated evaluators with elizaOS's arguments and returns them", async () => {
    const calls: unknown[][] = [];
    const runtime = await runtimeOn(backend, {
      plugins: [
        {
          name: "evals",
          evaluators: [
            {
              name: "YES",
              description: "",
              validate: async () => true,
              handler: async (...args) => void calls.push(args),
            },
            { name: "NO", description: "", validate: async () => false, handler: async () => {} },
            {
              name: "THROWS",
              description: "",
              validate: async () => true,
              handler: async () => {
                throw new Error("evaluator bug");
              },
            },
          ],
        },
      ],
    });
    await runtime.initialize();
    const message = messageIn(runtime);
    const callback = async () => [];
    const responses: Memory[] = [];
    const ran = await runtime.evaluate(message, undefined, true, callback, responses);
    expect(ran?.map((e) => e.name)).toEqual(["YES"]);
    const [args] = calls;
    expect(args?.[0]).toBe(runtime);
    expect(args?.[3]).toEqual({});
    expect(args?.[4]).toBe(callback);
    expect(args?.[5]).toBe(responses);
    expect(await runtime.evaluate(message, undefined, false)).toEqual([]);
  });

  it("composeState caches by message id: providers see it, later calls merge over it", async () => {
    const seenStates: State[] = [];
    const provider = (name: string, extra: Partial<Provider> = {}): Provider => ({
      name,
      get: async (_r, _m, state) => {
        seenStates.push(state);
        return { text: `${name} text`, values: { [`${name}_value`]: name }, data: { n: name } };
      },
      ...extra,
    });
    const runtime = await runtimeOn(backend, {
      plugins: [{ name: "p", providers: [provider("A"), provider("B", { dynamic: true })] }],
    });
    await runtime.initialize();
    const message = messageIn(runtime);
    const first = await runtime.composeState(message);
    expect(first.text).toBe("A text");
    expect(first.values.providers).toBe("A text");
    expect(runtime.stateCache.get(message.id)).toBe(first);
    const second = await runtime.composeState(message, ["B"], true);
    expect(second.text).toBe("B text");
    expect(second.values).toMatchObject({ A_value: "A", B_value: "B", A: "A text", B: "B text" });
    expect(Object.keys(second.data.providers as object).sort()).toEqual(["A", "B"]);
    expect(seenStates[1]).toBe(first); // B was given the cached state
    const fresh = await runtime.composeState(message, ["B"], true, true);
    expect(fresh.values.A_value).toBeUndefined();

    const bounded = new StateCache(2);
    for (const key of ["a", "b", "c"]) bounded.set(key, first);
    expect([...bounded.keys()]).toEqual(["b", "c"]);
  });

  it("useModel: named provider, the null embedding probe, MODEL_USED, streams; getModel is the handler", async () => {
    const embedCalls: unknown[] = [];
    const runtime = await runtimeOn(backend, {
      settings: { EMBEDDING_DIMENSION: "4" },
      plugins: [
        {
          name: "low",
          priority: 1,
          models: {
            [ModelType.TEXT_LARGE]: async () => "low",
            [ModelType.TEXT_EMBEDDING]: async (_r: unknown, params: unknown) => {
              embedCalls.push(params);
              return [1, 2, 3, 4];
            },
          },
        },
        {
          name: "high",
          priority: 5,
          models: {
            [ModelType.TEXT_LARGE]: async () => ({
              textStream: (async function* () {
                yield "str";
                yield "eamed";
              })(),
            }),
          },
        },
      ],
    });
    await runtime.initialize();
    const used: Record<string, unknown>[] = [];
    runtime.registerEvent(EventType.MODEL_USED, async (payload) => void used.push(payload));
    const chunks: string[] = [];
    const text = await runtime.useModel(ModelType.TEXT_LARGE, {
      prompt: "hello",
      onStreamChunk: (c: string) => void chunks.push(c),
    });
    expect(text).toBe("streamed");
    expect(chunks).toEqual(["str", "eamed"]);
    expect(await runtime.useModel(ModelType.TEXT_LARGE, { prompt: "x" }, "low")).toBe("low");
    expect(used[0]).toMatchObject({
      type: "TEXT_LARGE",
      provider: "high",
      prompt: "hello",
      source: "runtime",
    });
    expect(used[0]?.runtime).toBe(runtime);

    expect(await runtime.useModel(ModelType.TEXT_EMBEDDING, null)).toEqual([0, 0, 0, 0]);
    expect(embedCalls).toEqual([]);
    expect(await runtime.useModel(ModelType.TEXT_EMBEDDING, "plain text")).toEqual([1, 2, 3, 4]);
    expect(embedCalls).toEqual(["plain text"]);

    const handler = runtime.getModel(ModelType.TEXT_LARGE);
    expect(typeof handler).toBe("function");
    expect(runtime.getModel("NO_SUCH_MODEL")).toBeUndefined();
    await expect(runtime.useModel("NO_SUCH_MODEL", {})).rejects.toThrow(
      "No handler found for delegate type",
    );

    const withMemory = await runtime.addEmbeddingToMemory({
      entityId: randomUuid(),
      roomId: randomUuid(),
      content: { text: "to embed" },
    });
    expect(withMemory.embedding).toEqual([1, 2, 3, 4]);
  });

  it("generateText wraps the prompt in the character unless asked not to", async () => {
    const model = scriptedModel((params) => params.prompt);
    const runtime = await runtimeOn(backend, { plugins: [model.plugin], bio: "A test agent." });
    await runtime.initialize();
    const wrapped = await runtime.generateText("Say hi");
    expect(wrapped.text).toContain(`# About ${runtime.character.name}`);
    expect(wrapped.text.endsWith("Say hi")).toBe(true);
    expect((await runtime.generateText("Bare", { includeCharacter: false })).text).toBe("Bare");
    await expect(runtime.generateText("  ")).rejects.toThrow("Input cannot be empty");
  });

  it("emitEvent: several events at once, payload with runtime and source; getEvent lists handlers", async () => {
    const runtime = await runtimeOn(backend);
    const got: string[] = [];
    const handler = async (payload: Record<string, unknown>) => {
      got.push(`${payload.source}:${payload.value}:${payload.runtime === runtime}`);
    };
    runtime.registerEvent("ONE", handler);
    runtime.registerEvent("TWO", handler);
    await runtime.emitEvent(["ONE", "TWO", "NOBODY"], { value: 1 });
    await runtime.emitEvent("ONE", { value: 2, source: "discord" });
    expect(got).toEqual(["runtime:1:true", "runtime:1:true", "discord:2:true"]);
    expect(runtime.getEvent("ONE")).toEqual([handler]);
    expect(runtime.getEvent("NOBODY")).toBeUndefined();
    expect(runtime.events.TWO).toEqual([handler]);
  });

  it("runtime.messageService.handleMessage runs the turn once, even when a MESSAGE_RECEIVED listener calls it again", async () => {
    const model = scriptedModel(
      "<response><actions>REPLY</actions><text>hello back</text></response>",
    );
    const runtime = await runtimeOn(backend, { plugins: [bootstrapPlugin, model.plugin] });
    await runtime.initialize();
    const received: Memory[] = [];
    runtime.registerEvent(EventType.MESSAGE_RECEIVED, async (payload) => {
      received.push(payload.message as Memory);
      // elizaOS 1.x connectors' pattern: answer the event with the message service.
      await runtime.messageService.handleMessage(
        runtime,
        payload.message as Memory,
        payload.callback as never,
      );
    });
    const message = messageIn(runtime, "hello");
    await runtime.ensureConnection({
      entityId: message.entityId,
      roomId: message.roomId,
      source: "test",
    });
    const delivered: unknown[][] = [];
    const result = await runtime.messageService.handleMessage(runtime, message, async (...args) => {
      delivered.push(args);
      return [];
    });
    expect(received).toHaveLength(1);
    expect(model.calls.filter((c) => c.type === ModelType.TEXT_LARGE)).toHaveLength(1);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toHaveLength(1); // elizaOS's callback gets the content only
    expect(result.didRespond).toBe(true);
    expect(result.responseContent?.text).toBe("hello back");
    expect(result.responseMessages).toHaveLength(1);
    expect(result.state).toBe(runtime.stateCache.get(message.id));
    // The message only: in elizaOS the connector's callback stores the replies it sends, and
    // this one stored nothing.
    expect(await runtime.countMemories(message.roomId)).toBe(1);

    const decision = runtime.messageService.shouldRespond(runtime, message);
    expect(decision).toMatchObject({ shouldRespond: true, skipEvaluation: true });
    const group: Memory = { ...message, content: { text: "weather?", channelType: "GROUP" } };
    expect(runtime.messageService.shouldRespond(runtime, group).shouldRespond).toBe(false);
    await runtime.messageService.clearChannel(runtime, message.roomId, "any");
    expect(await runtime.countMemories(message.roomId)).toBe(0);
  });

  it("runs, send handlers with TargetInfo, routes, and a refused database adapter", async () => {
    const route = { type: "GET" as const, path: "/hello" };
    const runtime = await runtimeOn(backend, { plugins: [{ name: "r", routes: [route] }] });
    await runtime.initialize();
    expect(runtime.routes).toEqual([route]);
    const runId = runtime.startRun();
    expect(runtime.getCurrentRunId()).toBe(runId);
    runtime.endRun();
    expect(runtime.getCurrentRunId()).not.toBe(runId);
    expect(runtime.createRunId()).not.toBe(runtime.createRunId());

    const targets: unknown[] = [];
    runtime.registerSendHandler("chat", async (_r, target, content) => {
      targets.push([target, content.text]);
    });
    await runtime.sendMessageToTarget({ source: "chat", channelId: "c1" }, { text: "hey" });
    expect(targets).toEqual([[{ source: "chat", channelId: "c1" }, "hey"]]);
    expect(await runtime.sendMessageToTarget({ source: "nowhere" }, { text: "x" })).toBe(false);
  });
});
