// `npm run bench:hostile`: a hostile and unlucky day against `npm start`, in figures.
// 1. Every request in inputs.ts (malformed, oversized, unauthenticated, pathological) while
//    /health is polled: status classes, 5xx, how long /health stalled, whether the process lived.
// 2. Valid Telegram updates, each delivered three times at once: lost and duplicated replies.
// 3. Crash rounds: a burst of updates, kill -9 at a random moment, restart on the same PGlite
//    directory, Telegram's redelivery of the burst; then lost and duplicated replies.
// Everything runs on loopback: the agent, and a local stand-in for the Bot API.
import type { ChildProcess } from "node:child_process";
import { startFakeTelegram } from "../../test/fakes/telegram-server.ts";
import { RFC8032_TEST1 } from "../../test/fixtures/discord/signer.ts";
import { spawnNodeTarget, tempDataDir } from "../../test/support/spawn-node-target.ts";
import { hostileRequests } from "./inputs.ts";

const VALID_UPDATES = Number(process.env.HOSTILE_UPDATES ?? 40);
const CRASH_ROUNDS = Number(process.env.HOSTILE_CRASH_ROUNDS ?? 5);
const BURST = 12;
const secrets = { telegramSecret: "hostile-bench-secret", cronSecret: "c".repeat(32) };

const telegram = await startFakeTelegram();
const dataDir = tempDataDir();
const env = {
  PGLITE_DIR: dataDir,
  TASK_INTERVAL_MS: "250",
  LOG_LEVEL: "warn",
  CRON_SECRET: secrets.cronSecret,
  TELEGRAM_BOT_TOKEN: telegram.token,
  TELEGRAM_WEBHOOK_SECRET: secrets.telegramSecret,
  TELEGRAM_API_BASE: telegram.origin,
  DISCORD_PUBLIC_KEY: RFC8032_TEST1.publicKey,
  DISCORD_APPLICATION_ID: "1",
};
let target = await spawnNodeTarget(env);
let crashes = 0;

const classes = new Map<string, number>();
const serverErrors: string[] = [];
const count = (status: number | "no answer") => {
  const key = status === "no answer" ? status : `${Math.floor(status / 100)}xx`;
  classes.set(key, (classes.get(key) ?? 0) + 1);
};

async function send(
  path: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<number | "no answer"> {
  try {
    const res = await fetch(target.url + path, {
      ...init,
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return "no answer";
  }
}

// 1. Hostile requests, with /health polled alongside.
const inputs = hostileRequests(secrets);
let healthWorstMs = 0;
let polling = true;
const poller = (async () => {
  while (polling) {
    const started = performance.now();
    await send("/health", { timeoutMs: 60_000 });
    healthWorstMs = Math.max(healthWorstMs, performance.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
})();
for (const input of inputs) {
  const status = await send(input.path, {
    method: input.method,
    headers: input.headers,
    body: input.body,
  });
  count(status);
  if (status === "no answer" || status >= 500) {
    serverErrors.push(`${input.group}: ${input.name} → ${status}`);
  }
}
polling = false;
await poller;
const aliveAfterHostile = target.child.exitCode === null;

// 2 and 3. Valid updates: replies are matched to updates by reply_parameters.message_id.
const accepted = new Set<number>();
let nextUpdate = 1;
const update = (id: number) =>
  JSON.stringify({
    update_id: id,
    message: {
      message_id: id,
      date: 1_900_000_000,
      // One person per update: the per-user rate limit is not what this part measures.
      chat: { id: 10_000 + id, type: "private" },
      from: { id: 10_000 + id, first_name: "Pat" },
      text: `I feel tired today, number ${id}`,
    },
  });
const deliver = async (id: number) => {
  const status = await send("/webhooks/telegram", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-telegram-bot-api-secret-token": secrets.telegramSecret,
    },
    body: update(id),
  });
  if (typeof status === "number" && status < 300) accepted.add(id);
  return status;
};

const ids = Array.from({ length: VALID_UPDATES }, () => nextUpdate++);
await Promise.all(ids.flatMap((id) => [deliver(id), deliver(id), deliver(id)]));

for (let round = 0; round < CRASH_ROUNDS; round++) {
  const burst = Array.from({ length: BURST }, () => nextUpdate++);
  const sending = Promise.all(burst.flatMap((id) => [deliver(id), deliver(id)]));
  await new Promise((r) => setTimeout(r, 50 + Math.random() * 400));
  await kill(target.child);
  crashes++;
  await sending;
  target = await spawnNodeTarget(env);
  // Telegram redelivers what it did not see acknowledged; send the whole burst again.
  await Promise.all(burst.map((id) => deliver(id)));
}

// Leases of runs that died with a process expire after two minutes; wait for the ticks.
const replies = () => {
  const byUpdate = new Map<number, number>();
  for (const sent of telegram.sent()) {
    const id = sent.reply_parameters?.message_id;
    // Each valid update has its own chat; the hostile phase's replies go to other chats.
    if (typeof id === "number" && sent.chat_id === 10_000 + id) {
      byUpdate.set(id, (byUpdate.get(id) ?? 0) + 1);
    }
  }
  return byUpdate;
};
const deadline = Date.now() + 170_000;
while (Date.now() < deadline && [...accepted].some((id) => !replies().has(id))) {
  await new Promise((r) => setTimeout(r, 500));
}
await new Promise((r) => setTimeout(r, 3000));
const byUpdate = replies();
const lost = [...accepted].filter((id) => !byUpdate.has(id)).length;
const duplicated = [...byUpdate.values()].filter((n) => n > 1).length;
const extraCopies = [...byUpdate.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);

console.log("Hostile run against npm start (PGlite, Telegram and Discord webhooks on)\n");
console.log("| figure | value |");
console.log("|---|---|");
console.log(`| hostile inputs tried | ${inputs.length} |`);
for (const [key, n] of [...classes].sort()) console.log(`| answered ${key} | ${n} |`);
console.log(`| 5xx or no answer | ${serverErrors.length} |`);
console.log(`| worst /health latency while they ran | ${healthWorstMs.toFixed(0)} ms |`);
console.log(`| process alive after them | ${aliveAfterHostile ? "yes" : "no"} |`);
console.log(`| valid updates (each delivered 2-3 times) | ${nextUpdate - 1} |`);
console.log(`| accepted by the webhook | ${accepted.size} |`);
console.log(`| kill -9 crashes | ${crashes} |`);
console.log(`| lost (accepted, never answered) | ${lost} |`);
console.log(
  `| duplicated (answered more than once) | ${duplicated} (${extraCopies} extra copies) |`,
);
for (const [id, n] of byUpdate) {
  if (n < 2) continue;
  const texts = telegram
    .sent()
    .filter((sent) => sent.reply_parameters?.message_id === id && sent.chat_id === 10_000 + id)
    .map((sent) => sent.text.slice(0, 60));
  console.log(`update ${id} answered ${n} times: ${JSON.stringify(texts)}`);
}
const lostIds = [...accepted].filter((id) => !byUpdate.has(id));
if (lostIds.length)
  console.log(
    `lost updates: ${lostIds.join(", ")} (valid ids 1-${VALID_UPDATES}; later ones are crash bursts)`,
  );
if (serverErrors.length) console.log(`\n5xx / no answer:\n  ${serverErrors.join("\n  ")}`);

await target.stop();
await telegram.close();

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}
