// `npm run bench:tasks`: tasks run per second by one tick, per backend, and the storage round
// trips that tick made (counted at the wire, as bench:roundtrips counts them: D1 binding
// calls, Neon HTTP requests, PGlite queries, DynamoDB requests; memory counts method calls).
// Each round seeds 1,000 due tasks whose worker does nothing and times one runDueTasks over
// them (claim with a lease, run, release or finish, the run's log row): one-shot tasks
// (finished, so deleted) and repeat tasks (kept and rescheduled, so their ending reads the
// stored row first). A warm-up tick of each kind runs first on each backend, so the figures
// are a warm process's, not the JIT's or DynamoDB Local's first seconds. Medians of rounds.
//
//   npm run bench:tasks [-- backend ...]        TASK_BENCH_ROUNDS=3 by default
import { pathToFileURL } from "node:url";
import {
  AgentRuntime,
  parseCharacter,
  runDueTasks,
  type StorageAdapter,
  type StorageOp,
  type UUID,
} from "../core/index.ts";
import { type BackendName, backends } from "./backends.ts";
import { machineLine } from "./machine.ts";
import { cpuClock } from "./proc-cpu.ts";

const TASKS = 1000;
/** A full tick first: DynamoDB Local's JVM and the JIT take a few thousand requests to warm. */
const WARM_UP_TASKS = TASKS;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

export interface TaskThroughput {
  backend: string;
  /** One-shot tasks run per second by one tick (median of the rounds). */
  oneShotPerSecond: number;
  /** Round trips of that tick, over TASKS tasks. */
  oneShotRoundTrips: number;
  repeatPerSecond: number;
  repeatRoundTrips: number;
  /** CPU per task (this process and its children: workerd, java), and the clock per task. */
  oneShotCpuMs: number;
  oneShotWallMs: number;
  repeatCpuMs: number;
  repeatWallMs: number;
}

interface Round {
  perSecond: number;
  roundTrips: number;
  cpuPerTaskMs: number;
  wallPerTaskMs: number;
}

/** Measures every backend (or those named) and returns the markdown table. */
export async function taskThroughputTable(
  names: readonly string[] = [],
  rounds = Number(process.env.TASK_BENCH_ROUNDS ?? 3),
): Promise<string> {
  const rows: TaskThroughput[] = [];
  for (const name of Object.keys(backends) as BackendName[]) {
    if (names.length && !names.includes(name)) continue;
    rows.push(await measureBackend(name, rounds));
  }
  return [
    `Tasks run per second by one tick over ${TASKS.toLocaleString("en")} due tasks (no-op worker, concurrency 4, batches of 25; median of ${rounds} rounds after warm-up ticks; ${machineLine()})`,
    "",
    `| backend | one-shot tasks/s | CPU per task ms (clock) | round trips per tick | repeat tasks/s | CPU per task ms (clock) | round trips per tick |`,
    "|---|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${r.oneShotPerSecond} | ${f3(r.oneShotCpuMs)} (${f3(r.oneShotWallMs)}) | ${r.oneShotRoundTrips} | ${r.repeatPerSecond} | ${f3(r.repeatCpuMs)} (${f3(r.repeatWallMs)}) | ${r.repeatRoundTrips} |`,
    ),
    "",
    "CPU: this process and its children (workerd for D1, DynamoDB Local's java) over the tick, the local stand-ins' own work included.",
  ].join("\n");
}

async function measureBackend(name: BackendName, rounds: number): Promise<TaskThroughput> {
  const { storage, read, close } = await backends[name]();
  try {
    const runtime = new AgentRuntime({
      character: parseCharacter({ name: "Bench" }),
      storage,
      logger: quiet,
    });
    runtime.registerTaskWorker({ name: "NOOP", execute: async () => {} });
    const tick = async (count: number, repeat: boolean): Promise<Round> => {
      await seed(storage, runtime.agentId, count, repeat);
      const before = read();
      const clock = cpuClock();
      const report = await runDueTasks(runtime, { limit: count, budgetMs: 600_000 });
      const spent = clock();
      const seconds = spent.wallMs / 1000;
      const roundTrips = read() - before;
      if (report.succeeded !== count) {
        throw new Error(`${name}: the tick ran ${report.succeeded} of ${count} tasks`);
      }
      if (repeat) await removeAll(storage);
      return {
        perSecond: Math.round(count / seconds),
        roundTrips,
        cpuPerTaskMs: spent.cpuMs / count,
        wallPerTaskMs: spent.wallMs / count,
      };
    };
    await tick(WARM_UP_TASKS, false);
    await tick(WARM_UP_TASKS, true);
    const oneShot: Round[] = [];
    const repeat: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      oneShot.push(await tick(TASKS, false));
      repeat.push(await tick(TASKS, true));
    }
    return {
      backend: name,
      oneShotPerSecond: median(oneShot.map((r) => r.perSecond)),
      oneShotRoundTrips: median(oneShot.map((r) => r.roundTrips)),
      repeatPerSecond: median(repeat.map((r) => r.perSecond)),
      repeatRoundTrips: median(repeat.map((r) => r.roundTrips)),
      oneShotCpuMs: middle(oneShot.map((r) => r.cpuPerTaskMs)),
      oneShotWallMs: middle(oneShot.map((r) => r.wallPerTaskMs)),
      repeatCpuMs: middle(repeat.map((r) => r.cpuPerTaskMs)),
      repeatWallMs: middle(repeat.map((r) => r.wallPerTaskMs)),
    };
  } finally {
    await close();
  }
}

/** `count` tasks due now, oldest first: one-shots, or repeats due again in an hour. */
async function seed(storage: StorageAdapter, agentId: UUID, count: number, repeat: boolean) {
  const now = Date.now();
  const ops: StorageOp[] = Array.from({ length: count }, (_, i) => ({
    op: "createTask",
    task: {
      id: crypto.randomUUID() as UUID,
      name: "NOOP",
      agentId,
      tags: repeat ? ["queue", "repeat"] : ["queue"],
      metadata: repeat ? { updateInterval: 60 * 60_000, updatedAt: now } : {},
      dueAt: now - count + i,
    },
  }));
  for (let i = 0; i < ops.length; i += 50) await storage.batch(ops.slice(i, i + 50));
}

async function removeAll(storage: StorageAdapter) {
  const ids = (await storage.getTasks({})).map((task) => task.id as UUID);
  for (let i = 0; i < ids.length; i += 50) {
    await storage.batch(ids.slice(i, i + 50).map((id) => ({ op: "deleteTask", id })));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The median, unrounded. */
function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const f3 = (n: number) => n.toFixed(3);

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await taskThroughputTable(process.argv.slice(2)));
}
