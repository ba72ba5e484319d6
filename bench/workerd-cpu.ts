// `npm run bench:workerd` (and the `workerd` section of `npm run bench`): what a message costs
// workerd itself, by CPU time, against the free plan's 10 ms CPU a request (error 1102).
//
// The real Worker (targets/cloudflare/main.ts bundled as a deploy bundles it, wrangler.toml's
// vars, the offline ELIZA model: no key set) runs in workerd through Miniflare, beside a bare
// Worker that returns a constant Response: the floor, which holds what Miniflare's entry
// Worker and the HTTP hop cost workerd. CPU is workerd's own (its threads' on-CPU time from
// /proc, bench/proc-cpu.ts) around a batch of requests; each figure above the floor is the
// median over rounds of (the Worker − the bare Worker in the same round).
//
//   steady   one workerd with the bare Worker and the agent on memory and on D1, warmed up;
//            each round sends a batch of N messages to each of them, in a rotating order
//   fresh    the first request of a fresh isolate, which builds the agent: each sample is a
//            new workerd running one Worker, one message; the bare Worker's first request is
//            its floor, in the same round; then a new memory Worker's first requests one by
//            one (a 404, /health, two messages): the app, the agent, the first turns
//   D1 alone the same turn driven from Node over the steady workerd's D1 (d1-alone.ts): local
//            D1 runs inside workerd, so this is the database's share of the D1 rows
//
//   npm run bench:workerd [-- rounds [messages]]
//
// BENCH_WORKERD_BEFORE=<checkout> (main's worktree, say) runs that checkout's Worker beside this
// one, on memory and on D1, in the same rounds and order: the table gains a "before" row each.
import { pathToFileURL } from "node:url";
import { idleLine, machineLine } from "./machine.ts";
import { type D1Alone, d1AloneAgent } from "./workerd/d1-alone.ts";
import {
  type FirstRequests,
  measureBatch,
  measureFirstRequests,
  measureFresh,
  runKinds,
  type Sample,
  startSteady,
} from "./workerd/measure.ts";
import type { AnyKind, BeforeKind, WorkerKind } from "./workerd/workers.ts";

const FREE_PLAN_CPU_MS = 10;

/** One round's samples: every Worker's, the before ones when BENCH_WORKERD_BEFORE is set. */
export type Round = Record<WorkerKind, Sample> & Partial<Record<BeforeKind, Sample>>;

export interface WorkerdRun {
  rounds: number;
  /** Messages per batch in the steady rounds. */
  messages: number;
  /** Per round, per Worker: the steady batch and the fresh isolate's first request. */
  steady: Round[];
  fresh: Round[];
  /** A fresh memory Worker's first requests one by one, per round. */
  split: FirstRequests[];
  /** The same for BENCH_WORKERD_BEFORE's Worker, when set. */
  splitBefore?: FirstRequests[];
  /** What BENCH_WORKERD_BEFORE named, when set. */
  before?: string;
  /** D1's own work for a turn driven from Node, per round (bench/workerd/d1-alone.ts). */
  d1Alone: D1Alone[];
}

export async function measureWorkerd(rounds = 5, messages = 50): Promise<WorkerdRun> {
  const run: WorkerdRun = { rounds, messages, steady: [], fresh: [], split: [], d1Alone: [] };
  const kinds = runKinds();
  const before = kinds.includes("memory-before");
  if (before) Object.assign(run, { before: process.env.BENCH_WORKERD_BEFORE, splitBefore: [] });
  const workerd = await startSteady(20);
  try {
    const d1Alone = await d1AloneAgent(workerd);
    await d1Alone(20);
    for (let round = 0; round < rounds; round++) {
      console.error(`workerd: steady round ${round + 1}/${rounds}...`);
      const samples = {} as Round;
      for (const kind of rotate(kinds, round)) {
        samples[kind] = await measureBatch(workerd, kind, messages, round * messages);
      }
      run.steady.push(samples);
      run.d1Alone.push(await d1Alone(messages));
    }
  } finally {
    await workerd.dispose();
  }
  for (let round = 0; round < rounds; round++) {
    console.error(`workerd: fresh isolates, round ${round + 1}/${rounds}...`);
    const samples = {} as Round;
    for (const kind of rotate(kinds, round)) samples[kind] = await measureFresh(kind);
    run.fresh.push(samples);
    const splits = rotate(
      before ? (["memory", "memory-before"] as const) : (["memory"] as const),
      round,
    );
    for (const kind of splits) {
      (kind === "memory" ? run.split : run.splitBefore!).push(await measureFirstRequests(kind));
    }
  }
  return run;
}

