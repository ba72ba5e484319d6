// `npm run bench:faults`: a bounded soak with an injected fault schedule, as an SRE tries a
// deployment before going live (issue 29). Clients send keyed messages (each its own
// Idempotency-Key and room) to the Lambda handler over DynamoDB Local and retry each one, as
// the README's retry contract says, until it is answered. API Gateway's 29-s integration
// timeout is played by the bench: an answer later than that counts as a gateway 504. Faults,
// one after the other, each followed by a quiet spell:
//   storage: throttling (DynamoDB's ProvisionedThroughputExceeded), a stall (requests held,
//            dropped when it ends), connection resets (test/support/fault-proxy.ts);
//   model:   429 with Retry-After, 500, a hang (held, dropped when it ends).
// Per fault it prints the statuses seen while the fault lasted and in the spell after, the
// time from the fault's end to the first 200, and the keyed messages sent during the fault:
// answered (and how many within 10 s of the fault's end), lost (never answered), duplicated
// (stored or answered twice). Then an overload: 30 and 120 clients without pause against the
// Node server on PGlite with the offline model, its 503s and their latency, with PGlite in its
// worker thread and in the server's own thread.
//
//   npm run bench:faults        FAULT_MS=6000 RECOVER_MS=12000 CLIENTS=8 OVERLOAD_MS=10000
import { createTable } from "../adapters/dynamodb/index.ts";
import { createLambdaHandler } from "../targets/lambda/index.ts";
import { chatCompletion, openAIError, startScriptedServer } from "../test/fakes/openai-server.ts";
import { localClient, startDynamoDbLocal } from "../test/support/dynamodb-local.ts";
import { type FaultMode, startFaultProxy } from "../test/support/fault-proxy.ts";
import { type HttpResult, v2Event } from "../test/support/lambda-events.ts";
import { spawnNodeTarget } from "../test/support/spawn-node-target.ts";
import { machineLine } from "./machine.ts";
import { processCpuMs } from "./pglite-throughput.ts";

const FAULT_MS = Number(process.env.FAULT_MS ?? 6_000);
const RECOVER_MS = Number(process.env.RECOVER_MS ?? 12_000);
const CLIENTS = Number(process.env.CLIENTS ?? 8);
const OVERLOAD_MS = Number(process.env.OVERLOAD_MS ?? 10_000);
const OVERLOAD_CLIENTS = 30;
/** Past the default limits (16 running, 64 waiting): some must be shed. */
const OVERLOAD_CLIENTS_PAST_LIMITS = 120;
const GATEWAY_MS = 29_000;
/** How long after the last fault's spell the clients may still retry what they sent. */
const GRACE_MS = 45_000;
const GOAL_MS = 10_000;
const TOKEN = "bench-faults-token";
const PLAN =
  "<response><thought>answer</thought><actions>REPLY</actions><text>Noted.</text></response>";

type ModelFault = "ok" | "429" | "500" | "hang";
interface Fault {
  name: string;
  storage?: FaultMode;
  model?: ModelFault;
}
const SCHEDULE: Fault[] = [
  { name: "storage throttling", storage: "throttle" },
  { name: "storage stall", storage: "stall" },
  { name: "storage resets", storage: "reset" },
  { name: "model 429", model: "429" },
  { name: "model 500", model: "500" },
  { name: "model hang", model: "hang" },
];

