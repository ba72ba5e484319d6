// The elizaOS helpers plugin-bootstrap and other published plugins call, run against a real
// runtime over MemoryStorage and a scripted model.
import * as elizaos from "@elizaos/core";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  ChannelType,
  type Component,
  composeActionExamples,
  composePromptFromState,
  createMessageMemory,
  createUniqueUuid,
  decryptStringValue,
  defineService,
  encryptStringValue,
  findEntityByName,
  findWorldsForOwner,
  formatActionNames,
  formatActions,
  formatEntities,
  formatMessages,
  getEntityDetails,
  getSalt,
  getUserServerRole,
  getWorldSettings,
  isMessageMetadata,
  type Memory,
  parseCharacter,
  Role,
  Service,
  type State,
  saltWorldSettings,
  setEnv,
  stringToUuid,
  truncateToCompleteSentence,
  type UUID,
  unsaltWorldSettings,
  updateWorldSettings,
  type WorldSettings,
} from "../../core/elizaos/index.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const state = (values: Record<string, unknown>, extra: Record<string, unknown> = {}): State =>
  ({ values, data: {}, text: "", ...extra }) as State;

describe("composePromptFromState (Handlebars semantics, no eval)", () => {
  it("fills {{var}}s from state.values, which win over top-level keys", () => {
    const prompt = composePromptFromState({
      state: state(
        { agentName: "Eliza", providers: "# About Eliza" },
        { agentName: "ignored", extra: "x" },
      ),
      template: "<task>{{agentName}}</task>\n{{providers}}\n{{extra}}{{missing}}",
    });
    expect(prompt).toBe("<task>Eliza</task>\n# About Eliza\nx");
  });

  it("renders #if/else, #unless, #each with @index and paths, and never re-reads values", () => {
    const template = [
      "{{#if entitiesInRoom}}in room: {{entitiesInRoom}}{{else}}nobody{{/if}}",
      "{{#unless muted}}talking{{/unless}}",
      "{{#each tasks}}{{@index}}.{{name}}[{{#each options}}{{this}}{{#unless @last}},{{/unless}}{{/each}}]{{/each}}",
      "{{nextSetting.name}} {{{raw}}} {{! a comment }}{{user}}",
    ].join("\n");
    const prompt = composePromptFromState({
      state: state({
        entitiesInRoom: "Alice",
        muted: false,
        tasks: [
          { name: "a", options: ["x", "y"] },
          { name: "b", options: [] },
        ],
        nextSetting: { name: "API_KEY" },
        raw: "<b>&</b>",
        user: "{{nextSetting.name}} {{#if x}}",
      }),
      template,
    });
    expect(prompt).toBe(
      "in room: Alice\ntalking\n0.a[x,y]1.b[]\nAPI_KEY <b>&</b> {{nextSetting.name}} {{#if x}}",
    );
    expect(
      composePromptFromState({
        state: state({}),
        template: "{{#if entitiesInRoom}}x{{else}}none{{/if}}",
      }),
    ).toBe("none");
  });

  it("accepts a template function and leaves unclosed braces as text", () => {
    const prompt = composePromptFromState({
      state: state({ n: 2 }),
      template: ({ state: s }) => `n={{n}} keys=${Object.keys(s).length} {{unclosed`,
    });
    expect(prompt).toBe("n=2 keys=3 {{unclosed");
  });

  it("renders what elizaOS's Handlebars renders for bootstrap-style templates", () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      [
        "{{#each tasks}}Task {{taskId}}: {{name}}\n{{#each options}}- {{name}}: {{description}}\n{{/each}}{{/each}}",
        {
          tasks: [{ taskId: "t1", name: "Pick", options: [{ name: "A", description: "first" }] }],
        },
      ],
      [
        "{{#if existingData}}Data: {{existingData}}{{/if}}|{{count}}|{{flag}}|{{list}}",
        {
          existingData: "",
          count: 0,
          flag: false,
          list: ["a", "b"],
        },
      ],
    ];
    cases.push(
      [
        "# Entities\n{{#if entitiesInRoom}}\n{{entitiesInRoom}}\n{{/if}}\n\n{{recentMessages}}\n",
        { entitiesInRoom: "Alice", recentMessages: "hi" },
      ],
      [
        "  {{#if a}}  \n  x\n  {{else}}\n  y\n  {{/if}}  \nend {{#if a}}inline{{/if}} z",
        { a: false },
      ],
      [
        "{{#each tasks}}\n- {{name}}\n  {{#each options}}\n  * {{this}}\n  {{/each}}\n{{/each}}\n",
        {
          tasks: [
            { name: "t", options: ["o1", "o2"] },
            { name: "u", options: [] },
          ],
        },
      ],
      ["{{! comment }}\nline\n{{!-- long --}}\n", {}],
    );
    for (const [template, values] of cases) {
      expect(composePromptFromState({ state: state(values), template })).toBe(
        elizaos.composePromptFromState({ state: state(values) as never, template }),
      );
    }
  });
});

