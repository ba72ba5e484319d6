// `npm run bench:turn` (and the `turn` section of `npm run bench`): the runtime's own turn, by
// CPU time. eliza-edge and @elizaos/core 1.7.2 (core only, and with @elizaos/plugin-bootstrap,
// its real default) on in-memory storage with the scripted plan answered at once, each run a
// process of its own, runs interleaved (every configuration once per round, ROUNDS rounds), so
// a busy machine's load falls on all of them alike. CPU is the process's user + system time
// over the measured messages (process.cpuUsage, every thread: GC included); the clock is
// printed beside it. Rows: CPU per message by room size, p99, and the actions/providers sweep.
//
//   npm run bench:turn [-- rounds]
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { machineLine } from "./machine.ts";
import type { TurnResult } from "./turn-cpu/protocol.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Inside the project's node_modules, so the elizaOS child's bare imports resolve there.
const outDir = here("../node_modules/.cache/eliza-edge-bench/");
export const TURN_ROOM_SIZES = [10, 10_000, 100_000];
const SWEEP = { actions: 200, providers: 50 };

type Framework = "eliza-edge" | "elizaOS core" | "elizaOS + bootstrap";
interface Run {
  framework: Framework;
  roomSize: number;
  actions: number;
  providers: number;
}

async function bundle(entry: string, name: string): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const outfile = `${outDir}${name}.mjs`;
  await build({
    entryPoints: [here(entry)],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: ["@elizaos/*"],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: "silent",
  });
  return outfile;
}

function runChild(file: string, env: Record<string, string>): Promise<TurnResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "fatal", NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err = (err + chunk).slice(-4000);
    });
    child.once("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("BENCH "));
      if (code === 0 && line) resolve(JSON.parse(line.slice(6)) as TurnResult);
      else reject(new Error(`${file} exited with ${code}:\n${err}\n${out.slice(-2000)}`));
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/**
 * How far the machine is from idle: `node -e` reporting its own CPU at the end of its script,
 * beside the clock around it (median of 5). On an idle machine the two are close.
 */
export function nodeFloor(): { wallMs: number; cpuMs: number } {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const printed = execFileSync(process.execPath, [
      "-e",
      "const u = process.cpuUsage(); console.log((u.user + u.system) / 1000)",
    ]);
    walls.push(performance.now() - t);
    cpus.push(Number(String(printed)));
  }
  return { wallMs: median(walls), cpuMs: median(cpus) };
}

