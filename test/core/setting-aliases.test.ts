// elizaOS's setting names read as fallbacks for ours (POSTGRES_URL, PGLITE_DATA_DIR,
// DISCORD_API_TOKEN): through getSetting in every layer, the Discord channel post, and the
// secret-base-URL rule that ties DISCORD_API_BASE to wherever the token came from.
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import { discordPlugin } from "../../connectors/index.ts";
import {
  type AgentRuntime,
  createAgent,
  parseCharacter,
  type SendTarget,
  setting,
  silentLogger,
} from "../../core/index.ts";
import { envSetting } from "../../core/kernel/settings/aliases.ts";
import { type FakeDiscordServer, startFakeDiscord } from "../fakes/discord-server.ts";

const servers: FakeDiscordServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function discord(botToken: string): Promise<FakeDiscordServer> {
  const server = await startFakeDiscord({ botToken });
  servers.push(server);
  return server;
}

function agent(options: {
  settings?: Record<string, string>;
  secrets?: Record<string, string>;
  env?: Record<string, string>;
}): Promise<AgentRuntime> {
  return createAgent({
    character: parseCharacter({
      name: "Aliased",
      settings: options.settings ?? {},
      secrets: options.secrets ?? {},
    }),
    storage: createMemoryStorage(),
    env: options.env ?? {},
    plugins: [discordPlugin({ delivery: { sleep: async () => {} } })],
    logger: silentLogger,
  });
}

const channel = {
  source: "discord",
  roomId: "00000000-0000-4000-8000-000000000001",
  channelId: "1500000000000000001",
} as SendTarget;

describe("elizaOS's names as fallbacks in the runtime's settings", () => {
  it("reads POSTGRES_URL, PGLITE_DATA_DIR and DISCORD_API_TOKEN when ours are unset", async () => {
    const runtime = await agent({
      env: { POSTGRES_URL: "postgres://u:p@db/x", PGLITE_DATA_DIR: "/data/pg" },
      secrets: { DISCORD_API_TOKEN: "eliza-named-token" },
    });
    expect(runtime.getSetting("DATABASE_URL")).toBe("postgres://u:p@db/x");
    expect(runtime.getSettingString("PGLITE_DIR")).toBe("/data/pg");
    expect(runtime.getSettingWithSource("DISCORD_BOT_TOKEN")).toEqual({
      value: "eliza-named-token",
      source: "character",
    });
  });

  it("ours wins where both are set, whatever layer each comes from", async () => {
    const runtime = await agent({
      settings: { POSTGRES_URL: "postgres://character/x" },
      secrets: { DISCORD_API_TOKEN: "character-eliza-token" },
      env: { DATABASE_URL: "postgres://env/ours", DISCORD_BOT_TOKEN: "env-our-token" },
    });
    expect(runtime.getSettingString("DATABASE_URL")).toBe("postgres://env/ours");
    expect(runtime.getSettingString("DISCORD_BOT_TOKEN")).toBe("env-our-token");
  });

  it("an empty value of ours counts as unset; the reverse lookup never happens", async () => {
    const runtime = await agent({ env: { DATABASE_URL: "", POSTGRES_URL: "postgres://h/x" } });
    expect(runtime.getSettingString("DATABASE_URL")).toBe("postgres://h/x");
    const other = await agent({ env: { DATABASE_URL: "postgres://h/ours" } });
    expect(other.getSettingString("POSTGRES_URL")).toBeUndefined();
  });

  it("targets' env reader does the same (what Vercel and Node read before a runtime exists)", () => {
    expect(setting({ POSTGRES_URL: "postgres://a/b" }, "DATABASE_URL")).toBe("postgres://a/b");
    expect(setting({ DATABASE_URL: "postgres://ours", POSTGRES_URL: "x" }, "DATABASE_URL")).toBe(
      "postgres://ours",
    );
    expect(envSetting({ PGLITE_DATA_DIR: "" }, "PGLITE_DIR")).toBeUndefined();
    expect(envSetting({ DISCORD_API_TOKEN: 42 }, "DISCORD_BOT_TOKEN")).toBeUndefined();
    expect(setting({ OTHER: "x" }, "DATABASE_URL")).toBeUndefined();
  });
});

describe("DISCORD_API_TOKEN posts to Discord as DISCORD_BOT_TOKEN does", () => {
  it("a channel post carries the elizaOS-named token", async () => {
    const server = await discord("eliza-named-bot-token");
    const runtime = await agent({
      env: { DISCORD_API_TOKEN: "eliza-named-bot-token", DISCORD_API_BASE: server.url },
    });
    expect(await runtime.sendMessageToTarget(channel, { text: "hello" })).toBe(true);
    expect(server.messages().map((m) => m.content)).toEqual(["hello"]);
  });

  it("is tied to the base URL like our name: a character's base never gets the env's token", async () => {
    const good = await discord("env-eliza-token");
    const evil = await discord("env-eliza-token");
    const runtime = await agent({
      settings: { DISCORD_API_BASE: evil.url },
      env: { DISCORD_API_TOKEN: "env-eliza-token", DISCORD_API_BASE: good.url },
    });
    await runtime.sendMessageToTarget(channel, { text: "hello" });
    expect(evil.requests).toHaveLength(0);
    expect(good.messages()).toHaveLength(1);
  });

  it("where both names are set, DISCORD_BOT_TOKEN is the one sent", async () => {
    const server = await discord("our-bot-token");
    const runtime = await agent({
      env: {
        DISCORD_BOT_TOKEN: "our-bot-token",
        DISCORD_API_TOKEN: "stale-eliza-token",
        DISCORD_API_BASE: server.url,
      },
    });
    await runtime.sendMessageToTarget(channel, { text: "hi" });
    expect(server.messages()).toHaveLength(1);
  });
});