describe("formatters", () => {
  const alice = stringToUuid("alice");
  const entities = [{ id: alice, names: ["Alice"], agentId: stringToUuid("agent") }];

  it("formatMessages writes elizaOS's conversation lines, oldest first", () => {
    const now = Date.now();
    const messages: Memory[] = [
      {
        entityId: alice,
        roomId: stringToUuid("r"),
        createdAt: now,
        content: { text: "second", actions: ["REPLY"], thought: "hm" },
      },
      {
        entityId: alice,
        roomId: stringToUuid("r"),
        createdAt: now - 120_000,
        content: {
          text: "first",
          attachments: [{ id: "a1", title: "Img", url: "http://x/i.png" }],
        },
      },
    ];
    const text = formatMessages({ messages, entities });
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^\d\d:\d\d \(2 minutes ago\) \[.+\] Alice: first$/);
    expect(lines[1]).toBe(" (Attachments: [a1 - Img (http://x/i.png)])");
    expect(lines[2]).toMatch(/Alice: second$/);
    expect(lines[3]).toBe("(Alice's internal thought: hm)");
    expect(lines[4]).toBe(" (Alice's actions: REPLY)");
  });

  it("formats actions, examples, entities and truncation as elizaOS does", () => {
    const actions = [
      {
        name: "REPLY",
        description: "Reply",
        validate: async () => true,
        handler: async () => undefined,
        examples: [
          [
            { name: "{{name1}}", content: { text: "hi" } },
            { name: "Eliza", content: { text: "hello {{name1}}" } },
          ],
        ],
      },
      {
        name: "IGNORE",
        description: "",
        validate: async () => true,
        handler: async () => undefined,
      },
    ];
    expect(formatActionNames(actions).split(", ").sort()).toEqual(["IGNORE", "REPLY"]);
    expect(formatActions(actions).split("\n").sort()).toEqual([
      "- **IGNORE**: No description available",
      "- **REPLY**: Reply",
    ]);
    const example = composeActionExamples(actions, 5);
    expect(example).toMatch(/^\n(\w+): hi\nEliza: hello \1$/);
    const [first] = entities;
    expect(
      formatEntities({
        entities: [
          { id: alice, names: ["Alice"], agentId: first?.agentId ?? alice, metadata: { a: 1 } },
        ],
      }),
    ).toBe(`"Alice"\nID: ${alice}\nData: {"a":1}\n`);
    expect(truncateToCompleteSentence("One. Two three four", 12)).toBe("One.");
    expect(truncateToCompleteSentence("alpha beta gamma", 12)).toBe("alpha beta...");
  });

  it("createMessageMemory stamps a message memory", () => {
    const memory = createMessageMemory({ entityId: alice, roomId: alice, content: { text: "x" } });
    expect(memory.metadata.scope).toBe("shared");
    expect(isMessageMetadata(memory.metadata)).toBe(true);
    expect(typeof memory.createdAt).toBe("number");
  });
});

