// workerd's own CPU around a batch of requests. Miniflare runs workerd as a child of this
// process; the bench finds its pid and reads its CPU time from /proc (bench/proc-cpu.ts)
// before the batch and after it, once the batch's background work has had time to end.
import { Miniflare, type WorkerOptions } from "miniflare";
import { applyD1Migrations, d1BridgeWorker, d1Of } from "../../test/support/miniflare-d1.ts";
import { childPids, type ProcCpu, readProcCpu } from "../proc-cpu.ts";
import {
  type AnyKind,
  BEFORE_KINDS,
  beforeCheckout,
  hostOf,
  messageRequest,
  workerOptions,
  wranglerSettings,
} from "./workers.ts";

export interface Sample {
  requests: number;
  /** workerd's CPU over the batch (its threads' schedstat, ns grain), ms. */
  cpuMs: number;
  /** The same from /proc/<pid>/stat (10 ms grain), ms. */
  statCpuMs: number;
  /** The clock around the batch, as this process saw it, ms. */
  wallMs: number;
  /**
   * A fresh isolate's: workerd's CPU from its spawn to ready (its own boot, the script's
   * compile and global scope), from /proc/<pid>/stat (10 ms grain), ms.
   */
  startupMs?: number;
}

/** Long enough for a turn's waitUntil work to end; the floor waits as long. */
const SETTLE_MS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Workerd {
  mf: Miniflare;
  pid: number;
  dispose(): Promise<void>;
}

/** Starts one workerd running `workers` (each routed by its host) and finds its pid. */
export async function startWorkerd(workers: WorkerOptions[]): Promise<Workerd> {
  const before = new Set(childPids(process.pid, "workerd"));
  const mf = new Miniflare({
    workers,
    // workerd's stdout carries the Worker's JSON log lines: read and dropped, as a platform
    // would ship them elsewhere.
    handleRuntimeStdio(stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) {
      stdout.resume();
      stderr.resume();
    },
  });
  await mf.ready;
  const started = childPids(process.pid, "workerd").filter((pid) => !before.has(pid));
  if (started.length !== 1) {
    await mf.dispose();
    throw new Error(`expected one new workerd child of ${process.pid}, found ${started.length}`);
  }
  return { mf, pid: started[0]!, dispose: () => mf.dispose() };
}

/** `count` messages to the `kind` Worker one after another, and workerd's CPU around them. */
export async function measureBatch(
  workerd: Workerd,
  kind: AnyKind,
  count: number,
  offset = 0,
): Promise<Sample> {
  const before = readProcCpu(workerd.pid);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const [url, init] = messageRequest(kind, offset + i);
    const response = await workerd.mf.dispatchFetch(url, init as never);
    const body = await response.text();
    if (response.status !== 200) {
      throw new Error(`${kind} Worker answered ${response.status}: ${body.slice(0, 300)}`);
    }
  }
  const wallMs = performance.now() - started;
  await sleep(SETTLE_MS);
  const after = readProcCpu(workerd.pid);
  return { requests: count, wallMs, ...cpuBetween(before, after) };
}

export function cpuBetween(before: ProcCpu, after: ProcCpu): Pick<Sample, "cpuMs" | "statCpuMs"> {
  return {
    cpuMs: after.threadsMs - before.threadsMs,
    statCpuMs: after.userMs + after.systemMs - (before.userMs + before.systemMs),
  };
}

/** The Workers a run measures: the bare one, the real one on memory and D1, and any before. */
export const runKinds = (): AnyKind[] => [
  "bare",
  "memory",
  "d1",
  ...(beforeCheckout() ? BEFORE_KINDS : []),
];

/** One workerd running the bare Worker and the real one on memory and on D1, warmed up. */
export async function startSteady(warmup: number): Promise<Workerd> {
  const { compatibilityDate } = wranglerSettings();
  const kinds = runKinds();
  const workerd = await startWorkerd([
    ...(await Promise.all(kinds.map(workerOptions))),
    d1BridgeWorker("DB", compatibilityDate),
  ]);
  await applyD1Migrations(d1Of(workerd.mf));
  for (const kind of kinds) await measureBatch(workerd, kind, warmup);
  return workerd;
}

/** A fresh isolate's first requests one by one: what creating the app, the agent and the first turn cost. */
export interface FirstRequests {
  /** A 404 (the app created, no agent). */
  appMs: number;
  /** Then GET /health (the agent built). */
  agentMs: number;
  /** Then the first message (the first turn, with the agent already built). */
  turnMs: number;
  /** Then a second message. */
  secondTurnMs: number;
}

/** A new workerd running a memory Worker: a 404, /health, then two messages, each read apart. */
export async function measureFirstRequests(
  kind: "memory" | "memory-before" = "memory",
): Promise<FirstRequests> {
  const workerd = await startWorkerd([await workerOptions(kind)]);
  const host = `http://${hostOf(kind)}`;
  const step = async (send: () => Promise<{ text(): Promise<string> }>) => {
    const before = readProcCpu(workerd.pid);
    await (await send()).text();
    await sleep(SETTLE_MS);
    return cpuBetween(before, readProcCpu(workerd.pid)).cpuMs;
  };
  try {
    await sleep(100);
    const appMs = await step(() => workerd.mf.dispatchFetch(`${host}/no-such-route`));
    const agentMs = await step(() => workerd.mf.dispatchFetch(`${host}/health`));
    const message = (i: number) => {
      const [url, init] = messageRequest(kind, i);
      return () => workerd.mf.dispatchFetch(url, init as never);
    };
    const turnMs = await step(message(0));
    const secondTurnMs = await step(message(1));
    return { appMs, agentMs, turnMs, secondTurnMs };
  } finally {
    await workerd.dispose();
  }
}

/**
 * The first request of a fresh isolate: a new workerd running only the `kind` Worker (and, for
 * D1, the bridge that applied the migrations first), one message, then it is disposed.
 * Script parse and global scope run at startup, before the sample, as on Cloudflare, where
 * they count against the startup limit instead of the request's.
 */
export async function measureFresh(kind: AnyKind): Promise<Sample> {
  const { compatibilityDate } = wranglerSettings();
  const workers = [await workerOptions(kind)];
  const d1 = kind.startsWith("d1");
  if (d1) workers.push(d1BridgeWorker("DB", compatibilityDate));
  const workerd = await startWorkerd(workers);
  try {
    const booted = readProcCpu(workerd.pid);
    const startupMs = booted.userMs + booted.systemMs;
    if (d1) await applyD1Migrations(d1Of(workerd.mf));
    // workerd's start-up threads settle before the sample.
    await sleep(100);
    return { ...(await measureBatch(workerd, kind, 1)), startupMs };
  } finally {
    await workerd.dispose();
  }
}
