import { describe, expect, it } from "vitest";
import { connectorsFromEnv } from "../../connectors/index.ts";

describe("connectorsFromEnv", () => {
  it("switches Telegram on with TELEGRAM_BOT_TOKEN and Discord with DISCORD_PUBLIC_KEY", () => {
    expect(connectorsFromEnv({}).names).toEqual([]);
    expect(connectorsFromEnv({ TELEGRAM_BOT_TOKEN: "" }).names).toEqual([]);
    const both = connectorsFromEnv({ TELEGRAM_BOT_TOKEN: "1:x", DISCORD_PUBLIC_KEY: "ab" });
    expect(both.names).toEqual(["telegram", "discord"]);
    expect(both.connectors.map((c) => c.name)).toEqual(["telegram", "discord"]);
    expect(both.plugins.map((p) => p.name)).toEqual(["telegram", "discord"]);
    expect(connectorsFromEnv({ DISCORD_PUBLIC_KEY: "ab" }).names).toEqual(["discord"]);
  });
});