async function world() {
  const model = scriptedModel();
  const runtime = new AgentRuntime({
    character: parseCharacter({ name: "Eliza" }),
    storage: createMemoryStorage(),
    env: {},
    plugins: [model.plugin],
  });
  await runtime.initialize();
  const worldId = createUniqueUuid(runtime, "server-1");
  const roomId = createUniqueUuid(runtime, "channel-1");
  const alice = createUniqueUuid(runtime, "tg-alice");
  const bob = createUniqueUuid(runtime, "tg-bob");
  await runtime.storage.createWorld({
    id: worldId,
    name: "Server",
    agentId: runtime.agentId,
    serverId: "server-1",
    metadata: { ownership: { ownerId: alice }, roles: { [alice]: Role.OWNER, [bob]: Role.ADMIN } },
  });
  await runtime.storage.createRooms([
    {
      id: roomId,
      name: "general",
      agentId: runtime.agentId,
      source: "telegram",
      type: ChannelType.GROUP,
      worldId,
    },
  ]);
  await runtime.storage.createEntities([
    {
      id: alice,
      names: ["alice_tg", "Alice"],
      agentId: runtime.agentId,
      metadata: { telegram: { name: "Alice T" } },
    },
    { id: bob, names: ["Bob"], agentId: runtime.agentId, metadata: {} },
  ]);
  const component = (
    id: string,
    entityId: UUID,
    source: UUID,
    data: Record<string, unknown>,
  ): Component => ({
    id: stringToUuid(id),
    entityId,
    agentId: runtime.agentId,
    roomId,
    worldId,
    sourceEntityId: source,
    type: "profile",
    createdAt: 1,
    data,
  });
  await runtime.storage.createComponent(
    component("c1", alice, alice, { tags: ["a"], prefs: { x: 1 }, city: "Oslo" }),
  );
  await runtime.storage.createComponent(
    component("c2", alice, bob, { tags: ["b"], prefs: { y: 2 }, city: "Rome" }),
  );
  await runtime.storage.addParticipantsRoom([alice, bob], roomId);
  return { runtime, model, worldId, roomId, alice, bob };
}

describe("entities, roles and world settings against a real runtime", () => {
  it("getEntityDetails merges components and uses the platform name, as elizaOS does", async () => {
    const { runtime, roomId, alice, bob } = await world();
    const details = await getEntityDetails({ runtime, roomId });
    const byId = new Map(details.map((d) => [d.id, d]));
    expect(details).toHaveLength(2);
    expect(byId.get(alice)?.name).toBe("Alice T");
    expect(byId.get(bob)?.name).toBe("Bob");
    expect(JSON.parse(byId.get(alice)?.data ?? "{}")).toEqual({
      tags: ["b"],
      prefs: { y: 2 },
      city: "Rome",
      telegram: { name: "Alice T" },
    });
    // elizaOS's own function over the same rows gives the same details.
    const rows = {
      getRoom: async (id: UUID) => (await runtime.storage.getRoomsByIds([id]))[0] ?? null,
      getEntitiesForRoom: (id: UUID) => runtime.storage.getEntitiesForRoom(id, true),
    };
    expect(await elizaos.getEntityDetails({ runtime: rows as never, roomId })).toEqual(details);
  });

  it("findEntityByName resolves the model's answer to an entity in the room", async () => {
    const { runtime, model, roomId, alice, bob } = await world();
    const message: Memory = { entityId: bob, roomId, content: { text: "what does alice like?" } };
    model.small.push(
      "<response><type>NAME_MATCH</type><matches><match><name>alice</name><reason>named</reason></match></matches></response>",
    );
    const found = await findEntityByName(runtime, message, state({}));
    expect(found?.id).toBe(alice);
    expect(model.calls.at(-1)?.params.prompt).toContain("alice_tg");
    model.small.push(`<response><type>EXACT_MATCH</type><entityId>${bob}</entityId></response>`);
    expect((await findEntityByName(runtime, message, state({})))?.id).toBe(bob);
    model.small.push("no idea");
    expect(await findEntityByName(runtime, message, state({}))).toBeNull();
  });

  it("reads roles and owned worlds from world metadata", async () => {
    const { runtime, alice, bob, worldId } = await world();
    expect(await getUserServerRole(runtime, alice, "server-1")).toBe(Role.OWNER);
    expect(await getUserServerRole(runtime, bob, "server-1")).toBe(Role.ADMIN);
    expect(await getUserServerRole(runtime, stringToUuid("nobody"), "server-1")).toBe(Role.NONE);
    expect(await getUserServerRole(runtime, alice, "other-server")).toBe(Role.NONE);
    expect((await findWorldsForOwner(runtime, alice))?.map((w) => w.id)).toEqual([worldId]);
    expect(await findWorldsForOwner(runtime, bob)).toBeNull();
    expect(await findWorldsForOwner(runtime, "")).toBeNull();
  });

  it("stores world settings with secrets encrypted and reads them back", async () => {
    const { runtime, worldId } = await world();
    const settings: WorldSettings = {
      API_KEY: {
        name: "API_KEY",
        description: "key",
        value: "sk-123",
        required: true,
        secret: true,
      },
      NAME: { name: "NAME", description: "name", value: "Bot", required: false },
    };
    expect(await updateWorldSettings(runtime, "server-1", settings)).toBe(true);
    const stored = (await runtime.storage.getWorld(worldId))?.metadata?.settings as WorldSettings;
    expect(stored.API_KEY?.value).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/);
    expect(stored.NAME?.value).toBe("Bot");
    expect((await getWorldSettings(runtime, "server-1"))?.API_KEY?.value).toBe("sk-123");
    expect(await updateWorldSettings(runtime, "missing-server", settings)).toBe(false);
  });
});

