// What Linux says of a process in /proc/<pid>/stat: whether it is a zombie (exited, not yet
// reaped: `kill(pid, 0)` still succeeds on it) and when it started, to tell a pid that was
// reused by another process from the one that wrote a lock. Undefined where there is no /proc.
import { readFileSync } from "node:fs";

export interface ProcessState {
  /** Exited (Z) or dying (X): holds nothing any more. */
  zombie: boolean;
  /** Start time in clock ticks after boot (/proc/<pid>/stat field 22). */
  startTicks: number;
  /** The same as a wall-clock time, in ms since the epoch (USER_HZ taken as 100, as on Linux). */
  startedAtMs: number;
}

/** Linux reports times in USER_HZ, 100 on every architecture it runs on today. */
const TICKS_PER_SECOND = 100;

export function processState(pid: number): ProcessState | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses; the fields after the
  // last ")" are space-separated, starting with the state (field 3).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const state = fields[0] ?? "";
  const startTicks = Number(fields[19]);
  if (!Number.isFinite(startTicks)) return undefined;
  return {
    zombie: state === "Z" || state === "X",
    startTicks,
    startedAtMs: bootTimeMs() + (startTicks * 1000) / TICKS_PER_SECOND,
  };
}

let boot: number | undefined;

function bootTimeMs(): number {
  if (boot === undefined) {
    const line = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"));
    boot = line ? Number(line[1]) * 1000 : 0;
  }
  return boot;
}
