// `npm run bench:pglite`: what `npm start` on PGlite answers at 1, 10 and 50 connections, each
// a client sending its next message as soon as the last is answered (its own room, offline
// model, default settings, rate limits off), for DURATION_MS per level. Per level: messages
// answered per second, p50 / p99, 503s, and the server's CPU per answer (user + system of its
// process, every thread), read from /proc. With PGlite in a worker thread (the default) and
// in the server's own thread (PGLITE_WORKER=false), side by side in one run.
//
//   npm run bench:pglite        DURATION_MS=10000 LEVELS=1,10,50 MODES=in-process,worker
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { spawnNodeTarget } from "../test/support/spawn-node-target.ts";
import { machineLine } from "./machine.ts";
import { nodeFloor } from "./turn-cpu.ts";

const DURATION_MS = Number(process.env.DURATION_MS ?? 10_000);
const LEVELS = (process.env.LEVELS ?? "1,10,50").split(",").map(Number);
const MODES = (process.env.MODES ?? "in-process,worker").split(",") as Mode[];
const TOKEN = "bench-pglite-token";

type Mode = "worker" | "in-process";

export interface ThroughputRow {
  mode: string;
  connections: number;
  answered: number;
  shed: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuMsPerAnswer: number;
}

/** User + system CPU of a process, all its threads, in ms (Linux /proc; clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function pct(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

async function send(url: string, text: string, userId: string) {
  const started = performance.now();
  const response = await fetch(`${url}/api/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ text, userId }),
    signal: AbortSignal.timeout(30_000),
  });
  await response.text();
  return { status: response.status, ms: performance.now() - started };
}

async function measureMode(mode: Mode): Promise<ThroughputRow[]> {
  const server = await spawnNodeTarget({
    API_TOKEN: TOKEN,
    LOG_LEVEL: "silent",
    TASK_INTERVAL_MS: "0",
    RATE_LIMIT_USER_PER_MINUTE: "0",
    RATE_LIMIT_ROOM_PER_MINUTE: "0",
    PGLITE_WORKER: mode === "worker" ? "true" : "false",
  });
  const pid = server.child.pid ?? 0;
  const rows: ThroughputRow[] = [];
  try {
    // Warm: the first turns compile the pipeline and fill PGlite's caches.
    for (let i = 0; i < 10; i++) await send(server.url, "warm up", "warm");
    for (const connections of LEVELS) {
      const ok: number[] = [];
      let shed = 0;
      const cpuBefore = processCpuMs(pid);
      const started = performance.now();
      const stopAt = started + DURATION_MS;
      await Promise.all(
        Array.from({ length: connections }, async (_, c) => {
          for (let n = 0; performance.now() < stopAt; n++) {
            const result = await send(server.url, `I feel busy ${n}`, `c${connections}-${c}`).catch(
              () => ({ status: 0, ms: 0 }),
            );
            if (result.status === 200) ok.push(result.ms);
            else {
              shed++;
              await new Promise((resolve) => setTimeout(resolve, 200));
            }
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpu = processCpuMs(pid) - cpuBefore;
      rows.push({
        mode,
        connections,
        answered: ok.length,
        shed,
        perSecond: ok.length / seconds,
        p50: pct(ok, 0.5),
        p99: pct(ok, 0.99),
        cpuMsPerAnswer: cpu / Math.max(1, ok.length),
      });
      process.stderr.write(`${mode} × ${connections}: ${ok.length} answered\n`);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

const ms = (value: number) =>
  Number.isNaN(value)
    ? "—"
    : value >= 1000
      ? `${(value / 1000).toFixed(1)} s`
      : `${Math.round(value)} ms`;

export async function pgliteThroughputTable(): Promise<string> {
  const floor = nodeFloor();
  const rows: ThroughputRow[] = [];
  for (const mode of MODES) rows.push(...(await measureMode(mode)));
  return [
    `\`npm start\` on PGlite (fresh directory, offline model, default settings, rate limits off), closed-loop clients each in its own room, ${DURATION_MS / 1000} s per level; server CPU is its process's user + system time, all threads, per answer; a bare \`node -e\` took ${floor.wallMs.toFixed(0)} ms by the clock and ${floor.cpuMs.toFixed(0)} ms of CPU (how far the machine was from idle) — ${machineLine()}`,
    "",
    "| PGlite runs | connections | answered per second | p50 / p99 | 503 | server CPU per answer |",
    "|---|---:|---:|---|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.mode === "worker" ? "in a worker thread" : "in the server's thread"} | ${r.connections} | ${r.perSecond.toFixed(1)} | ${ms(r.p50)} / ${ms(r.p99)} | ${r.shed} | ${r.cpuMsPerAnswer.toFixed(1)} ms |`,
    ),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await pgliteThroughputTable());
}
