// `npm run bench:pglite-adapter`: what the storage adapter costs around the SQL of one turn on
// PGlite, by CPU time. A warm turn (an existing room, the scripted plan answered at once) is
// run once with its storage calls and PGlite statements recorded; then, interleaved for
// ROUNDS rounds of TURNS each, (a) the turn's storage calls replayed through the adapter and
// (b) the turn's statements executed directly on PGlite (`client.query` with the options
// drizzle passes, no transaction; and again kept prepared, as the adapter runs them), all with
// fresh ids for the rows they insert. The adapter's CPU around the SQL is a − b; the goal
// (issue 32) is a − b ≤ 1.5 × b, a ≤ 2.5 × b. With PGlite in its worker thread (PGLITE_WORKER,
// the server's default) the same calls are replayed through the worker driver;
// process.cpuUsage counts both threads.
//
//   npm run bench:pglite-adapter        ROUNDS=5 TURNS=100 PER_STATEMENT=1 (each statement alone)
import { pathToFileURL } from "node:url";
import { PGlite, types } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { createPgliteStorage, type PostgresStorage } from "../adapters/postgres/index.ts";
import { preparedClient } from "../adapters/postgres/pglite-prepared.mjs";
import type { WireQuery } from "../adapters/postgres/pglite-protocol.ts";
import {
  createPgliteWorkerStorage,
  type PgliteWorkerDriver,
} from "../adapters/postgres/pglite-worker-driver.ts";
import {
  ChannelType,
  createAgent,
  createUniqueUuid,
  messageService,
  type Plugin,
  parseCharacter,
  randomUuid,
  type StorageAdapter,
} from "../core/index.ts";
import { tempDataDir } from "../test/support/spawn-node-target.ts";
import { machineLine } from "./machine.ts";
import { PLAN } from "./turn-cpu/protocol.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const TURNS = Number(process.env.TURNS ?? 100);
const WARM_TURNS = 40;

interface RecordedCall {
  method: string;
  args: unknown[];
}

/** A statement as the worker driver sends it: its text, parameters, and rows as arrays or not. */
type RecordedQuery = WireQuery;

/** The worker storage's statements, as they cross to its thread, recorded while `log` is set. */
function recordQueries(
  storage: PostgresStorage,
  sink: { log?: RecordedQuery[]; transactions: number },
): void {
  const { thread } = storage.driver as PgliteWorkerDriver;
  const send = thread.send.bind(thread);
  thread.send = (request) => {
    if (request.kind === "batch") sink.log?.push(...structuredClone(request.queries));
    if (request.kind === "batch" && request.transaction && sink.log) sink.transactions++;
    return send(request);
  };
}

/** The storage, with each call's method and arguments recorded while `log` is set. */
function recordCalls(storage: StorageAdapter, sink: { log?: RecordedCall[] }): StorageAdapter {
  return new Proxy(storage, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        sink.log?.push({ method: String(key), args: structuredClone(args) });
        return value.apply(target, args);
      };
    },
  });
}

const scripted: Plugin = {
  name: "scripted-model",
  priority: 1000,
  models: { TEXT_LARGE: async () => PLAN, TEXT_SMALL: async () => PLAN },
};
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** Warm turns in one room, then one more with its storage calls recorded. */
async function recordTurn(storage: StorageAdapter, onTurn = () => {}): Promise<RecordedCall[]> {
  const sink: { log?: RecordedCall[] } = {};
  const runtime = await createAgent({
    character: parseCharacter({ name: "Bench", bio: ["Measures the adapter."] }),
    storage: recordCalls(storage, sink),
    env: {},
    plugins: [scripted],
    logger: quiet,
  });
  const entityId = createUniqueUuid(runtime, "bench-user");
  const roomId = createUniqueUuid(runtime, "bench-room");
  const send = (text: string) =>
    messageService.handleMessage(
      runtime,
      { entityId, roomId, content: { text, channelType: ChannelType.API, source: "bench" } },
      undefined,
      { connection: { entityId, roomId, source: "bench", type: ChannelType.API, userName: "u" } },
    );
  for (let i = 0; i < WARM_TURNS; i++) await send(`warm ${i}`);
  sink.log = [];
  onTurn();
  await send("the measured turn");
  const calls = sink.log;
  sink.log = undefined;
  return calls;
}

/** The calls again with fresh ids for what they create, so every replay inserts new rows. */
function freshCalls(calls: RecordedCall[]): RecordedCall[] {
  return calls.map(({ method, args }) => {
    const copy = structuredClone(args);
    const [first] = copy as [unknown];
    if (method === "batch" && Array.isArray(first)) {
      for (const op of first as { op: string; memory?: { id?: string } }[]) {
        if (op.op === "createMemory" && op.memory) op.memory.id = randomUuid();
      }
    }
    return { method, args: copy };
  });
}

