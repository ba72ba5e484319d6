// The runtime methods elizaOS 1.7.2 has that eliza-edge lacked, elizaOS's message for a model
// nobody registered, and the log rows and action results elizaOS writes, which dashboards and
// plugins read back with getLogs and getMemories. On the real in-memory backend.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type Action,
  AgentRuntime,
  type Memory,
  ModelType,
  Service,
  stringToUuid,
} from "../../core/elizaos/index.ts";
import type { UUID } from "../../core/index.ts";
import { API_TOKEN, apiApp } from "../support/api-app.ts";
import { real } from "../support/real-elizaos-core.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

class WidgetService extends Service {
  static override serviceType = "widget";
  override capabilityDescription = "widgets";
  static override async start(runtime: never) {
    return new WidgetService(runtime);
  }
  override async stop() {}
}

const memory = (text: string, id: string): Memory => ({
  id: stringToUuid(id),
  entityId: stringToUuid("user"),
  roomId: stringToUuid("room"),
  content: { text },
});

async function runtimeWith(settings: Record<string, string> = {}) {
  const storage = createMemoryStorage();
  const runtime = new AgentRuntime({
    character: { name: "Ada", settings },
    storage,
    logger: quiet,
    plugins: [
      {
        name: "widgets",
        description: "a service and a model",
        services: [WidgetService as never],
        models: { [ModelType.TEXT_SMALL]: async () => "small answer" },
      },
    ],
  });
  return { runtime, storage };
}

describe("elizaOS 1.7.2's runtime methods", () => {
  it("getTypedService, getServiceRegistrationStatus and getServiceHealth follow a service's start", async () => {
    const { runtime } = await runtimeWith();
    expect(runtime.getServiceRegistrationStatus("widget")).toBe("unknown");
    const starting = runtime.initialize();
    await starting;
    expect(runtime.getServiceRegistrationStatus("widget")).toBe("registered");
    expect(runtime.getTypedService<WidgetService>("widget")).toBeInstanceOf(WidgetService);
    expect(runtime.getServiceHealth().widget).toMatchObject({
      status: "registered",
      instances: 1,
    });
    expect(runtime.getServiceRegistrationStatus("nothing")).toBe("unknown");
  });

  it("ensureAgentExists creates the row once; ensureEntity returns what it made", async () => {
    const { runtime, storage } = await runtimeWith();
    const id = stringToUuid("other-agent");
    const first = await runtime.ensureAgentExists({ id, name: "Other" });
    expect(first).toMatchObject({ id, name: "Other" });
    expect(await runtime.ensureAgentExists({ id, name: "Renamed" })).toMatchObject({
      name: "Other",
    });
    expect((await storage.getAgents()).filter((a) => a.id === id)).toHaveLength(1);
    const entity = { id: stringToUuid("e"), names: ["E"], agentId: runtime.agentId };
    expect(await runtime.ensureEntity(entity)).toBe(entity);
    expect(await runtime.ensureEntity({ names: ["no id"], agentId: runtime.agentId })).toBeNull();
  });

  it("rerankMemories ranks as elizaOS's does (BM25; memories without a match left out)", async () => {
    const { runtime } = await runtimeWith();
    const memories = [
      memory("the weather was grey", "a"),
      memory("a bee stung me near the hive", "c"),
      memory("bees make honey from nectar, honey keeps", "b"),
    ];
    const ranked = await runtime.rerankMemories("honey bees", memories);
    const elizaOS = new real.AgentRuntime({ character: { name: "Ada" } } as never);
    const expected = await elizaOS.rerankMemories("honey bees", memories as never);
    expect(ranked.map((m) => m.id)).toEqual(expected.map((m) => m.id));
    expect(ranked[0]?.content.text).toMatch(/^bees make honey/);
  });

  it("an unregistered model type fails with elizaOS's message", async () => {
    const { runtime } = await runtimeWith();
    await expect(runtime.useModel("NO_SUCH_MODEL", { prompt: "x" })).rejects.toThrow(
      /^No handler found for delegate type: NO_SUCH_MODEL/,
    );
  });
});

