// LOG_JSON_FORMAT=true: the runtime's logger prints one JSON object per line, in both call
// styles, with secrets redacted exactly as in the readable format.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { logger as elizaLogger, setLogJsonFormat } from "../../core/elizaos/index.ts";
import {
  AgentRuntime,
  createAgent,
  createApp,
  createConsoleLogger,
  envLogger,
  parseCharacter,
} from "../../core/index.ts";

const SECRET = "sk-live-json-0123456789";
let lines: { method: string; text: string }[] = [];

beforeEach(() => {
  lines = [];
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push({ method, text: args.map(String).join(" ") });
    });
  }
});
afterEach(() => vi.restoreAllMocks());

function runtimeWith(where: "env" | "character", level = "info") {
  const flag = { LOG_JSON_FORMAT: "true", LOG_LEVEL: level };
  return new AgentRuntime({
    character: parseCharacter({
      name: "Eliza",
      settings: where === "character" ? flag : {},
      secrets: { WEATHER_TOKEN: "character-secret-value" },
    }),
    storage: createMemoryStorage(),
    env: { OPENAI_API_KEY: SECRET, ...(where === "env" ? flag : {}) },
  });
}

const parsed = () => lines.map((l) => JSON.parse(l.text) as Record<string, unknown>);

describe("LOG_JSON_FORMAT=true", () => {
  it("prints eliza-edge's call style as one JSON object, secrets redacted", () => {
    const runtime = runtimeWith("env");
    runtime.logger.warn(`model call failed with key ${SECRET}`, {
      status: 401,
      header: `Bearer ${SECRET}`,
      nested: { list: ["character-secret-value"] },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.method).toBe("warn");
    expect(lines[0]?.text).not.toContain(SECRET);
    expect(lines[0]?.text).not.toContain("character-secret-value");
    expect(lines[0]?.text).not.toContain("\n");
    const [line] = parsed();
    expect(line).toMatchObject({
      level: "warn",
      msg: "model call failed with key [redacted]",
      status: 401,
      header: "Bearer [redacted]",
      nested: { list: ["[redacted]"] },
    });
    expect(new Date(String(line?.time)).toISOString()).toBe(line?.time);
    expect(Object.keys(line ?? {}).slice(0, 3)).toEqual(["level", "time", "msg"]);
  });

  it("prints elizaOS's pino call style: data first, errors as {name, message}", () => {
    const runtime = runtimeWith("character");
    const failure = new TypeError(`fetch failed for ${SECRET}`);
    runtime.logger.error({ src: "plugin:x", agentId: runtime.agentId, error: failure }, "boom");
    runtime.logger.error(failure);
    runtime.logger.info("a", "b", 3);
    runtime.logger.child({ plugin: "starter" }).info({ count: 2 }, "from a child");
    const [first, second, third, fourth] = parsed();
    expect(first).toMatchObject({
      level: "error",
      msg: "boom",
      src: "plugin:x",
      agentId: runtime.agentId,
      error: { name: "TypeError", message: "fetch failed for [redacted]" },
    });
    expect(second).toMatchObject({
      level: "error",
      msg: "TypeError: fetch failed for [redacted]",
      err: { name: "TypeError", message: "fetch failed for [redacted]" },
    });
    // No stack at info: it is for debug and trace.
    expect((second?.err as Record<string, unknown> | undefined)?.stack).toBeUndefined();
    expect(third).toMatchObject({ level: "info", msg: "a b 3" });
    expect(fourth).toMatchObject({
      level: "info",
      msg: "from a child",
      count: 2,
      plugin: "starter",
    });
    expect(lines.map((l) => l.text).join("\n")).not.toContain(SECRET);
  });

  it("keeps the fixed fields when the data names them, and survives cycles", () => {
    const runtime = runtimeWith("env");
    const loop: Record<string, unknown> = { name: "loop" };
    loop.self = loop;
    runtime.logger.info("fixed", { level: "custom", msg: "data msg", time: 1, loop });
    const [line] = parsed();
    expect(line).toMatchObject({
      level: "info",
      msg: "fixed",
      "data.level": "custom",
      "data.msg": "data msg",
      "data.time": 1,
      loop: { name: "loop" },
    });
    // Redaction copies a few levels deep; the copy's end is still marked, not a thrown error.
    expect(lines[0]?.text).toContain('"[Circular]"');
  });

  it("honours LOG_LEVEL, and prints the stack under err at debug", () => {
    const runtime = runtimeWith("env", "debug");
    runtime.logger.debug("shown");
    runtime.logger.error(new Error(`with ${SECRET}`));
    const [debug, error] = parsed();
    expect(debug).toMatchObject({ level: "debug", msg: "shown" });
    const stack = (error?.err as Record<string, unknown> | undefined)?.stack;
    expect(typeof stack).toBe("string");
    expect(String(stack)).not.toContain(SECRET);
    const quiet = runtimeWith("env", "warn");
    lines = [];
    quiet.logger.info("hidden");
    expect(lines).toHaveLength(0);
  });

  it("is off unless set to true: the readable line stays the default", () => {
    const logger = createConsoleLogger("info");
    logger.info("plain", { a: 1 });
    expect(lines[0]?.text).toBe('[eliza-edge] info: plain {"a":1}');
    const json = createConsoleLogger("info", { json: true });
    json.success("done");
    expect(JSON.parse(lines[1]?.text ?? "")).toMatchObject({ level: "info", msg: "done" });
  });

  it("covers lines written without a runtime: envLogger and the HTTP app's unhandled error", async () => {
    const env = { LOG_JSON_FORMAT: "true", OPENAI_API_KEY: SECRET };
    envLogger(env).error("unrecognised event", `{"key":"${SECRET}"}`);
    const app = createApp({
      getAgent: async () => {
        throw new Error(`agent failed with ${SECRET}`);
      },
      env: () => env,
    });
    expect((await app.request("/health")).status).toBe(503);
    const [event, unhandled] = parsed();
    expect(event).toMatchObject({ level: "error", msg: 'unrecognised event {"key":"[redacted]"}' });
    expect(unhandled).toMatchObject({ level: "error" });
    expect(String(unhandled?.msg)).toMatch(/^unhandled error: .*agent failed with \[redacted\]/);
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => !l.text.includes(SECRET))).toBe(true);
  });

  it("switches elizaOS's compat logger singleton too, once an agent is built with it", async () => {
    try {
      elizaLogger.info({ src: "plugin:x" }, "before");
      expect(lines[0]?.text).toMatch(/^\[eliza-edge\] info: before/);
      await createAgent({
        character: parseCharacter({ name: "Eliza" }),
        storage: createMemoryStorage(),
        env: { LOG_JSON_FORMAT: "true", LOG_LEVEL: "warn" },
      });
      elizaLogger.child({ plugin: "bootstrap" }).info({ src: "plugin:x" }, "after");
      expect(JSON.parse(lines.at(-1)?.text ?? "")).toMatchObject({
        level: "info",
        msg: "after",
        src: "plugin:x",
        plugin: "bootstrap",
      });
    } finally {
      setLogJsonFormat(false);
    }
  });
});
