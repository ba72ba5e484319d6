// composeState as elizaOS shapes it: cached by message id in a bounded LRU, later calls for the
// same message run only the providers not composed yet, and the text is built from cached and
// fresh results in position order. Through the public API, on the memory backend.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  ChannelType,
  createAgent,
  type Memory,
  messageService,
  type Plugin,
  type Provider,
  parseCharacter,
  type State,
  stringToUuid,
  type UUID,
} from "../../core/index.ts";
import { scriptedModel } from "../support/scripted-model.ts";

const character = parseCharacter({ name: "Tester" });
const roomId = stringToUuid("state-room");
const userId = stringToUuid("state-user");
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

const messageNumbered = (n: number): Memory & { id: UUID } => ({
  id: stringToUuid(`state-message-${n}`),
  entityId: userId,
  roomId,
  content: { text: `message ${n}` },
});

/** Providers that count their runs and record the state each was given. */
function counted() {
  const runs: Record<string, number> = {};
  const seen: Record<string, State[]> = {};
  const make = (name: string, extra: Partial<Provider> = {}): Provider => ({
    name,
    get: async (_runtime, _message, state) => {
      runs[name] = (runs[name] ?? 0) + 1;
      seen[name] = [...(seen[name] ?? []), state];
      return { text: `${name} text`, values: { [`${name}_value`]: name }, data: { from: name } };
    },
    ...extra,
  });
  return { runs, seen, make };
}

async function runtimeWith(providers: Provider[]): Promise<AgentRuntime> {
  const runtime = new AgentRuntime({
    character,
    storage: createMemoryStorage(),
    plugins: [{ name: "providers", providers }],
    logger: quiet,
  });
  await runtime.initialize();
  return runtime;
}

