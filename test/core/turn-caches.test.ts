// What a turn works out once and reuses (issue 32): the ACTIONS and PROVIDERS texts, the
// providers' order, the run's logger. Each reuse must still see every change a plugin makes
// between turns; nothing here reads a clock.
import { describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type Action,
  AgentRuntime,
  bootstrapPlugin,
  createConsoleLogger,
  type Memory,
  type Provider,
  parseCharacter,
  stringToUuid,
} from "../../core/index.ts";
import { lazyChild } from "../../core/kernel/index.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let n = 0;
const message = (): Memory => ({
  id: stringToUuid(`turn-cache-${n++}`),
  entityId: stringToUuid("turn-cache-user"),
  roomId: stringToUuid("turn-cache-room"),
  content: { text: "hello" },
});

function action(name: string, valid: () => boolean): Action {
  return {
    name,
    description: `${name} does one thing`,
    examples: [[{ name: "{{name1}}", content: { text: `do ${name}` } }]],
    validate: async () => valid(),
    handler: async () => undefined,
  };
}

async function runtimeWith(actions: Action[], providers: Provider[] = []): Promise<AgentRuntime> {
  const runtime = new AgentRuntime({
    character: parseCharacter({ name: "Cacher" }),
    storage: createMemoryStorage(),
    plugins: [bootstrapPlugin, { name: "extra", actions, providers }],
    logger: quiet,
  });
  await runtime.initialize();
  return runtime;
}

const textOf = async (runtime: AgentRuntime, name: string) => {
  const state = await runtime.composeState(message(), [name], true);
  return String(state.values[name] ?? "");
};

describe("the turn's reused work", () => {
  it("ACTIONS: the same text while nothing changes, a new one when validation or an action does", async () => {
    let fooValid = true;
    const foo = action("FOO_THING", () => fooValid);
    const runtime = await runtimeWith([foo]);
    const first = await textOf(runtime, "ACTIONS");
    expect(first).toContain("FOO_THING: FOO_THING does one thing");
    expect(await textOf(runtime, "ACTIONS")).toBe(first);

    fooValid = false;
    expect(await textOf(runtime, "ACTIONS")).not.toContain("FOO_THING");
    fooValid = true;
    expect(await textOf(runtime, "ACTIONS")).toBe(first);

    foo.description = "FOO_THING now does another";
    expect(await textOf(runtime, "ACTIONS")).toContain("FOO_THING: FOO_THING now does another");
    runtime.registerAction(action("BAR_THING", () => true));
    expect(await textOf(runtime, "ACTIONS")).toContain("BAR_THING");
  });

  it("ACTIONS validates every action on every turn", async () => {
    const validate = vi.fn(async () => true);
    const runtime = await runtimeWith([{ ...action("COUNTED", () => true), validate }]);
    await textOf(runtime, "ACTIONS");
    await textOf(runtime, "ACTIONS");
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it("PROVIDERS: a provider registered or made dynamic later is listed", async () => {
    const late: Provider = { name: "LATE", description: "late one", get: async () => ({}) };
    const runtime = await runtimeWith([], [late]);
    const list = async () => {
      const state = await runtime.composeState(message(), ["PROVIDERS"], true);
      return state.text;
    };
    expect(await list()).not.toContain("LATE");
    late.dynamic = true;
    expect(await list()).toContain("**LATE**: late one");
    runtime.registerProvider({ name: "LATER", dynamic: true, get: async () => ({}) });
    expect(await list()).toContain("**LATER**");
  });

  it("composeState: a provider's new position or a new default provider is seen on the next turn", async () => {
    const a: Provider = { name: "A", position: 1, get: async () => ({ text: "a" }) };
    const b: Provider = { name: "B", position: 2, get: async () => ({ text: "b" }) };
    const runtime = new AgentRuntime({
      character: parseCharacter({ name: "Order" }),
      storage: createMemoryStorage(),
      plugins: [{ name: "p", providers: [a, b] }],
      logger: quiet,
    });
    await runtime.initialize();
    expect((await runtime.composeState(message())).text).toBe("a\n\nb");
    a.position = 3;
    expect((await runtime.composeState(message())).text).toBe("b\n\na");
    runtime.registerProvider({ name: "C", position: 0, get: async () => ({ text: "c" }) });
    expect((await runtime.composeState(message())).text).toBe("c\n\nb\n\na");
    b.dynamic = true;
    expect((await runtime.composeState(message())).text).toBe("c\n\na");
  });

  it("a run's logger makes its child only when a line prints", () => {
    const lines: string[] = [];
    const parent = createConsoleLogger("info", { onEntry: (e) => lines.push(e.msg) });
    const child = vi.spyOn(parent, "child");
    const log = lazyChild(parent, { runId: "r1" });
    log.debug("dropped");
    expect(child).not.toHaveBeenCalled();
    log.info("printed");
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual(['printed {"runId":"r1"}']);
  });
});
