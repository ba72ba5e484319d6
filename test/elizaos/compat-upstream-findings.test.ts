// What elizaOS's own unit tests (test/elizaos/upstream/) found the compat entry too strict
// about, kept here without them: a host's console that lacks some methods, an elizaOS database
// adapter (a test's mock, say) that leaves out isRoomParticipant, as elizaOS 1.7.2's own
// runtime never calls it, an entry of resolvePlugins that is not a plugin, isBuffer on an
// ArrayBuffer, and parseCharacter given a path.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  createLogger,
  isBuffer,
  type Plugin,
  parseCharacter,
  resolvePlugins,
} from "../../core/elizaos/index.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the logger on a host's partial console", () => {
  it("never throws, and writes what it can with console.log", () => {
    const log = vi.fn();
    vi.stubGlobal("console", { log });
    const logger = createLogger({ level: "debug" });
    expect(() => {
      logger.info("hello");
      logger.warn("careful");
      logger.error({ cycle: globalThis }, "failed");
    }).not.toThrow();
    expect(log.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining("hello"),
      expect.stringContaining("careful"),
      expect.stringContaining("failed"),
    ]);
    vi.stubGlobal("console", {});
    expect(() => logger.info("nowhere to go")).not.toThrow();
  });
});

describe("an elizaOS database adapter without isRoomParticipant", () => {
  it("starts the agent: its SELF room's participants are read with getParticipantsForRoom", async () => {
    const storage = createMemoryStorage();
    const hidden = new Set(["kind", "claimOnce", "batch", "isRoomParticipant"]);
    const adapter = new Proxy(storage, {
      get: (target, name) => (hidden.has(String(name)) ? undefined : Reflect.get(target, name)),
      has: (target, name) => !hidden.has(String(name)) && Reflect.has(target, name),
    });
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const runtime = new AgentRuntime({ character: { name: "Ada" }, adapter, logger: quiet });
    await runtime.initialize();
    expect(await storage.getParticipantsForRoom(runtime.agentId)).toEqual([runtime.agentId]);
  });
});

describe("resolvePlugins, isBuffer and parseCharacter, as elizaOS 1.7.2", () => {
  it("leaves out an entry without a name instead of failing", async () => {
    const valid: Plugin = { name: "valid", description: "kept" };
    const nameless = { description: "no name" } as unknown as Plugin;
    expect((await resolvePlugins([valid, nameless])).map((p) => p.name)).toEqual(["valid"]);
  });

  it("counts an ArrayBuffer as bytes, as a Uint8Array", () => {
    expect(isBuffer(new ArrayBuffer(4))).toBe(true);
    expect(isBuffer(new Uint8Array(4))).toBe(true);
    expect(isBuffer("text")).toBe(false);
  });

  it("parseCharacter refuses a path with elizaOS's message and validates an object", () => {
    expect(() => parseCharacter("./ada.json")).toThrow(
      "Character path provided but must be loaded first: ./ada.json",
    );
    expect(parseCharacter({ name: "Ada" }).name).toBe("Ada");
    expect(() => parseCharacter({ name: "Ada", bio: 42 })).toThrow(/bio/);
  });
});
