// The runtime's logger replaces secret values with [redacted]: values of settings whose names
// say TOKEN, KEY, SECRET or PASSWORD (env, runtime settings, character settings), every
// character secret, and any Telegram Bot API path whatever token it holds.
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  createRedactor,
  parseCharacter,
  redactorForEnv,
  secretValues,
} from "../../core/index.ts";

function runtimeLogging(lines: string[]) {
  const log = (message: string, data?: Record<string, unknown>) => {
    lines.push(data ? `${message} ${JSON.stringify(data)}` : message);
  };
  return new AgentRuntime({
    character: parseCharacter({
      name: "Eliza",
      secrets: { WEATHER: "character-secret-value" },
      settings: { DB_PASSWORD: "hunter2-password", MODEL: "gpt-4o" },
    }),
    storage: createMemoryStorage(),
    env: { OPENAI_API_KEY: "sk-live-0123456789", API_TOKEN: "api-token-value", PORT: "3000" },
    settings: { CRON_SECRET: "cron-secret-0123456789" },
    logger: { debug: log, info: log, warn: log, error: log },
  });
}

describe("log redaction", () => {
  it("replaces secret values in messages and in nested data, and nothing else", () => {
    const lines: string[] = [];
    const runtime = runtimeLogging(lines);
    runtime.logger.error(
      "call to https://api.telegram.org/bot123456:AAH-abc_def/sendMessage failed",
      {
        error: "Bearer sk-live-0123456789 rejected",
        nested: { list: ["character-secret-value", "hunter2-password", "cron-secret-0123456789"] },
        token: "api-token-value",
        port: "3000",
        model: "gpt-4o",
      },
    );
    expect(lines).toEqual([
      'call to https://api.telegram.org/bot[redacted]/sendMessage failed {"error":"Bearer [redacted] rejected","nested":{"list":["[redacted]","[redacted]","[redacted]"]},"token":"[redacted]","port":"3000","model":"gpt-4o"}',
    ]);
  });

  it("redacts errors passed as data, with their message", () => {
    const lines: string[] = [];
    const runtime = runtimeLogging(lines);
    runtime.logger.warn("failed", { error: new Error("key sk-live-0123456789 is wrong") });
    expect(lines[0]).toContain("key [redacted] is wrong");
    expect(lines[0]).not.toContain("sk-live");
  });

  it("leaves short values alone so ordinary words survive", () => {
    const redact = createRedactor(secretValues([{ MAX_TOKENS: "4096", B_KEY: "a-long-secret" }]));
    expect(redact("4096 a-long-secret")).toBe("4096 [redacted]");
  });

  it("redacts the password of DATABASE_URL and of any URL in a line, keeping the rest", () => {
    const lines: string[] = [];
    const log = (message: string, data?: Record<string, unknown>) => {
      lines.push(data ? `${message} ${JSON.stringify(data)}` : message);
    };
    const runtime = new AgentRuntime({
      character: parseCharacter({ name: "Eliza" }),
      storage: createMemoryStorage(),
      env: { DATABASE_URL: "postgres://alice:s3cret%2Fpass@db.example:5432/app" },
      logger: { debug: log, info: log, warn: log, error: log },
    });
    runtime.logger.error("storage failed at postgres://alice:s3cret%2Fpass@db.example:5432/app", {
      error: new Error("password s3cret/pass was rejected for alice"),
      other: "fetch https://bob:pw@proxy.example/x and postgresql://carol:x1@h/db",
    });
    const line = lines.join("\n");
    expect(line).not.toMatch(/s3cret|:pw@|:x1@/);
    expect(line).toContain("postgres://alice:[redacted]@db.example:5432/app");
    expect(line).toContain("password [redacted] was rejected for alice");
    expect(line).toContain("https://bob:[redacted]@proxy.example/x");
    expect(line).toContain("postgresql://carol:[redacted]@h/db");
  });

  it("leaves URLs without a password, e-mail addresses and host:port alone", () => {
    const redact = createRedactor([]);
    const text =
      "see https://example.com:8443/a?b=c, mail ada@example.com, postgres://alice@db/app, 127.0.0.1:5432";
    expect(redact(text)).toBe(text);
  });

  it("redactorForEnv (HTTP error log, CLI failure lines) knows the DATABASE_URL password", () => {
    const redact = redactorForEnv({ DATABASE_URL: "postgres://u:hunter2-pass@127.0.0.1:1/db" });
    expect(redact("auth failed: hunter2-pass")).toBe("auth failed: [redacted]");
  });
});