describe("composeState and the state cache", () => {
  it("a second call for the same message runs no provider again and returns the same state", async () => {
    const { runs, make } = counted();
    const runtime = await runtimeWith([make("A", { position: 1 }), make("B", { position: 2 })]);
    const message = messageNumbered(1);
    const first = await runtime.composeState(message);
    const again = await runtime.composeState(message);
    expect(runs).toEqual({ A: 1, B: 1 });
    expect(again.text).toBe("A text\n\nB text");
    expect(again.values).toMatchObject({ A_value: "A", B_value: "B", providers: again.text });
    expect(again.data.providers).toEqual(first.data.providers);
    expect(runtime.stateCache.get(message.id)).toBe(again);
  });

  it("an extra provider runs alone; the text holds cached and fresh results in position order", async () => {
    const { runs, seen, make } = counted();
    const runtime = await runtimeWith([
      make("FIRST", { position: -5 }),
      make("EXTRA", { position: 0, dynamic: true }),
      make("LAST", { position: 5 }),
    ]);
    const message = messageNumbered(2);
    const first = await runtime.composeState(message);
    expect(first.text).toBe("FIRST text\n\nLAST text");
    const second = await runtime.composeState(message, ["extra"]);
    expect(runs).toEqual({ FIRST: 1, LAST: 1, EXTRA: 1 });
    expect(second.text).toBe("FIRST text\n\nEXTRA text\n\nLAST text");
    expect(second.values).toMatchObject({ FIRST_value: "FIRST", EXTRA_value: "EXTRA" });
    // The extra provider saw the state built so far: the defaults' values and text.
    expect(seen.EXTRA?.[0]?.values.FIRST_value).toBe("FIRST");
    expect(seen.EXTRA?.[0]?.text).toBe("FIRST text\n\nLAST text");
  });

  it("a provider the caller names runs again for a fresh result; the unnamed stay cached", async () => {
    const { runs, make } = counted();
    const runtime = await runtimeWith([make("A", { position: 1 }), make("B", { position: 2 })]);
    const message = messageNumbered(9);
    await runtime.composeState(message);
    await runtime.composeState(message, ["b"]);
    expect(runs).toEqual({ A: 1, B: 2 });
  });

  it("state.data.providers[NAME] holds each provider's result with its name", async () => {
    const { make } = counted();
    const runtime = await runtimeWith([make("A")]);
    const state = await runtime.composeState(messageNumbered(3));
    expect((state.data.providers as Record<string, unknown>).A).toEqual({
      text: "A text",
      values: { A_value: "A" },
      data: { from: "A" },
      providerName: "A",
    });
  });

  it("skipCache runs every provider anew and starts from an empty state", async () => {
    const { runs, seen, make } = counted();
    const runtime = await runtimeWith([make("A")]);
    const message = messageNumbered(4);
    await runtime.composeState(message);
    const fresh = await runtime.composeState(message, null, false, true);
    expect(runs.A).toBe(2);
    expect(seen.A?.[1]).toEqual({ values: {}, data: {}, text: "" });
    expect(fresh.text).toBe("A text");
  });

  it("onlyInclude runs the named providers anew and its text holds theirs only", async () => {
    const { runs, make } = counted();
    const runtime = await runtimeWith([make("A"), make("B")]);
    const message = messageNumbered(5);
    await runtime.composeState(message);
    const only = await runtime.composeState(message, ["B"], true);
    expect(runs).toEqual({ A: 1, B: 2 });
    expect(only.text).toBe("B text");
    expect(only.values.A_value).toBe("A"); // the cached results stay in values and data
    expect(Object.keys(only.data.providers as object).sort()).toEqual(["A", "B"]);
  });

  it("a failing provider is left out, never fails the call, and is tried again later", async () => {
    const { make } = counted();
    let failures = 0;
    const broken: Provider = {
      name: "BROKEN",
      get: async () => {
        failures++;
        throw new Error("provider exploded");
      },
    };
    const runtime = await runtimeWith([make("GOOD"), broken]);
    const message = messageNumbered(6);
    const state = await runtime.composeState(message);
    expect(state.text).toBe("GOOD text");
    expect(Object.keys(state.data.providers as object)).toEqual(["GOOD"]);
    await runtime.composeState(message);
    expect(failures).toBe(2);
  });

  it("keeps at most 200 states; the 201st evicts the least recently used", async () => {
    const { make } = counted();
    const runtime = await runtimeWith([make("A")]);
    for (let n = 0; n < 200; n++) await runtime.composeState(messageNumbered(100 + n));
    // Reading message 100 again makes it the most recent: message 101 is now the oldest.
    await runtime.composeState(messageNumbered(100));
    await runtime.composeState(messageNumbered(300));
    expect(runtime.stateCache.size).toBe(200);
    expect(runtime.stateCache.has(messageNumbered(100).id)).toBe(true);
    expect(runtime.stateCache.has(messageNumbered(101).id)).toBe(false);
    expect(runtime.stateCache.has(messageNumbered(300).id)).toBe(true);
  });

  it("reading entries while iterating the cache visits each once (a deep equality does this)", async () => {
    const { make } = counted();
    const runtime = await runtimeWith([make("A")]);
    for (let n = 0; n < 3; n++) await runtime.composeState(messageNumbered(400 + n));
    let visits = 0;
    for (const [key] of runtime.stateCache) {
      runtime.stateCache.get(key);
      visits++;
      if (visits > 10) break;
    }
    expect(visits).toBe(3);
    expect({ cache: runtime.stateCache }).toEqual({ cache: runtime.stateCache });
  });
});

describe("a planned turn that asks for an extra provider", () => {
  it("runs the default providers once and the extra one once; the action sees both", async () => {
    const { runs, make } = counted();
    const model = scriptedModel();
    model.large.push(
      "<response><actions>LOOK</actions><providers>WEATHER</providers><text>ok</text></response>",
    );
    let actionState: State | undefined;
    const plugin: Plugin = {
      name: "extra",
      providers: [make("WEATHER", { dynamic: true }), make("PLAIN")],
      actions: [
        {
          name: "LOOK",
          description: "looks",
          validate: async () => true,
          handler: async (_runtime, _message, state) => {
            actionState = state;
            return { success: true };
          },
        },
      ],
    };
    const runtime = await createAgent({
      character,
      storage: createMemoryStorage(),
      plugins: [model.plugin, plugin],
      logger: quiet,
    });
    const entityId = userId;
    const room = stringToUuid("extra-room");
    await messageService.handleMessage(
      runtime,
      { entityId, roomId: room, content: { text: "weather?", channelType: ChannelType.DM } },
      undefined,
      { connection: { entityId, roomId: room, source: "test", type: ChannelType.DM } },
    );
    expect(runs).toEqual({ PLAIN: 1, WEATHER: 1 });
    expect(actionState?.text).toContain("WEATHER text");
    expect(actionState?.text).toContain("PLAIN text");
    expect(Object.keys(actionState?.data.providers as object)).toEqual(
      expect.arrayContaining(["PLAIN", "WEATHER", "RECENT_MESSAGES"]),
    );
  });
});