interface Sent {
  key: string;
  startedAt: number;
  answeredAt?: number;
}
interface Answer {
  at: number;
  status: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const dynamo = await startDynamoDbLocal();
  const table = `bench-faults-${Date.now()}`;
  await createTable(localClient(dynamo.endpoint), table);
  const proxy = await startFaultProxy(dynamo.endpoint);
  let modelFault: ModelFault = "ok";
  let faultEnded: () => void = () => {};
  let ended = Promise.resolve();
  const model = await startScriptedServer(() => {
    if (modelFault === "429") {
      return {
        ...openAIError(429, "Rate limit reached", "rate_limit_error"),
        headers: { "retry-after": "1" },
      };
    }
    if (modelFault === "500") return openAIError(500, "The server had an error", "server_error");
    if (modelFault === "hang")
      return { heldUntil: ended, answer: () => ({ dropConnection: true }) };
    return chatCompletion(PLAN);
  });
  const handler = createLambdaHandler({
    env: {
      DYNAMODB_TABLE: table,
      DYNAMODB_ENDPOINT: proxy.url,
      API_TOKEN: TOKEN,
      LOG_LEVEL: "silent",
      OPENAI_API_KEY: "sk-bench",
      OPENAI_BASE_URL: `${model.origin}/v1`,
      OPENAI_EMBEDDING_MODEL: "none",
    },
    selfInvoke: null,
  });
  /** API Gateway in front of the function: no answer within 29 s is its 504. */
  const gateway = async (method: string, path: string, body?: unknown, key?: string) => {
    const invocation = handler(
      v2Event({
        method,
        path,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          "content-type": "application/json",
          ...(key ? { "idempotency-key": key } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    ) as Promise<HttpResult>;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<HttpResult>((resolve) => {
      timer = setTimeout(() => resolve({ statusCode: 504, body: "" }), GATEWAY_MS);
    });
    const failed: HttpResult = { statusCode: 502, body: "" };
    const result = await Promise.race([invocation.catch(() => failed), timeout]);
    clearTimeout(timer);
    return result;
  };
  await gateway("GET", "/health");

  const sent: Sent[] = [];
  const answers: Answer[] = [];
  let sending = true;
  let retrying = true;
  const client = async (c: number) => {
    for (let n = 0; sending; n++) {
      const message: Sent = { key: `c${c}-m${n}-${Date.now()}`, startedAt: Date.now() };
      sent.push(message);
      while (retrying) {
        const result = await gateway(
          "POST",
          "/api/messages",
          { text: `about ${message.key}`, userId: message.key },
          message.key,
        );
        answers.push({ at: Date.now(), status: result.statusCode });
        if (result.statusCode === 200) {
          message.answeredAt = Date.now();
          break;
        }
        const after = Number(result.headers?.["retry-after"] ?? 0.5);
        await sleep(Math.min(1_000, Math.max(100, after * 1000)));
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
  await sleep(3_000); // warm

  const windows: { fault: Fault; start: number; end: number; spellEnd: number }[] = [];
  for (const fault of SCHEDULE) {
    const start = Date.now();
    ended = new Promise<void>((resolve) => {
      faultEnded = resolve;
    });
    if (fault.storage) proxy.mode = fault.storage;
    if (fault.model) modelFault = fault.model;
    await sleep(FAULT_MS);
    proxy.mode = "pass";
    modelFault = "ok";
    faultEnded();
    const end = Date.now();
    await sleep(RECOVER_MS);
    windows.push({ fault, start, end, spellEnd: Date.now() });
    process.stderr.write(`${fault.name}: done\n`);
  }
  sending = false;
  const graceEnd = Date.now() + GRACE_MS;
  while (sent.some((m) => m.answeredAt === undefined) && Date.now() < graceEnd) await sleep(200);
  retrying = false;
  await Promise.race([Promise.all(clients), sleep(GATEWAY_MS + 1_000)]);

  const rows: string[] = [];
  for (const w of windows) {
    const during = answers.filter((a) => a.at >= w.start && a.at < w.end);
    const spell = answers.filter((a) => a.at >= w.end && a.at < w.spellEnd);
    const first200 = answers.find((a) => a.at >= w.end && a.status === 200);
    // The keyed messages the fault hit: sent before it ended and not answered before it began.
    const keyed = sent.filter(
      (m) => m.startedAt < w.end && (m.answeredAt === undefined || m.answeredAt >= w.start),
    );
    const answered = keyed.filter((m) => m.answeredAt !== undefined);
    const inGoal = answered.filter((m) => (m.answeredAt ?? 0) - w.end <= GOAL_MS);
    let duplicated = 0;
    for (const m of answered) {
      const history = await gateway("GET", `/api/rooms/dm:${m.key}/messages`);
      const messages = (JSON.parse(history.body || "{}").messages ?? []) as { role: string }[];
      if (
        messages.filter((x) => x.role === "user").length > 1 ||
        messages.filter((x) => x.role === "agent").length > 1
      )
        duplicated++;
    }
    rows.push(
      `| ${w.fault.name} | ${tally(during)} | ${tally(spell)} | ${first200 ? `${((first200.at - w.end) / 1000).toFixed(1)} s` : "never"} | ${answered.length}/${keyed.length} (${inGoal.length} ≤ 10 s) | ${keyed.length - answered.length} | ${duplicated} | ${[...during, ...spell].filter((a) => a.status === 504).length} |`,
    );
  }
  await proxy.close();
  await dynamo.stop();
  await model.close();

  const overload = [
    await overloadRound(OVERLOAD_CLIENTS, false),
    await overloadRound(OVERLOAD_CLIENTS, true),
    await overloadRound(OVERLOAD_CLIENTS_PAST_LIMITS, false),
    await overloadRound(OVERLOAD_CLIENTS_PAST_LIMITS, true),
  ].join("\n");
  console.log(
    `Fault soak: Lambda handler + DynamoDB Local, ${CLIENTS} clients sending keyed messages and retrying each until answered; faults of ${FAULT_MS / 1000} s, ${RECOVER_MS / 1000} s apart (${machineLine()})\n`,
  );
  console.log(
    "| fault | statuses during | statuses after | first 200 after the end | keyed answered | lost | duplicated | gateway 504 |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  console.log(
    `\nOverload: ${OVERLOAD_CLIENTS} and ${OVERLOAD_CLIENTS_PAST_LIMITS} clients, each sending again as soon as answered (after Retry-After when shed), for ${OVERLOAD_MS / 1000} s, Node server (its own process) on PGlite in its worker thread (the default) and in the server's own thread (PGLITE_WORKER=false), offline model, default settings, no rate limits; server CPU is its process's user + system time, all threads\n`,
  );
  console.log(overload);
  process.exit(0);
}

/** "200×41 503×12" */
function tally(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return (
    [...counts]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ") || "—"
  );
}

/** The Node server as `npm start` runs it, in a process of its own, on a fresh PGlite directory. */
async function overloadRound(clients: number, worker: boolean): Promise<string> {
  const server = await spawnNodeTarget({
    PGLITE_WORKER: String(worker),
    API_TOKEN: TOKEN,
    LOG_LEVEL: "silent",
    TASK_INTERVAL_MS: "0",
    RATE_LIMIT_USER_PER_MINUTE: "0",
    RATE_LIMIT_ROOM_PER_MINUTE: "0",
  });
  // Warm: the first turns compile the pipeline and fill PGlite's caches.
  for (let i = 0; i < 5; i++) {
    await fetch(`${server.url}/api/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "warm up", userId: "warm" }),
    });
  }
  const results: { status: number; ms: number }[] = [];
  const cpuBefore = processCpuMs(server.child.pid ?? 0);
  const stopAt = Date.now() + OVERLOAD_MS;
  let unanswered = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let n = 0; Date.now() < stopAt; n++) {
        const started = performance.now();
        try {
          const response = await fetch(`${server.url}/api/messages`, {
            method: "POST",
            headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
            body: JSON.stringify({ text: `I feel busy ${n}`, userId: `load-${c}` }),
            signal: AbortSignal.timeout(30_000),
          });
          await response.text();
          results.push({ status: response.status, ms: performance.now() - started });
          // A shed client comes back when told to, as the retry contract asks.
          if (response.status === 503) await sleep(1_000);
        } catch {
          unanswered++;
        }
      }
    }),
  );
  const cpu = processCpuMs(server.child.pid ?? 0) - cpuBefore;
  await server.stop();
  const ok = results.filter((r) => r.status === 200).map((r) => r.ms);
  const shed = results.filter((r) => r.status === 503).map((r) => r.ms);
  return [
    ...(clients === OVERLOAD_CLIENTS && !worker
      ? [
          "| clients | PGlite in | answered 200 | 200 p50 / p99 / max | 503 | 503 p50 / max | unanswered after 30 s | 200 per second | server CPU per request |",
          "|---|---|---|---|---|---|---|---|---|",
        ]
      : []),
    `| ${clients} | ${worker ? "a worker thread" : "the server's thread"} | ${ok.length} | ${ms(pct(ok, 0.5))} / ${ms(pct(ok, 0.99))} / ${ms(pct(ok, 1))} | ${shed.length} | ${ms(pct(shed, 0.5))} / ${ms(pct(shed, 1))} | ${unanswered} | ${(ok.length / (OVERLOAD_MS / 1000)).toFixed(1)} | ${(cpu / Math.max(1, results.length)).toFixed(1)} ms |`,
  ].join("\n");
}

function pct(values: number[], p: number): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

const ms = (value: number | undefined) =>
  value === undefined
    ? "—"
    : value >= 1000
      ? `${(value / 1000).toFixed(1)} s`
      : `${Math.round(value)} ms`;

await main();
