// The /proc readers the benches put beside the clock: they parse real processes' files (this
// one, and a child it starts), and stat lines whose name holds spaces and brackets. Nothing
// here depends on how long anything took.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import {
  CLOCK_TICKS,
  childPids,
  cpuClock,
  descendantPids,
  exitedChildrenCpuMs,
  parseSchedstat,
  parseStat,
  procCpuAvailable,
  readProcCpu,
} from "../../bench/proc-cpu.ts";

describe("parseStat", () => {
  it("counts the fields from the last bracket, whatever the name holds", () => {
    const line = "4242 (a) b (c) S 17 4242 4242 0 -1 4194560 5077 0 0 0 31 7 2 3 20 0 1 0 99 0 0";
    expect(parseStat(line)).toEqual({
      pid: 4242,
      comm: "a) b (c",
      ppid: 17,
      utimeTicks: 31,
      stimeTicks: 7,
      cutimeTicks: 2,
      cstimeTicks: 3,
    });
  });

  it("refuses a line that is not a stat line", () => {
    expect(() => parseStat("no brackets here")).toThrow(/not a \/proc stat line/);
    expect(() => parseSchedstat("x y z")).toThrow(/not a schedstat line/);
  });
});

describe.skipIf(!procCpuAvailable())("reading a live process", () => {
  it("reads this process's stat and every thread's schedstat", () => {
    const cpu = readProcCpu(process.pid);
    expect(cpu.pid).toBe(process.pid);
    expect(cpu.ppid).toBe(process.ppid);
    expect(cpu.threads).toBeGreaterThanOrEqual(1);
    expect(Number.isFinite(cpu.threadsMs)).toBe(true);
    expect(cpu.threadsMs).toBeGreaterThan(0);
    // Tick grain: both stat figures are whole ticks.
    for (const ms of [cpu.userMs, cpu.systemMs]) {
      expect((ms * CLOCK_TICKS) / 1000).toBe(Math.round((ms * CLOCK_TICKS) / 1000));
    }
  });

  it("finds a child by its parent and name, and counts its CPU once it has exited", async () => {
    const before = exitedChildrenCpuMs();
    const child = spawn(process.execPath, ["-e", "process.stdin.once('data', () => {})"], {
      stdio: ["pipe", "ignore", "ignore"],
    });
    try {
      await once(child, "spawn");
      const { comm } = readProcCpu(child.pid!);
      expect(childPids(process.pid, comm)).toContain(child.pid);
      expect(childPids(process.pid, "no-such-name")).not.toContain(child.pid);
      expect(readProcCpu(child.pid!).ppid).toBe(process.pid);
    } finally {
      child.stdin.end("x");
      await once(child, "exit");
    }
    expect(exitedChildrenCpuMs()).toBeGreaterThanOrEqual(before);
  });

  it("counts a child started under the clock, and finds it among the descendants", async () => {
    const stop = cpuClock();
    const child = spawn(
      process.execPath,
      ["-e", "console.log('ready'); process.stdin.once('data', () => {})"],
      { stdio: ["pipe", "pipe", "ignore"] },
    );
    try {
      // Once it has printed, node has started in it: that start is CPU the clock must see.
      await once(child.stdout, "data");
      expect(descendantPids(process.pid)).toContain(child.pid);
      const spent = stop();
      expect(spent.childrenMs).toBeGreaterThan(0);
      expect(spent.cpuMs).toBeGreaterThanOrEqual(spent.childrenMs);
      expect(spent.wallMs).toBeGreaterThanOrEqual(0);
    } finally {
      child.stdin.end("x");
      await once(child, "exit");
    }
  });
});
