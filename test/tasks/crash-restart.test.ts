// kill -9 in the middle of a Telegram turn, with real processes on one PGlite directory: the
// restarted process (its task loop, and Telegram redelivering the update) must not answer
// again. Each round kills at a fixed point: while the Bot API holds the sendMessage (the reply
// may have reached the user: never resent) or while the model holds the turn (nothing was
// sent: answered exactly once after the restart).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TELEGRAM_SECRET, textUpdate } from "../connectors/requests.ts";
import {
  chatCompletion,
  embeddingList,
  fakeEmbedding,
  type ScriptedServer,
  startScriptedServer,
} from "../fakes/openai-server.ts";
import {
  DEFAULT_TELEGRAM_TOKEN,
  type FakeTelegramServer,
  startFakeTelegram,
} from "../fakes/telegram-server.ts";
import { type RunningTarget, spawnNodeTarget, tempDataDir } from "../support/spawn-node-target.ts";

const HOUR = 3_600_000;
const START_MS = 240_000; // a loaded CI machine takes a while to transpile and open PGlite

let telegram: FakeTelegramServer;
let openai: ScriptedServer;
let holdNextCompletion = false;
const dir = tempDataDir();
const running: RunningTarget[] = [];

beforeAll(async () => {
  telegram = await startFakeTelegram();
  openai = await startScriptedServer((request) => {
    const body = (request.body ?? {}) as { input?: string | string[]; dimensions?: number };
    if (request.path.endsWith("/embeddings")) {
      const inputs = Array.isArray(body.input) ? body.input : [String(body.input ?? "")];
      return embeddingList(inputs.map((text) => fakeEmbedding(text, body.dimensions ?? 1536)));
    }
    const held = holdNextCompletion;
    holdNextCompletion = false;
    return {
      ...chatCompletion("<response><text>noted</text></response>"),
      ...(held ? { delayMs: HOUR } : {}),
    };
  });
});

afterAll(async () => {
  for (const target of running) target.child.kill("SIGKILL");
  await telegram?.close();
  await openai?.close();
});

/** Starts the process on the shared directory, its clock `offsetMs` ahead of the last one. */
async function start(offsetMs: number): Promise<RunningTarget> {
  const target = await spawnNodeTarget(
    {
      PGLITE_DIR: dir,
      CLOCK_OFFSET_MS: String(offsetMs),
      TASK_INTERVAL_MS: "200",
      TELEGRAM_BOT_TOKEN: DEFAULT_TELEGRAM_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
      TELEGRAM_API_BASE: telegram.origin,
      OPENAI_BASE_URL: `${openai.origin}/v1`,
      OPENAI_API_KEY: "sk-fake",
    },
    { script: "test/support/telegram-node-process.ts", startTimeoutMs: START_MS },
  );
  running.push(target);
  return target;
}

async function kill9(target: RunningTarget): Promise<void> {
  const exited = new Promise((resolve) => target.child.once("exit", resolve));
  target.child.kill("SIGKILL");
  await exited;
}

const deliver = (target: RunningTarget, update: unknown) =>
  fetch(`${target.url}/webhooks/telegram`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-telegram-bot-api-secret-token": TELEGRAM_SECRET,
    },
    body: JSON.stringify(update),
  });

/** sendMessage calls the fake received that answer the user's message `messageId`. */
const sendsFor = (messageId: number) =>
  telegram.requests.filter(
    (r) =>
      r.path.endsWith("/sendMessage") &&
      (r.body as { reply_parameters?: { message_id?: number } }).reply_parameters?.message_id ===
        messageId,
  ).length;

/** Polls a condition the processes make true (a request arrives, a log line appears). */
async function until(what: string, condition: () => boolean, limitMs = START_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("kill -9 mid-turn, restart on the same PGlite directory", () => {
  it(
    "answers every update exactly once, across rounds of crashes",
    async () => {
      let offset = 0;
      let target = await start(offset);
      const rounds = ["while sending", "while thinking", "while sending"] as const;
      for (const [round, point] of rounds.entries()) {
        const update = textUpdate(`message ${round}`, { updateId: 9000 + round });
        const messageId = (update.message as { message_id: number }).message_id;
        if (point === "while sending") {
          telegram.enqueue({ body: { ok: true, result: {} }, delayMs: HOUR });
        } else holdNextCompletion = true;
        const requestsBefore =
          point === "while sending" ? telegram.requests.length : openai.requests.length;
        expect((await deliver(target, update)).status).toBe(200);
        if (point === "while sending") {
          await until("the held sendMessage", () => sendsFor(messageId) === 1);
        } else {
          await until(
            "the held completion",
            () => openai.requests.length > requestsBefore && !holdNextCompletion,
          );
        }
        await kill9(target);

        // The dead process's lease (2 min) has run out for the new one.
        offset += 10 * 60_000;
        target = await start(offset);
        const restarted = target;
        if (point === "while sending") {
          // The tick either finds the answer (the log says so) or, wrongly, sends it again.
          await until(
            "the tick to find the answer",
            () =>
              restarted.output().includes("already answered; not answered again") ||
              sendsFor(messageId) > 1,
          );
        } else {
          await until("the answer after the restart", () => sendsFor(messageId) === 1);
        }
        // Telegram redelivers the update it never got a 200 for... after the kill it did get
        // one, but a redelivery must be harmless either way.
        expect((await deliver(target, update)).status).toBe(200);
        expect(sendsFor(messageId)).toBe(1);
      }
      // A last restart: nothing left over answers anything again.
      await kill9(target);
      offset += 10 * 60_000;
      target = await start(offset);
      await until("a tick", () => target.output().includes("listening on"));
      for (const round of rounds.keys()) {
        const update = textUpdate("again", { updateId: 9000 + round });
        expect((await deliver(target, update)).status).toBe(200);
      }
      await target.stop(); // SIGTERM waits for the running tick
      const perUpdate = telegram.requests
        .filter((r) => r.path.endsWith("/sendMessage"))
        .map(
          (r) =>
            (r.body as { reply_parameters?: { message_id?: number } }).reply_parameters?.message_id,
        );
      expect(new Set(perUpdate).size).toBe(perUpdate.length);
      expect(perUpdate).toHaveLength(rounds.length);
    },
    20 * 60_000,
  );
});
