// elizaOS's AgentRuntime as elizaOS users build it: `new AgentRuntime({ character, adapter })`
// with a character of a name and a bio, what initialize() makes, plugin init failures, and one
// storage object refused to a second agent. The storage is the real in-memory backend.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  ChannelType,
  CharacterError,
  type Plugin,
  stringToUuid,
} from "../../core/elizaos/index.ts";
import { createAgent, type UUID } from "../../core/index.ts";
import { captureLogger } from "../plugins/capture-logger.ts";
import { API_TOKEN, apiApp } from "../support/api-app.ts";

const quiet = captureLogger();

describe("new AgentRuntime({ character, adapter })", () => {
  it("keeps a character without settings or secrets as given, and takes `adapter` as storage", async () => {
    const character = { name: "Ada", bio: "Counts things." };
    const storage = createMemoryStorage();
    const runtime = new AgentRuntime({ character, adapter: storage, logger: quiet });
    expect(runtime.character).toBe(character);
    expect(runtime.character).toEqual({ name: "Ada", bio: "Counts things." });
    expect(JSON.parse(JSON.stringify(runtime.character))).toEqual(character);
    expect(runtime.adapter).toBe(storage);
    expect(runtime.agentId).toBe(stringToUuid("Ada"));
    expect(runtime.getSetting("NOTHING")).toBeNull();
    // A setting written later is part of the character, as in elizaOS.
    runtime.setSetting("MOOD", "curious");
    expect(JSON.parse(JSON.stringify(runtime.character)).settings).toEqual({ MOOD: "curious" });
    await runtime.initialize();
    expect(await storage.getAgent(runtime.agentId)).not.toBeNull();
  });

  it("constructs without any storage and fails initialize with elizaOS's message", async () => {
    const runtime = new AgentRuntime({ character: { name: "Ada" }, logger: quiet });
    await expect(runtime.initialize()).rejects.toThrow(
      /^Database adapter not initialized: new AgentRuntime was given neither `adapter`/,
    );
  });

  it("names the field of a character that does not validate", () => {
    expect(
      () =>
        new AgentRuntime({
          character: { name: "Ada", bio: 42 } as never,
          adapter: createMemoryStorage(),
        }),
    ).toThrow(CharacterError);
    expect(
      () =>
        new AgentRuntime({
          character: { name: "Ada", bio: 42 } as never,
          adapter: createMemoryStorage(),
        }),
    ).toThrow(/the `character` option of new AgentRuntime: character\.bio/);
  });
});

describe("initialize()", () => {
  it("makes the agent's entity, its world and its SELF room with the agent in it, as elizaOS 1.7.2", async () => {
    const storage = createMemoryStorage();
    const runtime = new AgentRuntime({ character: { name: "Ada" }, storage, logger: quiet });
    await runtime.initialize();
    const id = runtime.agentId;
    expect((await storage.getEntitiesByIds([id]))[0]).toMatchObject({ id, names: ["Ada"] });
    expect(await storage.getWorld(id)).toMatchObject({ id, name: "Ada's World", agentId: id });
    expect((await storage.getRoomsByIds([id]))[0]).toMatchObject({
      id,
      name: "Ada",
      source: "elizaos",
      type: ChannelType.SELF,
      worldId: id,
    });
    expect(await storage.getParticipantsForRoom(id)).toEqual([id]);
  });

  it("writes them once: a later cold start of the same agent only reads its row", async () => {
    const storage = createMemoryStorage();
    await new AgentRuntime({ character: { name: "Ada" }, storage, logger: quiet }).initialize();
    const writes: string[] = [];
    const counted = new Proxy(storage, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (typeof value !== "function" || typeof name !== "string") return value;
        return (...args: unknown[]) => {
          if (/^(batch|create|update|ensure)/.test(name)) writes.push(name);
          return value.apply(target, args);
        };
      },
    });
    await new AgentRuntime({
      character: { name: "Ada" },
      storage: counted,
      logger: quiet,
    }).initialize();
    expect(writes).toEqual([]);
  });

  it("starts without a plugin whose init throws, naming it; PLUGIN_INIT_FATAL makes it fatal", async () => {
    const broken: Plugin = {
      name: "needs-a-key",
      description: "fails without its key",
      init: async () => {
        throw new Error("WIDGET_API_KEY is not set");
      },
      actions: [
        {
          name: "WIDGET",
          description: "never registered",
          validate: async () => true,
          handler: async () => undefined,
        },
      ],
    };
    const logger = captureLogger();
    const runtime = new AgentRuntime({
      character: { name: "Ada" },
      storage: createMemoryStorage(),
      plugins: [broken],
      logger,
    });
    await runtime.initialize();
    expect(runtime.plugins.map((p) => p.name)).not.toContain("needs-a-key");
    expect(runtime.actions.map((a) => a.name)).not.toContain("WIDGET");
    expect(logger.at("error").join("\n")).toMatch(/plugin "needs-a-key" failed to initialize/);

    const fatal = new AgentRuntime({
      character: { name: "Ada", settings: { PLUGIN_INIT_FATAL: "true" } },
      storage: createMemoryStorage(),
      plugins: [broken],
      logger: quiet,
    });
    await expect(fatal.initialize()).rejects.toThrow("WIDGET_API_KEY is not set");
  });
});