const rotate = <T>(items: T[], by: number) => items.map((_, i) => items[(i + by) % items.length]!);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const per = (s: Sample, pick: (s: Sample) => number) => pick(s) / s.requests;

/** A Worker's figures over the rounds: medians of per-request CPU, wall, and above the floor. */
export function summarize(rounds: Round[], kind: AnyKind) {
  const cpu = (r: Round, k: AnyKind) => per(r[k]!, (s) => s.cpuMs);
  const wall = (r: Round, k: AnyKind) => per(r[k]!, (s) => s.wallMs);
  return {
    cpuMs: median(rounds.map((r) => cpu(r, kind))),
    statCpuMs: median(rounds.map((r) => per(r[kind]!, (s) => s.statCpuMs))),
    wallMs: median(rounds.map((r) => wall(r, kind))),
    aboveFloorMs: median(rounds.map((r) => cpu(r, kind) - cpu(r, "bare"))),
    wallAboveFloorMs: median(rounds.map((r) => wall(r, kind) - wall(r, "bare"))),
    samplesAboveFloor: rounds.map((r) => cpu(r, kind) - cpu(r, "bare")),
  };
}

/** The section's markdown, from a run (pure: the tests feed it a made-up run). */
export function workerdMarkdown(run: WorkerdRun, machine: string): string {
  const f = (n: number) => n.toFixed(2);
  const mainRows: [string, Round[], WorkerKind, string, number][] = [
    ["steady turn, in-isolate memory store", run.steady, "memory", `${run.messages}`, 2],
    ["first request of a fresh isolate (agent built), memory", run.fresh, "memory", "1", 10],
    ["steady turn, D1", run.steady, "d1", `${run.messages}`, 2],
    ["first request of a fresh isolate (agent built), D1", run.fresh, "d1", "1", 10],
  ];
  // With a before checkout, its row follows each of ours.
  const rows: [string, Round[], AnyKind, string, number][] = mainRows.flatMap((row) =>
    run.before
      ? [row, [`${row[0]}, before`, row[1], `${row[2]}-before` as BeforeKind, row[3], row[4]]]
      : [row],
  );
  const lines = [
    `workerd's own CPU per message (the real Worker, offline ELIZA model; ${run.rounds} interleaved rounds, medians; CPU is workerd's threads' on-CPU time from /proc, the clock is this process's around the requests) — ${machine}`,
    "",
    "| request | messages × rounds | workerd CPU ms (clock) | bare Worker CPU ms (clock) | CPU above the bare Worker ms | goal | within the free plan's 10 ms |",
    "|---|---:|---:|---:|---:|---:|---|",
  ];
  for (const [label, rounds, kind, messages, goal] of rows) {
    const it = summarize(rounds, kind);
    const floor = summarize(rounds, "bare");
    lines.push(
      `| ${label} | ${messages} × ${run.rounds} | ${f(it.cpuMs)} (${f(it.wallMs)}) | ${f(floor.cpuMs)} (${f(floor.wallMs)}) | ${f(it.aboveFloorMs)} | ≤ ${goal} | ${it.cpuMs <= FREE_PLAN_CPU_MS ? "yes" : "**no**"} |`,
    );
  }
  const list = (rounds: Round[], kind: AnyKind) =>
    summarize(rounds, kind)
      .samplesAboveFloor.map((n) => f(n))
      .join(", ");
  lines.push(
    "",
    `Above the floor, each round (ms): steady memory ${list(run.steady, "memory")}; fresh memory ${list(run.fresh, "memory")}; steady D1 ${list(run.steady, "d1")}; fresh D1 ${list(run.fresh, "d1")}. Cross-check from \`/proc/<pid>/stat\` (10 ms ticks), steady, per message: memory ${f(summarize(run.steady, "memory").statCpuMs)}, D1 ${f(summarize(run.steady, "d1").statCpuMs)}, bare ${f(summarize(run.steady, "bare").statCpuMs)}.`,
    "",
    `A fresh isolate's first requests one by one (memory Worker, medians of ${run.split.length}, workerd CPU ms): a 404 ${f(median(run.split.map((s) => s.appMs)))} (the bare Worker's first request: ${f(summarize(run.fresh, "bare").cpuMs)}); then GET /health, which starts the agent, ${f(median(run.split.map((s) => s.agentMs)))}; then the first message, ${f(median(run.split.map((s) => s.turnMs)))}; then a second message, ${f(median(run.split.map((s) => s.secondTurnMs)))}.${splitBeforeText(run)}`,
    "",
    startupText(run),
    "",
    d1AloneText(run),
    "",
    "The per-minute rate limits are off (RATE_LIMIT_*_PER_MINUTE=0) so one user can send every message; everything else is wrangler.toml's [vars].",
  );
  return lines.join("\n");
}

