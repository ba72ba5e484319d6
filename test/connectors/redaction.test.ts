// No secret reaches a log line. The connector scenarios run with a real console logger at
// debug level and every console line captured, then every line is searched for the bot token,
// the webhook secret, the Discord bot token and the model API key. Failed Telegram sends
// (400, 500, no connection, an unusable base URL) are logged without the token too.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { createConsoleLogger, createElizaPlugin } from "../../core/index.ts";
import { type FakeOpenAIServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { telegramError } from "../fakes/telegram-server.ts";
import { startHarness } from "./harness.ts";
import { BOT_ID, TELEGRAM_SECRET, telegramRequest, textUpdate } from "./requests.ts";
import { describeConnectorScenarios } from "./scenarios.ts";

const BOT_TOKEN = `${BOT_ID}:TEST-token`;
const API_KEY = "sk-test-openai-key-0123456789";
const DISCORD_BOT_TOKEN = "bot-token-test";
const SECRETS = [BOT_TOKEN, "TEST-token", TELEGRAM_SECRET, DISCORD_BOT_TOKEN, API_KEY];

const lines: string[] = [];
const methods = ["log", "info", "warn", "error", "debug"] as const;
beforeAll(() => {
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(
        args
          .map((a) =>
            a instanceof Error
              ? `${a.stack} ${String(a.cause)}`
              : typeof a === "string"
                ? a
                : JSON.stringify(a),
          )
          .join(" "),
      );
    });
  }
});
afterAll(() => {
  vi.restoreAllMocks();
});

let openai: FakeOpenAIServer | undefined;
afterAll(async () => {
  await openai?.close();
});
// The offline ELIZA answers (so the scenarios see their usual agent); OPENAI_API_KEY switches
// on the OpenAI provider, which still embeds every message through the fake with the key.
const eliza = { ...createElizaPlugin(), name: "eliza-first", priority: 1000 };

const harness = async (env: Record<string, string> = {}) => {
  openai ??= await startFakeOpenAI({ apiKey: API_KEY, embeddingDimension: 8 });
  return startHarness({
    model: eliza,
    storage: async (now) => createMemoryStorage({ now }),
    logger: createConsoleLogger("debug"),
    env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: openai.url, ...env },
  });
};

function leaks(): string[] {
  return lines.filter((line) => SECRETS.some((secret) => line.includes(secret)));
}

describe("failed Telegram sends log no token", () => {
  it.each([
    ["a 400", { error: telegramError(400, "Bad Request: chat not found"), twice: false }],
    ["a 500 twice", { error: telegramError(500, "Internal Server Error"), twice: true }],
  ])("%s", async (_name, { error, twice }) => {
    const h = await harness();
    try {
      h.telegram.enqueue(error, ...(twice ? [error] : []));
      await h.fetch(telegramRequest(textUpdate("hello there")));
      await h.settle();
      expect(h.telegram.sent()).toHaveLength(0);
    } finally {
      await h.close();
    }
    expect(lines.some((l) => l.includes("telegram sendMessage failed"))).toBe(true);
    expect(leaks()).toEqual([]);
  });

  it.each([
    ["no connection", "http://127.0.0.1:9"],
    ["an unusable base URL", "http://bad host.example"],
  ])("%s", async (_name, base) => {
    const before = lines.length;
    const h = await harness({ TELEGRAM_API_BASE: base });
    try {
      await h.fetch(telegramRequest(textUpdate("hello there")));
      await h.settle();
    } finally {
      await h.close();
    }
    expect(lines.slice(before).some((l) => l.includes("telegram sendMessage failed"))).toBe(true);
    expect(leaks()).toEqual([]);
  });
});

describeConnectorScenarios("memory, every console line captured", () => harness());

describe("after the connector scenarios", () => {
  it("no console line holds the bot token, webhook secret, Discord token or API key", () => {
    expect(lines.length).toBeGreaterThan(50);
    // The key was really in use: the provider sent it with every embedding request.
    expect(openai?.requests.some((r) => r.headers.authorization === `Bearer ${API_KEY}`)).toBe(
      true,
    );
    expect(leaks()).toEqual([]);
  });
});