async function replayCalls(storage: StorageAdapter, calls: RecordedCall[]): Promise<void> {
  for (const { method, args } of freshCalls(calls)) {
    await (storage as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]!(
      ...args,
    );
  }
}

/** What drizzle asks PGlite for: rows as arrays, dates and intervals as their text. */
const asText = (value: string) => value;
const parsers = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((type) => [type, asText]),
);
const OPTIONS = {
  all: { rowMode: "array", parsers },
  execute: { rowMode: "object", parsers },
} as const;

type Runner = Pick<PGlite, "query">;

async function replayQueries(client: Runner, queries: RecordedQuery[]): Promise<void> {
  for (const { sql, params, method } of queries) {
    const fresh = sql.startsWith("insert") ? [randomUuid(), ...params.slice(1)] : params;
    await client.query(sql, fresh, OPTIONS[method]);
  }
}

/** CPU (user + system, every thread) in ms over `turns` runs of `turn`. */
async function cpuOf(turns: number, turn: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < turns; i++) await turn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / turns;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

export interface AdapterCpu {
  statements: number;
  storageCalls: number;
  transactions: number;
  /** The statements through PGlite's query(), one at a time. */
  sqlMs: number;
  /** The same kept prepared (pglite-prepared.mjs), as the adapter runs them. */
  sqlPreparedMs: number;
  inProcessMs: number;
  workerMs: number;
}

export async function measureAdapterCpu(): Promise<AdapterCpu> {
  // On disk, as `npm start` keeps it: a commit writes the write-ahead log to a file.
  const client = await PGlite.create({ dataDir: tempDataDir(), extensions: { vector } });
  const inProcess = await createPgliteStorage({ client });
  await inProcess.init();
  const calls = await recordTurn(inProcess);

  const worker = await createPgliteWorkerStorage({ dataDir: tempDataDir() });
  await worker.init();
  const sink: { log?: RecordedQuery[]; transactions: number } = { transactions: 0 };
  recordQueries(worker, sink);
  const workerCalls = await recordTurn(worker, () => {
    sink.log = [];
    sink.transactions = 0;
  });
  const queries = sink.log ?? [];
  sink.log = undefined;

  if (process.env.PER_STATEMENT) {
    for (const query of queries) {
      const cpu = await cpuOf(200, () => replayQueries(client, [query]));
      console.log(`${cpu.toFixed(2)} ms  ${query.sql.slice(0, 100)}`);
    }
  }
  const prepared = preparedClient(client) as unknown as Runner;
  const sql: number[] = [];
  const sqlPrepared: number[] = [];
  const viaAdapter: number[] = [];
  const viaWorker: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    process.stderr.write(`pglite-adapter: round ${round + 1}/${ROUNDS}\n`);
    sql.push(await cpuOf(TURNS, () => replayQueries(client, queries)));
    sqlPrepared.push(await cpuOf(TURNS, () => replayQueries(prepared, queries)));
    viaAdapter.push(await cpuOf(TURNS, () => replayCalls(inProcess, calls)));
    viaWorker.push(await cpuOf(TURNS, () => replayCalls(worker, workerCalls)));
  }
  await worker.close();
  await inProcess.close();
  await client.close();
  return {
    statements: queries.length,
    storageCalls: calls.length,
    transactions: sink.transactions,
    sqlMs: median(sql),
    sqlPreparedMs: median(sqlPrepared),
    inProcessMs: median(viaAdapter),
    workerMs: median(viaWorker),
  };
}

export async function pgliteAdapterTable(): Promise<string> {
  const r = await measureAdapterCpu();
  const row = (label: string, total: number) =>
    `| ${label} | ${total.toFixed(2)} ms | ${(total / r.sqlMs).toFixed(2)}× | ${(total / r.sqlPreparedMs).toFixed(2)}× |`;
  return [
    `One warm turn's storage work on PGlite (an existing room, scripted plan, data on disk): ${r.storageCalls} storage calls, ${r.statements} statements, ${r.transactions} transactions; CPU per turn (user + system, every thread), medians of ${ROUNDS} interleaved rounds of ${TURNS} — ${machineLine()}`,
    "",
    "| runs the turn's storage work | CPU per turn | ÷ statements by query() | ÷ statements kept prepared |",
    "|---|---:|---:|---:|",
    row("the statements alone, PGlite's query() each", r.sqlMs),
    row("the statements alone, kept prepared", r.sqlPreparedMs),
    row("the adapter, PGlite in the same thread", r.inProcessMs),
    row("the adapter, PGlite in its worker thread", r.workerMs),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await pgliteAdapterTable());
}