/** What the fresh isolates cost workerd before their first request: the startup's CPU. */
function startupText(run: WorkerdRun): string {
  const f = (n: number) => n.toFixed(0);
  const at = (kind: AnyKind) => median(run.fresh.map((r) => r[kind]?.startupMs ?? Number.NaN));
  const above = (kind: AnyKind) =>
    median(
      run.fresh.map((r) => (r[kind]?.startupMs ?? Number.NaN) - (r.bare.startupMs ?? Number.NaN)),
    );
  const before = run.before
    ? `; before: ${f(at("memory-before"))} and ${f(at("d1-before"))} (${f(above("memory-before"))} and ${f(above("d1-before"))} above)`
    : "";
  return `Startup, before a fresh isolate's first request (workerd's CPU from spawn to ready from \`/proc/<pid>/stat\`, 10 ms ticks: its own boot, the script's compile and global scope; medians, ms): memory ${f(at("memory"))}, D1 ${f(at("d1"))}, bare Worker ${f(at("bare"))} (${f(above("memory"))} and ${f(above("d1"))} above it${before}). Cloudflare counts this against the startup limit (1 s), not a request's CPU.`;
}

function splitBeforeText(run: WorkerdRun): string {
  const split = run.splitBefore;
  if (!split?.length) return "";
  const f = (n: number) => n.toFixed(2);
  const m = (pick: (s: FirstRequests) => number) => f(median(split.map(pick)));
  return ` Before (${run.before}): ${m((s) => s.appMs)}, ${m((s) => s.agentMs)}, ${m((s) => s.turnMs)}, ${m((s) => s.secondTurnMs)}.`;
}

/**
 * The D1 rows split: locally D1 runs inside the same workerd, so the same turn driven from Node
 * (workerd doing only D1's work and the bridge's hops) tells the database's share. Per round:
 * D1 alone = that CPU − round trips × the bare Worker's CPU a request; the Worker's own = the
 * steady D1 turn − D1 alone.
 */
export function d1AloneText(run: WorkerdRun): string {
  if (!run.d1Alone.length) return "";
  const f = (n: number) => n.toFixed(2);
  const alone = run.d1Alone.map((a, i) => {
    const floor = per(run.steady[i]!.bare, (s) => s.cpuMs);
    return a.cpuMs - a.roundTrips * floor;
  });
  const own = alone.map((a, i) => per(run.steady[i]!.d1, (s) => s.cpuMs) - a);
  const trips = median(run.d1Alone.map((a) => a.roundTrips));
  return `Locally D1 is SQLite inside the same workerd process (Miniflare's D1), so the D1 rows also count the database's own work, which on Cloudflare runs outside the Worker and is not billed as its CPU. The same turn driven from this process over the same D1 (${f(trips)} round trips a message through a bridge Worker, each taken off at the bare Worker's cost) cost workerd ${f(median(alone))} ms a message of D1's own work, which leaves ${f(median(own))} ms of the steady D1 turn to the Worker itself (medians over the rounds; an estimate: the bridge's hop is not exactly the bare Worker's).`;
}

export async function workerdCpuTable(rounds = 5, messages = 50): Promise<string> {
  return workerdMarkdown(await measureWorkerd(rounds, messages), machineLine());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const load = idleLine();
  const table = await workerdCpuTable(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 50));
  console.log(`${table}\n\n${load}.`);
}
