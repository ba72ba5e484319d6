// `npm start` with only TELEGRAM_BOT_TOKEN is a working bot: the Node target long-polls the
// (fake) Bot API, on embedded PGlite. Then the process is killed with SIGKILL the moment
// Telegram hands it an update, before it can record it, and started again on the same data
// directory: Telegram still holds the update (nothing confirmed it) and the new process answers
// it, once.
import { describe, expect, it } from "vitest";
import { startFakeTelegram } from "../fakes/telegram-server.ts";
import { eventually, GUARDED_TEST_MS } from "../support/eventually.ts";
import { spawnNodeTarget, tempDataDir } from "../support/spawn-node-target.ts";
import { BOT_ID, BOT_USERNAME, textUpdate } from "./requests.ts";

describe("npm start with just TELEGRAM_BOT_TOKEN", () => {
  it(
    "answers by long polling, and a SIGKILL between receiving and recording loses nothing",
    async () => {
      const telegram = await startFakeTelegram({
        token: `${BOT_ID}:TEST-token`,
        username: BOT_USERNAME,
      });
      const env = {
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_BASE: telegram.origin,
        TELEGRAM_POLL_TIMEOUT: "2",
        TASK_INTERVAL_MS: "1000",
        PGLITE_DIR: tempDataDir(),
      };
      let target = await spawnNodeTarget(env);
      try {
        expect(target.output()).not.toMatch(/webhook is set/);
        telegram.push(textUpdate("hello bot") as unknown as Record<string, unknown>);
        await eventually("the first reply", () => telegram.sent().length === 1);
        await eventually("the update confirmed", () => telegram.unconfirmed().length === 0);

        // Killed as the next update is handed over: it never records or confirms it.
        const victim = target;
        telegram.onServed = () => {
          telegram.onServed = undefined;
          victim.child.kill("SIGKILL");
        };
        const id = telegram.push(
          textUpdate("did you get this?") as unknown as Record<string, unknown>,
        );
        await victim.stop();
        expect(telegram.unconfirmed()).toEqual([id]);
        expect(telegram.sent()).toHaveLength(1);

        target = await spawnNodeTarget(env);
        await eventually("the second reply", () => telegram.sent().length === 2);
        await eventually("the update confirmed", () => telegram.unconfirmed().length === 0);
        expect(await target.stop()).toBe(0);
        expect(telegram.sent()).toHaveLength(2);
        expect(telegram.sent()[1]!.reply_parameters?.message_id).toBeDefined();
      } finally {
        await target.stop();
        await telegram.close();
      }
    },
    3 * 120_000 + GUARDED_TEST_MS,
  );
});
