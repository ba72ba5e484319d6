// What a connector scenario needs from the thing under test. The in-process harness
// (harness.ts) fills it with createApp; a target's test fills it with its own entry point
// (a Worker in Miniflare, the Lambda handler) and reuses every scenario unchanged.
import type { StorageAdapter } from "../../core/index.ts";
import type { FakeDiscordServer } from "../fakes/discord-server.ts";
import type { FakeTelegramServer } from "../fakes/telegram-server.ts";

export interface ConnectorDriver {
  /** Delivers one request to the app and returns its response. */
  fetch(request: Request): Promise<Response>;
  /** Resolves once background work started by earlier requests (waitUntil) has finished. */
  settle(): Promise<void>;
  /** The fake platforms the app's TELEGRAM_API_BASE and DISCORD_API_BASE point at. */
  telegram: FakeTelegramServer;
  discord: FakeDiscordServer;
  /** The app's storage, read from the test's side (for "nothing was stored"). */
  storage: StorageAdapter;
  /** The agent's id (rooms are read per agent). */
  agentId: string;
  /** Moves the agent's clock forward. Scenarios that need time are skipped without it. */
  advance?(ms: number): void;
  /** One scheduler tick: runDueTasks, a Worker's scheduled(), an EventBridge event. */
  tick?(): Promise<void>;
  /** Sleeps the connectors asked for (429 retry_after, 5xx pause), in ms; if recorded. */
  sleeps?: number[];
  close(): Promise<void>;
}

/** The env a driver gives the app so the scenarios' requests verify. */
export function connectorEnv(
  telegram: FakeTelegramServer,
  discord: FakeDiscordServer,
  secret: string,
  publicKey: string,
  applicationId: string,
): Record<string, string> {
  return {
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_WEBHOOK_SECRET: secret,
    TELEGRAM_API_BASE: telegram.origin,
    DISCORD_PUBLIC_KEY: publicKey,
    DISCORD_APPLICATION_ID: applicationId,
    DISCORD_BOT_TOKEN: discord.botToken,
    DISCORD_API_BASE: discord.url,
  };
}
