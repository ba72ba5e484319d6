// `npm run bench:cold-start`: the bundled cold start, process start → first reply, eliza-edge
// beside @elizaos/core 1.7.2 in the same run. The children are compare.ts's own (the same
// character, scripted model and in-memory storage, each bundled by esbuild and run as a
// process of its own), so this figure and `npm run bench`'s measure one thing. `node -e 0` is
// the floor neither can go under. More runs than compare.ts takes, alternating, so a busy
// moment on the shared machine lands on every variant.
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { agentChildren, cpuMs, runChild } from "./compare/children.ts";
import { median, ms, percentile, times } from "./compare/stats.ts";
import { machineLine } from "./machine.ts";

/**
 * `node -e 0`'s clock from spawn to exit, and the CPU of a node that has started (it waits
 * on stdin, so its threads can be read before it exits).
 */
export function emptyNode(): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => {
      const ms = performance.now() - started;
      const idle = spawn(process.execPath, ["-e", "process.stdin.once('data', () => {})"], {
        stdio: ["pipe", "ignore", "ignore"],
      });
      setTimeout(() => {
        const cpu = cpuMs(idle.pid);
        idle.kill("SIGKILL");
        resolve({ ms, cpu });
      }, 300);
    });
  });
}

export interface Sample {
  ms: number;
  cpu: number;
}

export async function benchColdStart(runs = Number(process.env.BENCH_RUNS ?? 11)): Promise<string> {
  const children = await agentChildren();

  const samples = { ours: [] as Sample[], eliza: [] as Sample[], node: [] as Sample[] };
  const child = async (name: "ours" | "eliza") => {
    const run = await runChild(children[name].file, children[name].env, true);
    return { ms: run.coldStartMs, cpu: run.coldStartCpuMs };
  };
  // One unmeasured round first: the page cache then holds every file for every variant.
  for (let i = -1; i < runs; i++) {
    const round = {
      ours: await child("ours"),
      eliza: await child("eliza"),
      node: await emptyNode(),
    };
    if (i < 0) continue;
    for (const key of ["ours", "eliza", "node"] as const) samples[key].push(round[key]);
  }
  const clock = (of: Sample[]) => of.map((s) => s.ms);
  const cpu = (of: Sample[]) => of.map((s) => s.cpu);
  // Each round's own difference from the node that started beside it, then the median: a
  // paired difference cancels most of the load both saw in that round.
  const added = (of: (s: Sample[]) => number[], values: Sample[]) => {
    const nodes = of(samples.node);
    return median(of(values).map((value, i) => value - (nodes[i] ?? 0)));
  };
  // Below a millisecond the difference is the noise between two processes, not a start cost:
  // no ratio is stated on it.
  const above = (of: (s: Sample[]) => number[]) => {
    const ours = added(of, samples.ours);
    const eliza = added(of, samples.eliza);
    return ours < 1
      ? `eliza-edge within noise of node's own start (${ms(ours)}), elizaOS ${ms(eliza)}`
      : `eliza-edge ${ms(ours)}, elizaOS ${ms(eliza)} (${times(eliza, ours)})`;
  };
  const row = (name: string, values: Sample[]) =>
    `| ${name} | ${ms(median(clock(values)))} | ${ms(percentile(clock(values), 90))} | ${ms(Math.min(...clock(values)))} | ${ms(median(cpu(values)))} |`;
  return [
    `Bundled cold start, process start → first reply (memory storage, scripted model; ${runs} runs each, alternating; ${machineLine()})`,
    "",
    "| process | median | p90 | min | CPU used, median |",
    "|---|---:|---:|---:|---:|",
    row("eliza-edge", samples.ours),
    row("elizaOS 1.7.2", samples.eliza),
    row("`node -e 0` (CPU: a node that has started)", samples.node),
    "",
    `elizaOS ÷ eliza-edge, medians: ${times(median(clock(samples.eliza)), median(clock(samples.ours)))} by the clock, ${times(median(cpu(samples.eliza)), median(cpu(samples.ours)))} by CPU`,
    "",
    // Neither can start faster than node itself: what each adds to that is what it controls.
    `Above \`node -e 0\` (what each adds to node's own start; medians of each round's difference): by the clock ${above(clock)}; by CPU ${above(cpu)}`,
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await benchColdStart());
}
