// Another process's CPU time, read from Linux's /proc: what the benches put beside the clock
// when the work runs in a child (workerd under Miniflare, DynamoDB Local's java).
//
// Two readings of the same thing. /proc/<pid>/stat's utime + stime (fields 14 and 15) count
// every thread the process ever had, exited ones included, in clock ticks (usually 10 ms).
// Each thread's /proc/<pid>/task/<tid>/schedstat starts with the nanoseconds it has run on a
// CPU; their sum is the same user + system time at nanosecond grain, but forgets threads that
// have exited. A bench reads both: ticks for batches, nanoseconds for a single request.
import { readdirSync, readFileSync } from "node:fs";

export interface ProcCpu {
  pid: number;
  /** The process's name as the kernel keeps it (`comm`, at most 15 characters). */
  comm: string;
  /** Its parent's pid. */
  ppid: number;
  /** utime and stime of /proc/<pid>/stat, in ms (tick grain), every thread ever. */
  userMs: number;
  systemMs: number;
  /** Sum of the live threads' on-CPU time from their schedstat, in ms (ns grain); NaN if absent. */
  threadsMs: number;
  /** Live threads. */
  threads: number;
}

/** Clock ticks per second (USER_HZ). Linux has kept it at 100 on every common architecture. */
export const CLOCK_TICKS = 100;

/**
 * Reads a /proc/<pid>/stat line. `comm` sits in brackets and may itself hold spaces or
 * brackets, so the fields are counted from the last `)`.
 */
export function parseStat(line: string): Pick<ProcCpu, "pid" | "comm" | "ppid"> & {
  utimeTicks: number;
  stimeTicks: number;
  /** Children's user and system time, counted once they have exited and been waited for. */
  cutimeTicks: number;
  cstimeTicks: number;
} {
  const open = line.indexOf("(");
  const close = line.lastIndexOf(")");
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  // After the `)`: field 3 (state) onwards, so field n is rest[n - 3].
  const rest = line
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (n: number) => {
    const value = Number(rest[n - 3]);
    if (!Number.isFinite(value)) throw new Error(`stat field ${n} missing: ${line.slice(0, 80)}`);
    return value;
  };
  return {
    pid: Number(line.slice(0, open)),
    comm: line.slice(open + 1, close),
    ppid: field(4),
    utimeTicks: field(14),
    stimeTicks: field(15),
    cutimeTicks: field(16),
    cstimeTicks: field(17),
  };
}

/** The first field of a schedstat line: nanoseconds on a CPU. */
export function parseSchedstat(line: string): number {
  const ns = Number(line.trim().split(/\s+/)[0]);
  if (!Number.isFinite(ns)) throw new Error(`not a schedstat line: ${line.slice(0, 80)}`);
  return ns;
}

export function readProcCpu(pid: number): ProcCpu {
  const stat = parseStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  let threadsNs = 0;
  let threads = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      threadsNs += parseSchedstat(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8"));
      threads++;
    } catch {
      // A thread that exited between the listing and the read (or, for every thread, a
      // kernel without CONFIG_SCHEDSTATS: then no thread counts and threadsMs is NaN).
    }
  }
  const tickMs = 1000 / CLOCK_TICKS;
  return {
    pid,
    comm: stat.comm,
    ppid: stat.ppid,
    userMs: stat.utimeTicks * tickMs,
    systemMs: stat.stimeTicks * tickMs,
    threadsMs: threads > 0 ? threadsNs / 1e6 : Number.NaN,
    threads,
  };
}

/** CPU (user + system, ms, tick grain) of every child of this process that has exited so far. */
export function exitedChildrenCpuMs(): number {
  const stat = parseStat(readFileSync("/proc/self/stat", "utf8"));
  return ((stat.cutimeTicks + stat.cstimeTicks) * 1000) / CLOCK_TICKS;
}

/** Pids of the live processes whose parent is `ppid`, optionally only those named `comm`. */
export function childPids(ppid: number, comm?: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(readFileSync(`/proc/${entry}/stat`, "utf8"));
      if (stat.ppid === ppid && (comm === undefined || stat.comm === comm)) found.push(stat.pid);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

/** Whether this machine has the /proc files the readers need (Linux). */
export function procCpuAvailable(): boolean {
  try {
    readProcCpu(process.pid);
    return true;
  } catch {
    return false;
  }
}

/** Live descendants of `pid` (children, their children, ...), from one pass over /proc. */
export function descendantPids(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(readFileSync(`/proc/${entry}/stat`, "utf8"));
      children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function descendantsCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of descendantPids(process.pid)) {
    try {
      const read = readProcCpu(pid);
      cpu.set(pid, Number.isFinite(read.threadsMs) ? read.threadsMs : read.userMs + read.systemMs);
    } catch {
      // Exited meanwhile.
    }
  }
  return cpu;
}

export interface CpuAndClock {
  /** This process's CPU (every thread, GC included) plus its live child processes'. */
  cpuMs: number;
  /** The part of cpuMs spent in child processes (workerd, DynamoDB Local's java, ...). */
  childrenMs: number;
  wallMs: number;
}

/**
 * Starts a CPU clock beside the wall clock; the function it returns reads both. Children are
 * read through /proc where there is one (a child that exits before the end is not counted);
 * the reading's own CPU falls outside the span (children are read before this process at the
 * start, after it at the end).
 */
export function cpuClock(): () => CpuAndClock {
  const withChildren = procCpuAvailable();
  const childrenBefore = withChildren ? descendantsCpu() : new Map<number, number>();
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  return () => {
    const wallMs = performance.now() - started;
    const self = process.cpuUsage(selfBefore);
    let childrenMs = 0;
    if (withChildren) {
      for (const [pid, ms] of descendantsCpu()) childrenMs += ms - (childrenBefore.get(pid) ?? 0);
    }
    return { cpuMs: (self.user + self.system) / 1000 + childrenMs, childrenMs, wallMs };
  };
}
