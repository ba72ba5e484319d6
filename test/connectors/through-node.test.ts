// The connector scenarios through the Node target (`npm start`): startNodeServer configured by
// its env, the connectors it mounts itself, every request over real HTTP to its port, replies
// leaving over real HTTP to the fake Telegram and Discord servers. Storage is one PGlite for the
// file, emptied before each test; the server's clock (agent and storage) is the real clock plus
// an offset, so the scenarios that fire reminders on a later tick run here too, the tick being
// the runDueTasks its task loop would call (the loop itself is off: TASK_INTERVAL_MS=0).
//
// Then the same through a spawned `npm start` process: a Telegram update answered, the reply
// reaching the fake Telegram.
import { afterAll, describe, expect, it } from "vitest";
import { createPgliteStorage, type PostgresStorage } from "../../adapters/postgres/index.ts";
import { connectorsFromEnv } from "../../connectors/index.ts";
import { runDueTasks } from "../../core/index.ts";
import { startNodeServer } from "../../targets/node/index.ts";
import { startFakeDiscord } from "../fakes/discord-server.ts";
import { startFakeTelegram } from "../fakes/telegram-server.ts";
import { RFC8032_TEST1 } from "../fixtures/discord/signer.ts";
import { eventually, GUARDED_TEST_MS } from "../support/eventually.ts";
import { spawnNodeTarget } from "../support/spawn-node-target.ts";
import { type ConnectorDriver, connectorEnv } from "./driver.ts";
import { quiet } from "./harness.ts";
import {
  APPLICATION_ID,
  BOT_ID,
  BOT_USERNAME,
  dmChat,
  TELEGRAM_SECRET,
  telegramRequest,
  textUpdate,
} from "./requests.ts";
import { describeConnectorScenarios } from "./scenarios.ts";

let pglite: PostgresStorage | undefined;
let offset = 0;
const now = () => Date.now() + offset;
afterAll(async () => {
  await pglite?.close();
});

/** The file's PGlite outlives each server's close(). */
function keepOpen<T extends { close(): Promise<void> }>(storage: T): T {
  return new Proxy(storage, {
    get(target, key, receiver) {
      if (key === "close") return async () => {};
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The scenario's request, sent to the server's port instead of https://agent.example. */
async function overHttp(base: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body =
    request.method === "GET" || request.method === "HEAD"
      ? undefined
      : new Uint8Array(await request.arrayBuffer());
  return fetch(`${base}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body,
  });
}

async function startNodeDriver(): Promise<ConnectorDriver> {
  offset = 0;
  pglite ??= await createPgliteStorage({ now });
  await pglite.init();
  await pglite.reset();
  const telegram = await startFakeTelegram({
    token: `${BOT_ID}:TEST-token`,
    username: BOT_USERNAME,
  });
  const discord = await startFakeDiscord();
  const env = {
    ...connectorEnv(telegram, discord, TELEGRAM_SECRET, RFC8032_TEST1.publicKey, APPLICATION_ID),
    TASK_INTERVAL_MS: "0",
  };
  // The connectors the env switches on, as the server would build them, with the pauses
  // they ask for recorded instead of slept.
  const sleeps: number[] = [];
  const connectors = connectorsFromEnv(env, {
    delivery: {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    },
  });
  const server = await startNodeServer({
    env,
    port: 0,
    host: "127.0.0.1",
    storage: keepOpen(pglite),
    connectors,
    logger: quiet,
    now,
  });
  return {
    fetch: (request) => overHttp(server.url, request),
    settle: () => server.idle(),
    telegram,
    discord,
    storage: pglite,
    agentId: server.runtime.agentId,
    advance: (ms) => {
      offset += ms;
    },
    tick: async () => {
      await runDueTasks(server.runtime);
    },
    sleeps,
    close: async () => {
      await server.close();
      await Promise.allSettled([telegram.close(), discord.close()]);
    },
  };
}

describeConnectorScenarios("node target (http, pglite)", startNodeDriver);

describe("npm start with TELEGRAM_BOT_TOKEN", () => {
  // Outlasts the target's 120 s start guard and eventually()'s, so either reports by name.
  it(
    "answers POST /webhooks/telegram and the reply reaches Telegram",
    async () => {
      const telegram = await startFakeTelegram({
        token: `${BOT_ID}:TEST-token`,
        username: BOT_USERNAME,
      });
      const target = await spawnNodeTarget({
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
        TELEGRAM_API_BASE: telegram.origin,
        TASK_INTERVAL_MS: "0",
        // The webhook path is what is tested here; PGlite through npm start is node.test.ts's.
        ALLOW_NO_DATABASE: "true",
      });
      try {
        const update = textUpdate("I feel sad about my exams");
        const res = await overHttp(target.url, telegramRequest(update));
        expect(res.status).toBe(200);
        // The turn runs after the response; its one sendMessage is the signal it is done.
        await eventually("the turn's sendMessage", () => telegram.sent().length > 0);
        const sent = telegram.sent();
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ chat_id: dmChat().id });
        expect(sent[0]!.text).toMatch(/\S/);
        expect(await target.stop()).toBe(0);
      } finally {
        await target.stop();
        await telegram.close();
      }
    },
    120_000 + GUARDED_TEST_MS,
  );
});
