import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type Action,
  AgentRuntime,
  EventType,
  type Memory,
  ModelType,
  type Plugin,
  type Provider,
  parseCharacter,
  stringToUuid,
} from "../../core/index.ts";

const character = parseCharacter({ name: "Tester" });
const roomId = stringToUuid("room");
const userId = stringToUuid("user");
const message: Memory = { entityId: userId, roomId, content: { text: "hi" } };

function runtimeWith(plugins: Plugin[], env: Record<string, unknown> = {}) {
  return new AgentRuntime({ character, storage: createMemoryStorage(), plugins, env });
}

const provider = (name: string, extra: Partial<Provider> = {}, text = name): Provider => ({
  name,
  get: async () => ({ text, values: { [`${name}_value`]: 1 } }),
  ...extra,
});

const action = (name: string, log: string[], extra: Partial<Action> = {}): Action => ({
  name,
  description: name,
  validate: async () => true,
  handler: async () => {
    log.push(name);
    return { success: true, text: name };
  },
  ...extra,
});

describe("plugins", () => {
  it("registers plugins after their dependencies and runs init with config from settings", async () => {
    const order: string[] = [];
    const a: Plugin = {
      name: "a",
      dependencies: ["b"],
      config: { A_KEY: "default", A_OTHER: "fallback" },
      init: async (config) => {
        order.push(`a:${config.A_KEY}:${config.A_OTHER}`);
      },
    };
    const b: Plugin = { name: "b", init: async () => void order.push("b") };
    const runtime = runtimeWith([a, b], { A_KEY: "from-env" });
    await runtime.initialize();
    expect(order).toEqual(["b", "a:from-env:fallback"]);
    expect(runtime.plugins.map((p) => p.name)).toEqual(["b", "a"]);
  });

  it("skips a missing dependency as elizaOS does (createAgent warns) and fails on a cycle", async () => {
    const lonely = runtimeWith([{ name: "a", dependencies: ["ghost"] }]);
    await lonely.initialize();
    expect(lonely.plugins.map((p) => p.name)).toEqual(["a"]);
    const cyclic = runtimeWith([
      { name: "a", dependencies: ["b"] },
      { name: "b", dependencies: ["a"] },
    ]);
    await expect(cyclic.initialize()).rejects.toThrow("cycle");
  });

  it("records the agent once and starts services", async () => {
    let started = 0;
    let stopped = 0;
    const runtime = runtimeWith([
      {
        name: "svc",
        services: [
          {
            serviceType: "counter",
            start: async () => {
              started++;
              return { stop: async () => void stopped++ };
            },
          },
        ],
      },
    ]);
    await Promise.all([runtime.initialize(), runtime.initialize()]);
    expect(started).toBe(1);
    expect(runtime.getService("counter")).toBeDefined();
    expect((await runtime.storage.getAgent(runtime.agentId))?.name).toBe("Tester");
    await runtime.stop();
    expect(stopped).toBe(1);
  });
});

describe("models", () => {
  it("uses the highest-priority handler, the first registered among equals", async () => {
    const runtime = runtimeWith([
      { name: "low", priority: -5, models: { [ModelType.TEXT_LARGE]: async () => "low" } },
      { name: "high", priority: 5, models: { [ModelType.TEXT_LARGE]: async () => "high" } },
      { name: "high2", priority: 5, models: { [ModelType.TEXT_LARGE]: async () => "high2" } },
    ]);
    await runtime.initialize();
    expect(await runtime.useModel(ModelType.TEXT_LARGE, { prompt: "x" })).toBe("high");
    expect(runtime.getModelRegistration(ModelType.TEXT_LARGE)?.provider).toBe("high");
  });

  it("says which model type is missing, in elizaOS's words", async () => {
    const runtime = runtimeWith([]);
    await expect(runtime.useModel(ModelType.TEXT_EMBEDDING, { text: "x" })).rejects.toThrow(
      "No handler found for delegate type: TEXT_EMBEDDING",
    );
  });
});

describe("composeState", () => {
  it("runs providers in parallel and orders their text by position", async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const slow = (name: string, position: number): Provider => ({
      name,
      position,
      get: async () => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return { text: name };
      },
    });
    const runtime = runtimeWith([
      { name: "p", providers: [slow("LAST", 10), slow("FIRST", -10), slow("MIDDLE", 0)] },
    ]);
    await runtime.initialize();
    const state = await runtime.composeState(message);
    expect(state.text).toBe("FIRST\n\nMIDDLE\n\nLAST");
    expect(maxInFlight).toBe(3);
    expect(state.values.FIRST).toBe("FIRST");
  });

  it("includes dynamic and private providers only when asked for by name", async () => {
    const runtime = runtimeWith([
      {
        name: "p",
        providers: [
          provider("PLAIN"),
          provider("DYN", { dynamic: true }),
          provider("SECRET", { private: true }),
        ],
      },
    ]);
    await runtime.initialize();
    expect((await runtime.composeState(message)).text).toBe("PLAIN");
    expect(
      (await runtime.composeState(message, ["dyn", "SECRET"])).text.split("\n\n").sort(),
    ).toEqual(["DYN", "PLAIN", "SECRET"]);
    expect((await runtime.composeState(message, ["SECRET"], true)).text).toBe("SECRET");
  });

  it("leaves out a failing provider and keeps the rest", async () => {
    const runtime = runtimeWith([
      {
        name: "p",
        providers: [
          provider("GOOD"),
          {
            name: "BROKEN",
            get: async () => {
              throw new Error("provider exploded");
            },
          },
        ],
      },
    ]);
    runtime.logger.warn = () => {};
    await runtime.initialize();
    const state = await runtime.composeState(message);
    expect(state.text).toBe("GOOD");
    expect(state.values.GOOD_value).toBe(1);
  });
});

