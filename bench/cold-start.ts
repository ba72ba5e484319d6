// `npm run bench:cold-start`: the bundled cold start, process start → first reply, eliza-edge
// beside @elizaos/core 1.7.2 in the same run. The children are compare.ts's own (the same
// character, scripted model and in-memory storage, each bundled by esbuild and run as a
// process of its own), so this figure and `npm run bench`'s measure one thing. `node -e 0` is
// the floor neither can go under. More runs than compare.ts takes, alternating, so a busy
// moment on the shared machine lands on every variant.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleChild, runChild } from "./compare/children.ts";
import { median, ms, percentile, times } from "./compare/stats.ts";
import { machine } from "./machine.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const elizaDir = here("./elizaos/");
const elizaCore = `${elizaDir}node_modules/@elizaos/core/dist/node/index.node.js`;

/** Milliseconds from spawn to exit of `node -e 0`: the process alone. */
function emptyNode(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => resolve(performance.now() - started));
  });
}

export async function benchColdStart(runs = Number(process.env.BENCH_RUNS ?? 11)): Promise<string> {
  if (!existsSync(elizaCore)) {
    console.error("Installing @elizaos/core 1.7.2 into bench/elizaos (first run only)...");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: elizaDir, stdio: "inherit" });
  }
  const character = here("../character.json");
  const children = {
    ours: {
      file: await bundleChild(here("./compare/eliza-edge-agent.ts"), "eliza-edge-agent"),
      env: { BENCH_CHARACTER: character },
    },
    eliza: {
      file: await bundleChild(here("./elizaos/agent.ts"), "elizaos-agent"),
      env: { BENCH_CHARACTER: character, ELIZAOS_CORE_URL: pathToFileURL(elizaCore).href },
    },
  };
  const samples = { ours: [] as number[], eliza: [] as number[], node: [] as number[] };
  // One unmeasured round first: the page cache then holds every file for every variant.
  for (let i = -1; i < runs; i++) {
    const round = {
      ours: (await runChild(children.ours.file, children.ours.env, true)).coldStartMs,
      eliza: (await runChild(children.eliza.file, children.eliza.env, true)).coldStartMs,
      node: await emptyNode(),
    };
    if (i < 0) continue;
    for (const key of ["ours", "eliza", "node"] as const) samples[key].push(round[key]);
  }
  const row = (name: string, values: number[]) =>
    `| ${name} | ${ms(median(values))} | ${ms(percentile(values, 90))} | ${ms(Math.min(...values))} |`;
  return [
    `Bundled cold start, process start → first reply (memory storage, scripted model; ${runs} runs each, alternating; ${machine()})`,
    "",
    "| process | median | p90 | min |",
    "|---|---:|---:|---:|",
    row("eliza-edge", samples.ours),
    row("elizaOS 1.7.2", samples.eliza),
    row("`node -e 0`", samples.node),
    "",
    `elizaOS ÷ eliza-edge (medians): ${times(median(samples.eliza), median(samples.ours))}`,
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await benchColdStart());
}
