// Logging as elizaOS plugins do it: pino's object-first style and plain strings, through the
// compat `logger` and through runtime.logger (the console sink, with secrets redacted).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  addLogListener,
  createLogger,
  elizaLogger,
  logger,
  parseCharacter,
  recentLogs,
} from "../../core/elizaos/index.ts";

let lines: string[];
beforeEach(() => {
  lines = [];
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(`${method}|${args.map(String).join(" ")}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  logger.level = "info";
});

describe("the compat logger", () => {
  it("prints message-first and object-first calls as readable lines", () => {
    logger.info("plain message");
    logger.info({ src: "plugin:x", agentId: "a1" }, "started");
    logger.warn("a", "b");
    logger.error({ error: new TypeError("bad input") }, "handler failed");
    logger.error(new RangeError("out of range"));
    logger.success("done");
    logger.log("logged");
    expect(lines).toEqual([
      "info|[eliza-edge] info: plain message",
      'info|[eliza-edge] info: started {"src":"plugin:x","agentId":"a1"}',
      "warn|[eliza-edge] warn: a b",
      'error|[eliza-edge] error: handler failed {"error":"TypeError: bad input"}',
      "error|[eliza-edge] error: RangeError: out of range",
      "info|[eliza-edge] success: done",
      "info|[eliza-edge] log: logged",
    ]);
    expect(lines.join("\n")).not.toContain("[object Object]");
  });

  it("prints data-only calls as JSON, cycles and bigints included", () => {
    logger.level = "debug";
    const data: Record<string, unknown> = { n: 10n, list: [1, 2] };
    data.self = data;
    logger.debug(data);
    logger.debug([1, { a: 1 }]);
    expect(lines).toEqual([
      'log|[eliza-edge] debug: {"n":"10n","list":[1,2],"self":"[Circular]"}',
      'log|[eliza-edge] debug: [1,{"a":1}]',
    ]);
  });

  it("filters by a settable level and adds stacks only at debug", () => {
    logger.debug("hidden");
    logger.trace("hidden too");
    expect(lines).toEqual([]);
    const error = new Error("boom");
    logger.error({ err: error }, "at info");
    expect(lines[0]).not.toContain("\n    at ");
    logger.level = "debug";
    expect(logger.level).toBe("debug");
    logger.error(error, "at debug");
    expect(lines[1]).toContain("Error: boom");
    expect(lines[1]).toContain("\n    at ");
    logger.level = "error";
    logger.warn("suppressed");
    logger.fatal("shown");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("error|[eliza-edge] fatal: shown");
  });

  it("has child loggers with bindings, listeners and recent lines", () => {
    const seen: string[] = [];
    const stop = addLogListener((entry) => seen.push(`${entry.level}:${entry.msg}`));
    const child = createLogger({ level: "info", namespace: "svc" }).child({ requestId: "r1" });
    child.info("hello");
    stop();
    child.info("after unsubscribe");
    expect(lines[0]).toBe('info|[eliza-edge] info: hello {"namespace":"svc","requestId":"r1"}');
    expect(seen).toEqual(['info:hello {"namespace":"svc","requestId":"r1"}']);
    expect(recentLogs()).toContain("after unsubscribe");
    expect(elizaLogger).toBe(logger);
    expect(typeof logger.clear).toBe("function");
  });
});

describe("runtime.logger", () => {
  function runtime(): AgentRuntime {
    return new AgentRuntime({
      character: parseCharacter({ name: "Eliza", secrets: { API_KEY: "sk-secret-0123456789" } }),
      storage: createMemoryStorage(),
      env: {},
    });
  }

  it("prints pino-style calls usefully and redacts secrets in both styles", () => {
    const log = runtime().logger;
    log.error({ err: new Error("auth with sk-secret-0123456789 failed") }, "call failed");
    log.warn({ src: "plugin", token: "sk-secret-0123456789" }, "using sk-secret-0123456789");
    log.info("key sk-secret-0123456789", { key: "sk-secret-0123456789" });
    log.error(new Error("thrown with sk-secret-0123456789"));
    expect(lines).toEqual([
      'error|[eliza-edge] error: call failed {"err":"Error: auth with [redacted] failed"}',
      'warn|[eliza-edge] warn: using [redacted] {"src":"plugin","token":"[redacted]"}',
      'info|[eliza-edge] info: key [redacted] {"key":"[redacted]"}',
      "error|[eliza-edge] error: Error: thrown with [redacted]",
    ]);
  });

  it("has elizaOS's extra methods", () => {
    const log = runtime().logger as unknown as Record<string, unknown>;
    for (const name of ["trace", "fatal", "success", "progress", "log", "child", "clear"]) {
      expect(typeof log[name]).toBe("function");
    }
    (log.success as (m: string) => void)("ok sk-secret-0123456789");
    expect(lines).toEqual(["info|[eliza-edge] success: ok [redacted]"]);
  });
});