describe("processActions", () => {
  const planned = (actions: string[]): Memory => ({
    entityId: stringToUuid("agent"),
    roomId,
    content: { actions, text: "t" },
  });
  const empty = { values: {}, data: {}, text: "" };
  const noSend = async () => [];

  it("runs planned actions in order, resolving names loosely and by simile", async () => {
    const log: string[] = [];
    const runtime = runtimeWith([
      {
        name: "p",
        actions: [
          action("SEND_MESSAGE", log),
          action("FOLLOW_ROOM", log, { similes: ["SUBSCRIBE"] }),
        ],
      },
    ]);
    runtime.logger.warn = () => {};
    await runtime.initialize();
    const results = await runtime.runActions(
      message,
      [planned(["send_message", "subscribe", "NOT_REGISTERED", "sendmessage"])],
      empty,
      noSend,
      { runId: runtime.newRunId() },
    );
    expect(log).toEqual(["SEND_MESSAGE", "FOLLOW_ROOM", "SEND_MESSAGE"]);
    expect(results.map((r) => r.text)).toEqual(["SEND_MESSAGE", "FOLLOW_ROOM", "SEND_MESSAGE"]);
  });

  it("in single mode runs only the first planned action", async () => {
    const log: string[] = [];
    const runtime = runtimeWith([{ name: "p", actions: [action("A", log), action("B", log)] }]);
    await runtime.initialize();
    await runtime.processActions(message, [planned(["A", "B"])], empty, noSend, {
      runId: runtime.newRunId(),
      mode: "single",
    });
    expect(log).toEqual(["A"]);
  });

  it("skips actions that do not validate, records a throwing one and continues, passes earlier results on", async () => {
    const log: string[] = [];
    const seen: number[] = [];
    const runtime = runtimeWith([
      {
        name: "p",
        actions: [
          action("NOPE", log, { validate: async () => false }),
          action("BOOM", log, {
            handler: async () => {
              throw new Error("kaput");
            },
          }),
          action("AFTER", log, {
            handler: async (_r, _m, _s, options) => {
              seen.push(options?.actionContext?.previousResults.length ?? -1);
              log.push("AFTER");
              return { success: true };
            },
          }),
        ],
      },
    ]);
    runtime.logger.error = () => {};
    await runtime.initialize();
    const events: string[] = [];
    runtime.registerEvent(EventType.ACTION_STARTED, (p) => void events.push(`start:${p.action}`));
    runtime.registerEvent(EventType.ACTION_COMPLETED, (p) => void events.push(`done:${p.action}`));
    const results = await runtime.runActions(
      message,
      [planned(["NOPE", "BOOM", "AFTER"])],
      empty,
      noSend,
      { runId: runtime.newRunId() },
    );
    expect(log).toEqual(["AFTER"]);
    expect(results[0]).toMatchObject({ success: false, error: expect.stringContaining("kaput") });
    expect(seen).toEqual([1]);
    expect(events).toEqual(["start:BOOM", "done:BOOM", "start:AFTER", "done:AFTER"]);
  });
});

describe("events and evaluators", () => {
  it("a failing event handler does not stop the others", async () => {
    const runtime = runtimeWith([]);
    runtime.logger.error = () => {};
    const got: unknown[] = [];
    runtime.registerEvent("CUSTOM", () => {
      throw new Error("bad handler");
    });
    runtime.registerEvent("CUSTOM", (p) => void got.push(p.value));
    await runtime.emitEvent("CUSTOM", { value: 42 });
    expect(got).toEqual([42]);
  });

  it("runs evaluators that validate; only alwaysRun ones when the agent stayed quiet", async () => {
    const ran: string[] = [];
    const evaluator = (name: string, alwaysRun = false, valid = true) => ({
      name,
      description: name,
      alwaysRun,
      validate: async () => valid,
      handler: async () => void ran.push(name),
    });
    const runtime = runtimeWith([
      {
        name: "p",
        evaluators: [
          evaluator("normal"),
          evaluator("always", true),
          evaluator("invalid", true, false),
        ],
      },
    ]);
    await runtime.initialize();
    const state = { values: {}, data: {}, text: "" };
    await runtime.evaluate(message, state, false, undefined, []);
    expect(ran).toEqual(["always"]);
    ran.length = 0;
    await runtime.evaluate(message, state, true, undefined, []);
    expect(ran.sort()).toEqual(["always", "normal"]);
  });
});

describe("ensureConnection", () => {
  it("creates world, room, entities and participants once, insert-if-absent", async () => {
    const runtime = runtimeWith([]);
    await runtime.initialize();
    const params = { entityId: userId, roomId, userName: "ann", source: "test" };
    await runtime.ensureConnection(params);
    await runtime.ensureConnection(params);
    runtime.forgetConnections();
    await runtime.ensureConnection({ ...params, userName: "renamed" });
    const entities = await runtime.storage.getEntitiesForRoom(roomId);
    expect(entities.map((e) => e.names[0]).sort()).toEqual(["Tester", "ann"]);
    expect(await runtime.storage.getParticipantsForRoom(roomId)).toHaveLength(2);
    const [room] = await runtime.storage.getRoomsByIds([roomId]);
    expect(room?.source).toBe("test");
    expect(room?.worldId && (await runtime.storage.getWorld(room.worldId))).toBeTruthy();
  });
});