describe("secret encryption interoperates with elizaOS", () => {
  it("decrypts what elizaOS encrypted and the other way round", () => {
    const salt = "a-salt";
    expect(decryptStringValue(elizaos.encryptStringValue("päss wörd", salt), salt)).toBe(
      "päss wörd",
    );
    expect(elizaos.decryptStringValue(encryptStringValue("päss wörd", salt), salt)).toBe(
      "päss wörd",
    );
  });

  it("leaves plain, already-encrypted and wrongly-salted values alone", () => {
    const once = encryptStringValue("v", "s");
    expect(encryptStringValue(once, "s")).toBe(once);
    expect(decryptStringValue("plain", "s")).toBe("plain");
    expect(decryptStringValue(once, "other")).toBe(once);
    const settings: WorldSettings = {
      K: { name: "K", description: "", value: "v", required: false, secret: true },
    };
    expect(unsaltWorldSettings(saltWorldSettings(settings, "s"), "s")).toEqual(settings);
  });

  it("takes the salt from setEnv, defaulting to elizaOS's", () => {
    expect(getSalt()).toBe("secretsalt");
    setEnv("SECRET_SALT", "mine");
    expect(getSalt()).toBe("mine");
    setEnv("SECRET_SALT", "");
    expect(getSalt()).toBe("secretsalt");
  });
});

describe("Service", () => {
  class CounterService extends Service {
    static override serviceType = "counter";
    override capabilityDescription = "Counts";
    stopped = 0;
    override async stop(): Promise<void> {
      this.stopped++;
    }
    static override async start(runtime: AgentRuntime): Promise<CounterService> {
      return new CounterService(runtime);
    }
    agent(): UUID {
      return this.runtime.agentId;
    }
  }
  class DefaultStart extends Service {
    static override serviceType = "default-start";
  }

  it("starts through the plugin's services, stores the runtime and stops", async () => {
    const built = defineService({
      serviceType: "built",
      description: "Built",
      start: async () => new DefaultStart(),
    });
    const runtime = new AgentRuntime({
      character: parseCharacter({ name: "Eliza" }),
      storage: createMemoryStorage(),
      env: {},
      plugins: [{ name: "svc", services: [CounterService, DefaultStart, built] }],
    });
    await runtime.initialize();
    const counter = runtime.getService<CounterService>("counter");
    expect(counter).toBeInstanceOf(CounterService);
    expect(counter?.agent()).toBe(runtime.agentId);
    expect(counter?.capabilityDescription).toBe("Counts");
    expect(runtime.getService("default-start")).toBeInstanceOf(DefaultStart);
    expect(new built().capabilityDescription).toBe("Built");
    await CounterService.stop(runtime);
    expect(counter?.stopped).toBe(1);
    await runtime.stop();
    expect(counter?.stopped).toBe(2);
  });
});
