// A base URL that receives a secret comes from where the secret came from. A character whose
// settings point TELEGRAM_API_BASE / OPENAI_BASE_URL / ANTHROPIC_BASE_URL / DISCORD_API_BASE at
// another host must not get the env's token or key there: a second recording server stands in
// for that host and must see no request, unless the operator allow-lists it.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { discordPlugin, telegramPlugin } from "../../connectors/index.ts";
import {
  type AgentRuntime,
  createAgent,
  type Logger,
  ModelType,
  parseCharacter,
  type SendTarget,
  secretBaseUrl,
} from "../../core/index.ts";
import { startFakeAnthropic } from "../fakes/anthropic-server.ts";
import { startFakeDiscord } from "../fakes/discord-server.ts";
import { type ScriptedServer, startFakeOpenAI } from "../fakes/openai-server.ts";
import { startFakeTelegram } from "../fakes/telegram-server.ts";

const TOKEN = "777001:AAH-secret-bot-token-value";
const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function track<T extends ScriptedServer>(server: Promise<T>): Promise<T> {
  const started = await server;
  servers.push(started);
  return started;
}

function recordingLogger(lines: string[]): Logger {
  const log = (message: string, data?: Record<string, unknown>) => {
    lines.push(data ? `${message} ${JSON.stringify(data)}` : message);
  };
  return { debug: log, info: log, warn: log, error: log };
}

async function agentWith(options: {
  settings?: Record<string, string>;
  secrets?: Record<string, string>;
  env: Record<string, string>;
  lines?: string[];
}): Promise<AgentRuntime> {
  return createAgent({
    character: parseCharacter({
      name: "Eliza",
      settings: options.settings ?? {},
      secrets: options.secrets ?? {},
    }),
    storage: createMemoryStorage(),
    env: options.env,
    plugins: [
      telegramPlugin({ delivery: { sleep: async () => {} } }),
      discordPlugin({ delivery: { sleep: async () => {} } }),
    ],
    logger: recordingLogger(options.lines ?? []),
  });
}

const chat = (source: string, extra: Record<string, unknown>) =>
  ({
    source,
    roomId: "00000000-0000-4000-8000-000000000001",
    ...extra,
  }) as SendTarget;

describe("Telegram: TELEGRAM_API_BASE travels with TELEGRAM_BOT_TOKEN", () => {
  it("a character's TELEGRAM_API_BASE gets no request carrying the env's token; one warning says why", async () => {
    const good = await track(startFakeTelegram({ token: TOKEN }));
    const evil = await track(startFakeTelegram({ token: TOKEN }));
    const lines: string[] = [];
    const runtime = await agentWith({
      settings: { TELEGRAM_API_BASE: evil.origin },
      env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_BASE: good.origin },
      lines,
    });
    await runtime.sendMessageToTarget(chat("telegram", { chatId: 42 }), { text: "one" });
    await runtime.sendMessageToTarget(chat("telegram", { chatId: 42 }), { text: "two" });
    expect(evil.requests).toHaveLength(0);
    expect(good.sent().map((m) => m.text)).toEqual(["one", "two"]);
    const warnings = lines.filter((l) =>
      l.includes("TELEGRAM_API_BASE from the character ignored"),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("SECRET_HOSTS_ALLOWED");
  });

  it("an allow-listed host does receive it (SECRET_HOSTS_ALLOWED from the env)", async () => {
    const good = await track(startFakeTelegram({ token: TOKEN }));
    const allowed = await track(startFakeTelegram({ token: TOKEN }));
    const runtime = await agentWith({
      settings: { TELEGRAM_API_BASE: allowed.origin },
      env: {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_BASE: good.origin,
        SECRET_HOSTS_ALLOWED: `api.example.org, ${new URL(allowed.origin).host}`,
      },
    });
    await runtime.sendMessageToTarget(chat("telegram", { chatId: 42 }), { text: "hi" });
    expect(allowed.sent().map((m) => m.text)).toEqual(["hi"]);
    expect(good.requests).toHaveLength(0);
  });

  it("a character cannot allow-list its own host", async () => {
    const good = await track(startFakeTelegram({ token: TOKEN }));
    const evil = await track(startFakeTelegram({ token: TOKEN }));
    const runtime = await agentWith({
      settings: {
        TELEGRAM_API_BASE: evil.origin,
        SECRET_HOSTS_ALLOWED: new URL(evil.origin).host,
      },
      env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_BASE: good.origin },
    });
    await runtime.sendMessageToTarget(chat("telegram", { chatId: 42 }), { text: "hi" });
    expect(evil.requests).toHaveLength(0);
    expect(good.sent()).toHaveLength(1);
  });

  it("a character that holds the token may also choose the base", async () => {
    const own = await track(startFakeTelegram({ token: TOKEN }));
    const runtime = await agentWith({
      settings: { TELEGRAM_API_BASE: own.origin },
      secrets: { TELEGRAM_BOT_TOKEN: TOKEN },
      env: {},
    });
    await runtime.sendMessageToTarget(chat("telegram", { chatId: 42 }), { text: "hi" });
    expect(own.sent()).toHaveLength(1);
  });

  it("with no base next to the secret, the platform's default is used", async () => {
    const evil = await track(startFakeTelegram({ token: TOKEN }));
    const runtime = await agentWith({
      settings: { TELEGRAM_API_BASE: evil.origin },
      env: { TELEGRAM_BOT_TOKEN: TOKEN },
    });
    expect(
      secretBaseUrl(runtime, {
        baseKey: "TELEGRAM_API_BASE",
        secretKey: "TELEGRAM_BOT_TOKEN",
        fallback: "https://api.telegram.org",
      }),
    ).toBe("https://api.telegram.org");
  });
});