describe("elizaOS's log rows and action results", () => {
  const action = (returns: unknown): Action => ({
    name: "COUNT",
    description: "counts",
    validate: async () => true,
    handler: async (runtime) => {
      await runtime.useModel(ModelType.TEXT_SMALL, { prompt: "count to three" });
      return returns as never;
    },
  });

  it("a direct useModel and processActions write useModel:<type>, action and action_result", async () => {
    const { runtime, storage } = await runtimeWith();
    await runtime.initialize();
    runtime.registerAction(action({ success: true, text: "three" }));
    await runtime.useModel(ModelType.TEXT_SMALL, { prompt: "hello" });
    const message = memory("count please", "m1");
    const response = { ...memory("on it", "r1"), content: { text: "on it", actions: ["COUNT"] } };
    await runtime.processActions(message, [response]);

    const logs = await storage.getLogs({ entityId: runtime.agentId });
    expect(logs.filter((l) => l.type === "useModel:TEXT_SMALL")).toHaveLength(2);
    const inAction = logs.find((l) => l.type === "useModel:TEXT_SMALL" && l.body.actionContext);
    expect(inAction?.body.actionContext).toMatchObject({ actionName: "COUNT" });
    const actionRows = await storage.getLogs({ entityId: message.entityId, type: "action" });
    expect(actionRows[0]?.body).toMatchObject({ action: "COUNT", messageId: message.id });

    const results = await storage.getMemories({ tableName: "messages", roomId: message.roomId });
    const kept = results.find((m) => m.content.type === "action_result");
    expect(kept?.content).toMatchObject({
      actionName: "COUNT",
      actionStatus: "completed",
      text: "three",
    });
    expect(kept?.metadata?.type).toBe("action_result");
    expect(runtime.getActionResults(message.id as UUID)[0]).toMatchObject({ text: "three" });
  });

  it("a failed result is kept as failed; a void return as elizaOS's { legacy }", async () => {
    const { runtime, storage } = await runtimeWith();
    await runtime.initialize();
    runtime.registerAction(action({ success: false, text: "could not" }));
    const message = memory("count please", "m2");
    await runtime.processActions(message, [
      { ...memory("on it", "r2"), content: { text: "on it", actions: ["COUNT"] } },
    ]);
    const kept = (await storage.getMemories({ tableName: "messages", roomId: message.roomId }))
      .map((m) => m.content)
      .find((c) => c.type === "action_result");
    expect(kept?.actionStatus).toBe("failed");

    const other = await runtimeWith();
    await other.runtime.initialize();
    other.runtime.registerAction(action(undefined));
    await other.runtime.processActions(message, [
      { ...memory("on it", "r3"), content: { text: "on it", actions: ["COUNT"] } },
    ]);
    const legacy = (
      await other.storage.getMemories({ tableName: "messages", roomId: message.roomId })
    )
      .map((m) => m.content)
      .find((c) => c.type === "action_result");
    expect(legacy).toMatchObject({ actionStatus: "completed", actionResult: { legacy: null } });
  });

  it("a message turn writes only its run's row unless ELIZAOS_LOG_ROWS=always", async () => {
    for (const [mode, perCall] of [
      [undefined, 0],
      ["always", 1],
    ] as const) {
      const { app, runtime } = await apiApp(mode ? { ELIZAOS_LOG_ROWS: mode } : {});
      const response = await app.request("http://agent.test/api/messages", {
        method: "POST",
        headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ text: "hello", userId: "ada" }),
      });
      expect(response.status).toBe(200);
      const logs = await runtime.storage.getLogs({ entityId: runtime.agentId });
      expect(logs.filter((l) => l.type.startsWith("useModel:")).length).toBe(perCall);
    }
  });
});