describe("one storage object, two agents", () => {
  it("keeps each agent's knowledge and memories its own", async () => {
    // Made for no agent in particular, as a script or a multi-agent test makes one.
    const storage = createMemoryStorage({ embeddingDimension: 2 });
    const ada = await createAgent({ character: { name: "Ada" }, storage, logger: quiet });
    const bob = await createAgent({ character: { name: "Bob" }, storage, logger: quiet });
    const roomId = stringToUuid("shared-room");
    const write = (agent: typeof ada, text: string, tableName: string) =>
      agent.createMemory(
        {
          id: stringToUuid(`${agent.agentId}:${text}`),
          entityId: agent.agentId,
          roomId,
          content: { text },
          embedding: [1, 0],
        },
        tableName,
      );
    await write(ada, "Ada's secret: the door code is 1234", "fragments");
    await write(ada, "Ada said hello", "messages");
    await write(bob, "Bob said hello", "messages");

    const asked = { entityId: stringToUuid("u"), roomId, content: { text: "code?" } };
    const knowledgeOf = async (agent: typeof ada) =>
      (
        await agent.providers
          .find((p) => p.name === "KNOWLEDGE")
          ?.get(agent, { ...asked, embedding: [1, 0] }, { values: {}, data: {}, text: "" })
      )?.text ?? "";
    expect(await knowledgeOf(ada)).toContain("door code is 1234");
    expect(await knowledgeOf(bob)).toBe("");
    const said = async (agent: typeof ada) =>
      (await agent.getMemories({ tableName: "messages", roomId })).map((m) => m.content.text);
    expect(await said(ada)).toEqual(["Ada said hello"]);
    expect(await said(bob)).toEqual(["Bob said hello"]);
    const found = await bob.searchMemories({ tableName: "fragments", embedding: [1, 0] });
    expect(found).toEqual([]);
  });
});

describe("a message the loop stores", () => {
  it("carries metadata.type 'message', the user's and the reply alike", async () => {
    const { app, runtime } = await apiApp();
    const response = await app.request("http://agent.test/api/messages", {
      method: "POST",
      headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "Remember the blue door", userId: "ada" }),
    });
    expect(response.status).toBe(200);
    const { roomUuid } = (await response.json()) as { roomUuid: UUID };
    const stored = await runtime.storage.getMemories({ tableName: "messages", roomId: roomUuid });
    expect(stored.map((m) => m.content.text).sort()).toEqual(["Noted.", "Remember the blue door"]);
    expect(stored.map((m) => m.metadata?.type)).toEqual(["message", "message"]);
  });
});

describe("getConversationLength", () => {
  it("stays bound to its runtime when a plugin keeps the function", () => {
    const runtime = new AgentRuntime({
      character: { name: "Ada" },
      storage: createMemoryStorage(),
      conversationLength: 7,
      logger: quiet,
    });
    const { getConversationLength } = runtime;
    expect(getConversationLength()).toBe(7);
  });
});