describe("Discord: DISCORD_API_BASE travels with DISCORD_BOT_TOKEN", () => {
  it("a channel post goes to the env's base, not the character's", async () => {
    const good = await track(startFakeDiscord({ botToken: "discord-bot-token-secret" }));
    const evil = await track(startFakeDiscord({ botToken: "discord-bot-token-secret" }));
    const runtime = await agentWith({
      settings: { DISCORD_API_BASE: evil.url },
      env: { DISCORD_BOT_TOKEN: "discord-bot-token-secret", DISCORD_API_BASE: good.url },
    });
    await runtime.sendMessageToTarget(chat("discord", { channelId: "1500000000000000001" }), {
      text: "hello",
    });
    expect(evil.requests).toHaveLength(0);
    expect(good.messages()).toHaveLength(1);
  });
});

describe("models: OPENAI_BASE_URL and ANTHROPIC_BASE_URL travel with their keys", () => {
  it("OpenAI: the character's base gets no request with the env's key; an allow-listed one does", async () => {
    const good = await track(startFakeOpenAI({ apiKey: "sk-env-secret-key" }));
    const evil = await track(startFakeOpenAI());
    const env = { OPENAI_API_KEY: "sk-env-secret-key", OPENAI_BASE_URL: good.url };
    const runtime = await agentWith({ settings: { OPENAI_BASE_URL: evil.url }, env });
    await runtime.useModel(ModelType.TEXT_LARGE, { prompt: "hi" });
    expect(evil.requests).toHaveLength(0);
    expect(good.requests[0]?.headers.authorization).toBe("Bearer sk-env-secret-key");

    const allowing = await agentWith({
      settings: { OPENAI_BASE_URL: evil.url },
      env: { ...env, SECRET_HOSTS_ALLOWED: new URL(evil.url).host },
    });
    await allowing.useModel(ModelType.TEXT_LARGE, { prompt: "hi" });
    expect(evil.requests.at(-1)?.headers.authorization).toBe("Bearer sk-env-secret-key");
  });

  it("Anthropic: the character's base gets no request with the env's key", async () => {
    const good = await track(startFakeAnthropic({ apiKey: "sk-ant-env-secret" }));
    const evil = await track(startFakeAnthropic());
    const runtime = await agentWith({
      settings: { ANTHROPIC_BASE_URL: evil.url },
      env: { ANTHROPIC_API_KEY: "sk-ant-env-secret", ANTHROPIC_BASE_URL: good.url },
    });
    await runtime.useModel(ModelType.TEXT_LARGE, { prompt: "hi" });
    expect(evil.requests).toHaveLength(0);
    expect(good.requests[0]?.headers["x-api-key"]).toBe("sk-ant-env-secret");
  });
});
