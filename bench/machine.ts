// The lines every bench table starts with: what it ran on, when, and how busy the machine was.
import { execFileSync } from "node:child_process";
import { availableParallelism, cpus, loadavg } from "node:os";
import { exitedChildrenCpuMs, procCpuAvailable } from "./proc-cpu.ts";

export function machineLine(): string {
  const model = cpus()[0]?.model.trim() ?? "unknown CPU";
  const date = new Date().toISOString().slice(0, 10);
  return `${availableParallelism()} CPUs (${model}), Node ${process.version}, ${date}`;
}

/**
 * `node -e 0` on this project's 2-CPU machines when they were quiet (the starts section's
 * floor, 2026-11-26: 58.6 ms by the clock, 55 ms of CPU).
 */
export const USUAL_NODE_E_0 = { wallMs: 59, cpuMs: 55 };

export interface IdleMeasure {
  /** `node -e 0` from spawn to exit, median, ms. */
  wallMs: number;
  /** Its whole CPU (user + system, every thread, exit included), mean over the runs, ms. */
  cpuMs: number;
  runs: number;
  /** The 1-minute load average when measured. */
  load: number;
}

/**
 * How far the machine is from idle: `node -e 0` run `runs` times. Its CPU is read from this
 * process's children's time once each has exited (/proc/self/stat), so it is the whole
 * process's, exit included; tick grain, so it is a mean over the runs.
 */
export function measureIdle(runs = 5): IdleMeasure {
  const walls: number[] = [];
  const cpuBefore = procCpuAvailable() ? exitedChildrenCpuMs() : Number.NaN;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    execFileSync(process.execPath, ["-e", "0"], { stdio: "ignore" });
    walls.push(performance.now() - started);
  }
  const cpuMs = procCpuAvailable() ? (exitedChildrenCpuMs() - cpuBefore) / runs : Number.NaN;
  walls.sort((a, b) => a - b);
  return { wallMs: walls[Math.floor(runs / 2)]!, cpuMs, runs, load: loadavg()[0] ?? Number.NaN };
}

/** The load, said in one line: `node -e 0` now beside its usual, and the load average. */
export function idleText(idle: IdleMeasure, usual = USUAL_NODE_E_0): string {
  const cpu = Number.isFinite(idle.cpuMs) ? `${idle.cpuMs.toFixed(0)} ms of CPU` : "CPU unread";
  return (
    `load: \`node -e 0\` took ${idle.wallMs.toFixed(0)} ms by the clock and ${cpu} ` +
    `(quiet: ${usual.wallMs} ms and ${usual.cpuMs} ms; ${(idle.wallMs / usual.wallMs).toFixed(1)}× ` +
    `its quiet clock), load average ${idle.load.toFixed(2)}`
  );
}

/** Measures the load now and says it in one line. */
export function idleLine(): string {
  return idleText(measureIdle());
}
