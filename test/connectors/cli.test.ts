// The bot-setup commands, run as `npm run …` runs them (tsx), against the fake platforms.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDiscordServer, startFakeDiscord } from "../fakes/discord-server.ts";
import { type FakeTelegramServer, startFakeTelegram } from "../fakes/telegram-server.ts";

const exec = promisify(execFile);
const SECRET = "cli-secret_0123456789";

async function cli(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await exec("npx", ["tsx", script, ...args], {
      env: { ...process.env, TELEGRAM_BOT_TOKEN: "", DISCORD_BOT_TOKEN: "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("telegram CLI", () => {
  let tg: FakeTelegramServer;
  beforeAll(async () => {
    tg = await startFakeTelegram();
  });
  afterAll(async () => {
    await tg.close();
  });
  const env = () => ({
    TELEGRAM_BOT_TOKEN: tg.token,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_BASE: tg.origin,
  });

  it("sets the webhook with the secret and the update kinds the connector handles", async () => {
    const out = await cli(
      "connectors/telegram/cli/set-webhook.ts",
      ["--url", "https://agent.example", "--drop-pending-updates"],
      env(),
    );
    expect(out.code).toBe(0);
    expect(tg.webhook()).toEqual({
      url: "https://agent.example/webhooks/telegram",
      secret_token: SECRET,
      allowed_updates: ["message", "edited_message", "channel_post", "callback_query"],
      drop_pending_updates: true,
    });
    expect(out.stdout).toContain("webhook url:      https://agent.example/webhooks/telegram");
    // The bot's menu: /start and /help, answered from the character.
    expect(tg.commands()).toEqual([
      expect.objectContaining({ command: "start" }),
      expect.objectContaining({ command: "help" }),
    ]);
    expect(out.stdout).toContain("commands:         /start, /help");
    expect(out.stdout + out.stderr).not.toContain(tg.token);
    expect(out.stdout + out.stderr).not.toContain(SECRET);

    const info = await cli("connectors/telegram/cli/webhook-info.ts", [], env());
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(/bot:\s+@eliza_test_bot/);
    expect(info.stdout).toMatch(/pending updates:\s+0/);
  });

  it.each([
    // 2: the command line is wrong; 1: a setting is missing or refused (README's exit codes).
    ["no --url", [], {}, /--url is required/, 2],
    ["an http URL", ["--url", "http://agent.example"], {}, /https/, 2],
    [
      "a secret Telegram refuses",
      ["--url", "https://a.example"],
      { TELEGRAM_WEBHOOK_SECRET: "has space" },
      /A-Z a-z 0-9/,
      1,
    ],
    [
      "no secret",
      ["--url", "https://a.example"],
      { TELEGRAM_WEBHOOK_SECRET: "" },
      /TELEGRAM_WEBHOOK_SECRET is not set/,
      1,
    ],
    [
      "no token",
      ["--url", "https://a.example"],
      { TELEGRAM_BOT_TOKEN: "" },
      /TELEGRAM_BOT_TOKEN is not set/,
      1,
    ],
  ])("refuses %s with a clear message", async (_label, args, extra, message, code) => {
    const out = await cli("connectors/telegram/cli/set-webhook.ts", args, { ...env(), ...extra });
    expect(out.code).toBe(code);
    expect(out.stderr).toMatch(message);
  });

  it("reports Telegram's refusal without the token", async () => {
    const out = await cli(
      "connectors/telegram/cli/set-webhook.ts",
      ["--url", "https://a.example"],
      {
        ...env(),
        TELEGRAM_BOT_TOKEN: "999:wrong-token",
      },
    );
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/401: Unauthorized/);
    expect(out.stderr).not.toContain("wrong-token");
  });
});

describe("discord CLI", () => {
  let dc: FakeDiscordServer;
  beforeAll(async () => {
    dc = await startFakeDiscord();
  });
  afterAll(async () => {
    await dc.close();
  });
  const env = () => ({
    DISCORD_APPLICATION_ID: "1300000000000000001",
    DISCORD_BOT_TOKEN: dc.botToken,
    DISCORD_API_BASE: dc.url,
  });

  it("registers /ask and /help globally or in one server by bulk overwrite", async () => {
    const global = await cli("connectors/discord/cli/register-commands.ts", [], env());
    expect(global.code).toBe(0);
    expect(global.stdout).toContain("registered /ask, /help globally");
    const guild = await cli(
      "connectors/discord/cli/register-commands.ts",
      ["--guild", "1400000000000000001"],
      env(),
    );
    expect(guild.stdout).toContain("registered /ask, /help in server 1400000000000000001");
    const puts = dc.requests.filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.path)).toEqual([
      "/api/v10/applications/1300000000000000001/commands",
      "/api/v10/applications/1300000000000000001/guilds/1400000000000000001/commands",
    ]);
    expect(puts[0]?.headers.authorization).toBe(`Bot ${dc.botToken}`);
    expect(puts[0]?.body).toEqual([
      expect.objectContaining({
        name: "ask",
        options: [
          expect.objectContaining({ name: "text", type: 3, required: true }),
          // A photo, voice message or document (type 11, ATTACHMENT) may go with the words.
          expect.objectContaining({ name: "file", type: 11, required: false }),
        ],
      }),
      expect.objectContaining({ name: "help", type: 1 }),
    ]);
  });

  it("refuses a missing token or a bad guild id, and reports Discord's 401 without the token", async () => {
    expect(
      (
        await cli("connectors/discord/cli/register-commands.ts", [], {
          ...env(),
          DISCORD_BOT_TOKEN: "",
        })
      ).code,
    ).toBe(1);
    const bad = await cli("connectors/discord/cli/register-commands.ts", ["--guild", "abc"], env());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/numeric/);
    const denied = await cli("connectors/discord/cli/register-commands.ts", [], {
      ...env(),
      DISCORD_BOT_TOKEN: "wrong-bot-token",
    });
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/401/);
    expect(denied.stderr).not.toContain("wrong-bot-token");
  });
});