export async function turnCpuTable(rounds = 3): Promise<string> {
  const files: Record<Framework, string> = {
    "eliza-edge": await bundle("./turn-cpu/eliza-edge.ts", "turn-eliza-edge"),
    "elizaOS core": await bundle("./turn-cpu/elizaos.ts", "turn-elizaos"),
    "elizaOS + bootstrap": await bundle("./turn-cpu/elizaos.ts", "turn-elizaos"),
  };
  const frameworks = Object.keys(files) as Framework[];
  const runs: Run[] = [
    ...TURN_ROOM_SIZES.flatMap((roomSize) =>
      frameworks.map((framework) => ({ framework, roomSize, actions: 0, providers: 0 })),
    ),
    ...(["eliza-edge", "elizaOS + bootstrap"] as Framework[]).flatMap((framework) => [
      { framework, roomSize: 10, actions: SWEEP.actions, providers: 0 },
      { framework, roomSize: 10, actions: 0, providers: SWEEP.providers },
      { framework, roomSize: 10, actions: SWEEP.actions, providers: SWEEP.providers },
    ]),
  ];
  const key = (r: Run) => `${r.framework}|${r.roomSize}|${r.actions}|${r.providers}`;
  const results = new Map<string, TurnResult[]>();
  const floor = nodeFloor();
  for (let round = 0; round < rounds; round++) {
    for (const run of runs) {
      console.error(`turn: round ${round + 1}/${rounds}, ${key(run)}...`);
      const result = await runChild(files[run.framework], {
        BENCH_CHARACTER: here("../character.json"),
        TURN_ROOM_SIZE: String(run.roomSize),
        TURN_ACTIONS: String(run.actions),
        TURN_PROVIDERS: String(run.providers),
        TURN_BOOTSTRAP: run.framework === "elizaOS + bootstrap" ? "1" : "0",
      });
      results.set(key(run), [...(results.get(key(run)) ?? []), result]);
    }
  }
  const at = (run: Run, pick: (r: TurnResult) => number) =>
    median((results.get(key(run)) ?? []).map(pick));
  const f1 = (n: number) => n.toFixed(2);
  const ours = (roomSize: number, actions = 0, providers = 0): Run => ({
    framework: "eliza-edge",
    roomSize,
    actions,
    providers,
  });
  const lines = [
    `The runtime's own turn (memory storage, scripted plan answered at once, ${rounds} interleaved rounds of one process per configuration, medians; a bare \`node -e\` took ${floor.wallMs.toFixed(0)} ms by the clock and ${floor.cpuMs.toFixed(0)} ms of CPU, how far the machine was from idle) — ${machineLine()}`,
    "",
    "| messages in the room | eliza-edge CPU (clock) ms | elizaOS core CPU (clock) ms | elizaOS + bootstrap CPU (clock) ms | core ÷ eliza-edge, CPU | + bootstrap ÷ eliza-edge, CPU |",
    "|---:|---:|---:|---:|---:|---:|",
  ];
  for (const roomSize of TURN_ROOM_SIZES) {
    const cells = frameworks.map((framework) => {
      const run = { framework, roomSize, actions: 0, providers: 0 };
      return `${f1(at(run, (r) => r.cpuPerMessageMs))} (${f1(at(run, (r) => r.wallPerMessageMs))})`;
    });
    const cpu = (framework: Framework) =>
      at({ framework, roomSize, actions: 0, providers: 0 }, (r) => r.cpuPerMessageMs);
    lines.push(
      `| ${roomSize.toLocaleString("en")} | ${cells.join(" | ")} | ${(cpu("elizaOS core") / cpu("eliza-edge")).toFixed(1)}× | ${(cpu("elizaOS + bootstrap") / cpu("eliza-edge")).toFixed(1)}× |`,
    );
  }
  lines.push(
    "",
    "p99 of one message, in-process (clock; CPU in brackets), ms:",
    "",
    "| messages in the room | eliza-edge | elizaOS core | elizaOS + bootstrap |",
    "|---:|---:|---:|---:|",
  );
  for (const roomSize of TURN_ROOM_SIZES) {
    const cells = frameworks.map((framework) => {
      const run = { framework, roomSize, actions: 0, providers: 0 };
      return `${f1(at(run, (r) => r.wallP99Ms))} (${f1(at(run, (r) => r.cpuP99Ms))})`;
    });
    lines.push(`| ${roomSize.toLocaleString("en")} | ${cells.join(" | ")} |`);
  }
  lines.push(
    "",
    `CPU per message with more registered components (room of 10), ms, and the change from none:`,
    "",
    "| registered beyond the built-ins | eliza-edge | elizaOS + bootstrap |",
    "|---|---:|---:|",
  );
  const sweepRow = (label: string, actions: number, providers: number) => {
    const cells = (["eliza-edge", "elizaOS + bootstrap"] as Framework[]).map((framework) => {
      const base = at(
        { framework, roomSize: 10, actions: 0, providers: 0 },
        (r) => r.cpuPerMessageMs,
      );
      const cpu = at({ framework, roomSize: 10, actions, providers }, (r) => r.cpuPerMessageMs);
      const change =
        actions || providers
          ? ` (${cpu >= base ? "+" : ""}${Math.round((cpu / base - 1) * 100)} %)`
          : "";
      return `${f1(cpu)}${change}`;
    });
    lines.push(`| ${label} | ${cells.join(" | ")} |`);
  };
  sweepRow("none", 0, 0);
  sweepRow(`${SWEEP.actions} actions`, SWEEP.actions, 0);
  sweepRow(`${SWEEP.providers} providers`, 0, SWEEP.providers);
  sweepRow(
    `${SWEEP.actions} actions + ${SWEEP.providers} providers`,
    SWEEP.actions,
    SWEEP.providers,
  );
  lines.push(
    "",
    `Each run: the room filled, 50 messages of warm-up, then 300 measured. Samples of eliza-edge's CPU per message, room of 10: ${(results.get(key(ours(10))) ?? []).map((r) => f1(r.cpuPerMessageMs)).join(", ")}.`,
  );
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await turnCpuTable(Number(process.argv[2] ?? 3)));
}
