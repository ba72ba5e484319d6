// elizaOS's local emitter (runtime.on / off / emit) and sendControlMessage, through the
// public runtime on the memory backend.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  characterAgentId,
  EventType,
  parseCharacter,
  silentLogger,
} from "../../core/index.ts";
import { stringToUuid } from "../../core/kernel/ids/uuid.ts";

function runtime(): AgentRuntime {
  const character = parseCharacter({ name: "Signals" });
  const agentId = characterAgentId(character);
  return new AgentRuntime({
    character,
    storage: createMemoryStorage({ agentId }),
    logger: silentLogger,
  });
}

describe("runtime.on / off / emit", () => {
  it("calls every listener of the event, in order, with the data as given", () => {
    const rt = runtime();
    const heard: unknown[] = [];
    rt.on("ping", (data) => heard.push(["a", data]));
    rt.on("ping", (data) => heard.push(["b", data]));
    rt.on("other", (data) => heard.push(["other", data]));
    const data = { n: 1 };
    rt.emit("ping", data);
    expect(heard).toEqual([
      ["a", data],
      ["b", data],
    ]);
    // Synchronous and unwrapped: the very object, no runtime or source added.
    expect((heard[0] as unknown[])[1]).toBe(data);
  });

  it("an event nobody listens to is a no-op, as is off for an unknown listener", () => {
    const rt = runtime();
    expect(() => rt.emit("nobody", 1)).not.toThrow();
    expect(() => rt.off("nobody", () => {})).not.toThrow();
  });

  it("off removes one registration of that callback only", () => {
    const rt = runtime();
    const heard: string[] = [];
    const a = () => heard.push("a");
    const b = () => heard.push("b");
    rt.on("x", a);
    rt.on("x", a);
    rt.on("x", b);
    rt.off("x", a);
    rt.emit("x", null);
    expect(heard).toEqual(["a", "b"]);
    rt.off("x", a);
    rt.off("x", b);
    rt.emit("x", null);
    expect(heard).toEqual(["a", "b"]);
  });

  it("a listener that removes itself does not make the next one skipped", () => {
    const rt = runtime();
    const heard: string[] = [];
    const once = () => {
      heard.push("once");
      rt.off("x", once);
    };
    rt.on("x", once);
    rt.on("x", () => heard.push("next"));
    rt.emit("x", null);
    rt.emit("x", null);
    expect(heard).toEqual(["once", "next", "next"]);
  });

  it("a throwing listener stops the emit and the error reaches the caller, as in elizaOS", () => {
    const rt = runtime();
    const heard: string[] = [];
    rt.on("x", () => {
      throw new Error("listener broke");
    });
    rt.on("x", () => heard.push("after"));
    expect(() => rt.emit("x", null)).toThrow("listener broke");
    expect(heard).toEqual([]);
  });

  it("is apart from the plugin event bus: emit does not run registerEvent handlers", async () => {
    const rt = runtime();
    const bus: unknown[] = [];
    const local: unknown[] = [];
    rt.registerEvent(EventType.MESSAGE_SENT, async (payload) => void bus.push(payload));
    rt.on(EventType.MESSAGE_SENT, (data) => local.push(data));
    rt.emit(EventType.MESSAGE_SENT, { a: 1 });
    expect(bus).toEqual([]);
    await rt.emitEvent(EventType.MESSAGE_SENT, { b: 2 });
    expect(local).toEqual([{ a: 1 }]);
    expect(bus).toHaveLength(1);
  });
});

describe("runtime.sendControlMessage", () => {
  it("emits CONTROL_MESSAGE with elizaOS's control message and source agent", async () => {
    const rt = runtime();
    const seen: Record<string, unknown>[] = [];
    rt.registerEvent(EventType.CONTROL_MESSAGE, async (payload) => void seen.push(payload));
    const roomId = stringToUuid("room");
    await rt.sendControlMessage({ roomId, action: "disable_input", target: "chat-box" });
    await rt.sendControlMessage({ roomId, action: "enable_input" });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual({
      runtime: rt,
      source: "agent",
      message: {
        type: "control",
        roomId,
        payload: { action: "disable_input", target: "chat-box" },
      },
    });
    expect(seen[1]?.message).toEqual({
      type: "control",
      roomId,
      payload: { action: "enable_input", target: undefined },
    });
  });

  it("resolves without listeners, and a failing handler does not reject it", async () => {
    const rt = runtime();
    await expect(
      rt.sendControlMessage({ roomId: stringToUuid("r"), action: "enable_input" }),
    ).resolves.toBeUndefined();
    rt.registerEvent(EventType.CONTROL_MESSAGE, async () => {
      throw new Error("client gone");
    });
    await expect(
      rt.sendControlMessage({ roomId: stringToUuid("r"), action: "disable_input" }),
    ).resolves.toBeUndefined();
  });
});
