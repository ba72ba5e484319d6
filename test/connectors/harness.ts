// The in-process driver: the shared app from createApp with the connectors from
// connectorsFromEnv, a real storage backend, a fake clock, fake Telegram and Discord servers,
// and waitUntil collected so a test can wait for the background turn.
import { connectorsFromEnv } from "../../connectors/index.ts";
import {
  type AgentRuntime,
  createAgent,
  createApp,
  type Logger,
  type Plugin,
  parseCharacter,
  runDueTasks,
  type StorageAdapter,
} from "../../core/index.ts";
import { startFakeDiscord } from "../fakes/discord-server.ts";
import { startFakeTelegram } from "../fakes/telegram-server.ts";
import { RFC8032_TEST1 } from "../fixtures/discord/signer.ts";
import { FakeClock } from "../storage/fixtures.ts";
import { type ConnectorDriver, connectorEnv } from "./driver.ts";
import { APPLICATION_ID, BOT_ID, BOT_USERNAME, TELEGRAM_SECRET } from "./requests.ts";

export const quiet = { debug() {}, info() {}, warn() {}, error() {} };

export interface HarnessOptions {
  /** A storage over an empty database, reading time from `now`. */
  storage: (now: () => number) => Promise<StorageAdapter>;
  /** A model plugin (scripted); default the offline ELIZA. */
  model?: Plugin;
  /** More plugins (actions a scenario needs). */
  plugins?: Plugin[];
  env?: Record<string, string>;
  /** Delivery timeout for outbound calls; default the connectors' own. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** The agent's logger; default quiet. */
  logger?: Logger;
}

export interface Harness extends ConnectorDriver {
  runtime: AgentRuntime;
  clock: FakeClock;
  env: Record<string, string>;
  /** Background work started and not yet finished (a frozen turn stays here). */
  pending: Promise<unknown>[];
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const clock = new FakeClock();
  const telegram = await startFakeTelegram({
    token: `${BOT_ID}:TEST-token`,
    username: BOT_USERNAME,
  });
  const discord = await startFakeDiscord();
  const env = {
    ...connectorEnv(telegram, discord, TELEGRAM_SECRET, RFC8032_TEST1.publicKey, APPLICATION_ID),
    ...options.env,
  };
  const sleeps: number[] = [];
  const { connectors, plugins } = connectorsFromEnv(env, {
    delivery: {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    },
  });
  const storage = await options.storage(clock.now);
  await storage.init();
  const runtime = await createAgent({
    character: parseCharacter({ name: "Eliza" }),
    storage,
    env,
    plugins: [...plugins, ...(options.model ? [options.model] : []), ...(options.plugins ?? [])],
    logger: options.logger ?? quiet,
    now: clock.now,
  });
  const pending: Promise<unknown>[] = [];
  const app = createApp({
    getAgent: async () => runtime,
    env: () => env,
    connectors,
    waitUntil: (_c, work) => {
      pending.push(work);
    },
    ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
  });
  return {
    fetch: async (request) => app.fetch(request),
    settle: async () => {
      while (pending.length) await Promise.all(pending.splice(0));
    },
    telegram,
    discord,
    storage,
    agentId: runtime.agentId,
    advance: (ms) => clock.advance(ms),
    tick: async () => {
      await runDueTasks(runtime, { elapsedClock: clock.now });
    },
    sleeps,
    runtime,
    clock,
    env,
    pending,
    close: async () => {
      await Promise.allSettled([telegram.close(), discord.close()]);
      await storage.close();
    },
  };
}
