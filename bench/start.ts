// `npm run bench:start`: `npm start` → first reply, as a user meets it: the built dist/ on
// plain node (what `npm start` runs; build first), spawn → the "listening on" line → POST
// /api/messages answered. Three stores: PGlite in a fresh directory (the first start after
// `npm ci`), PGlite in a directory an earlier start made (every start after), and memory
// (ALLOW_NO_DATABASE, loading the code alone). The offline model answers, so the figure is
// loading and starting, not a network model. npm's own start-up (~0.2 s) is not counted:
// the process is node itself, with the arguments `npm start` gives it.
// Beside it, in the same run and alternating, elizaOS 1.7.2 on PGlite through its own
// @elizaos/plugin-sql (bench/elizaos/pglite-server.ts), fresh and existing directory, timed by
// the same clock and request.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleChild } from "./compare/children.ts";
import { elizaDir, elizaUrl, elizaVersion } from "./compare/elizaos.ts";
import { median, ms, percentile, times } from "./compare/stats.ts";
import { machineLine } from "./machine.ts";
import { procCpuAvailable, readProcCpu } from "./proc-cpu.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** elizaOS's start: the bundled glue on plain node, elizaOS itself as it ships in node_modules. */
async function elizaStartArgs(): Promise<{ args: string[]; env: Record<string, string> }> {
  const file = await bundleChild(`${elizaDir}pglite-server.ts`, "elizaos-pglite-server");
  return {
    args: [file],
    env: {
      BENCH_CHARACTER: `${root}character.json`,
      ELIZAOS_CORE_URL: elizaUrl("@elizaos/core"),
      ELIZAOS_SQL_URL: elizaUrl("@elizaos/plugin-sql"),
    },
  };
}

/** `npm start`'s command line, from package.json, without the leading `node`. */
function npmStartArgs(): string[] {
  const scripts = JSON.parse(readFileSync(`${root}package.json`, "utf8")).scripts as {
    start: string;
  };
  // `exec node …`: the shell hands its process to node, so signals reach the server.
  const [node, ...args] = scripts.start.replace(/^exec\s+/, "").split(/\s+/);
  if (node !== "node") throw new Error(`npm start runs ${node}, not node: ${scripts.start}`);
  return args;
}

interface StartSample {
  /** Spawn → the first reply's body, by the clock. */
  ms: number;
  /** The server's CPU by then: /proc/<pid>/stat, every thread it had (10 ms ticks). */
  cpuMs: number;
}

/** Spawn to the first reply's body, clock and CPU; the server is then stopped cleanly. */
function firstReply(args: readonly string[], env: Record<string, string>): Promise<StartSample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: "0",
        TASK_INTERVAL_MS: "0",
        LOG_LEVEL: "error",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let asked = false;
    let elapsed: number | undefined;
    let cpuMs = Number.NaN;
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    child.once("exit", (code) => {
      if (elapsed === undefined) reject(new Error(`exited ${code} before replying:\n${out}`));
      else resolve({ ms: elapsed, cpuMs });
    });
    child.stdout.on("data", async (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (asked || !url) return;
      asked = true;
      try {
        const response = await fetch(`${url}/api/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text: "I feel sad" }),
        });
        const body = (await response.json()) as { replies?: { text: string }[] };
        if (!body.replies?.[0]?.text) throw new Error(`no reply: ${JSON.stringify(body)}`);
        elapsed = performance.now() - started;
        if (procCpuAvailable() && child.pid) {
          const cpu = readProcCpu(child.pid);
          cpuMs = cpu.userMs + cpu.systemMs;
        }
      } catch (error) {
        out += String(error);
      }
      // SIGTERM: the server closes PGlite and its lock, so the next start finds a clean dir.
      child.kill("SIGTERM");
    });
  });
}

export async function benchStart(runs = Number(process.env.BENCH_RUNS ?? 7)): Promise<string> {
  if (!existsSync(`${root}dist/main.mjs`)) {
    throw new Error("dist/main.mjs is missing: run `npm run build` first");
  }
  const ours = npmStartArgs();
  const eliza = await elizaStartArgs();
  const elizaName = `elizaOS ${elizaVersion("@elizaos/core")} + plugin-sql ${elizaVersion("@elizaos/plugin-sql")}`;
  const scratch = mkdtempSync(join(tmpdir(), "eliza-edge-start-"));
  const existing = join(scratch, "existing");
  const elizaExisting = join(scratch, "elizaos-existing");
  try {
    // The parent's own first fetch pays undici's start-up once; keep it out of the samples.
    await fetch("data:,warm").catch(() => undefined);
    // Make each "existing" directory; these unmeasured starts also bring every file into the
    // page cache.
    await firstReply(ours, { PGLITE_DIR: existing });
    await firstReply(eliza.args, { ...eliza.env, PGLITE_DATA_DIR: elizaExisting });
    const variants: Record<
      string,
      { args: string[]; env: (run: number) => Record<string, string> }
    > = {
      "eliza-edge, PGlite, fresh directory": {
        args: ours,
        env: (run) => ({ PGLITE_DIR: join(scratch, `fresh-${run}`) }),
      },
      [`${elizaName}, PGlite, fresh directory`]: {
        args: eliza.args,
        env: (run) => ({ ...eliza.env, PGLITE_DATA_DIR: join(scratch, `elizaos-fresh-${run}`) }),
      },
      "eliza-edge, PGlite, existing directory": {
        args: ours,
        env: () => ({ PGLITE_DIR: existing }),
      },
      [`${elizaName}, PGlite, existing directory`]: {
        args: eliza.args,
        env: () => ({ ...eliza.env, PGLITE_DATA_DIR: elizaExisting }),
      },
      "eliza-edge, memory (ALLOW_NO_DATABASE)": {
        args: ours,
        env: () => ({ ALLOW_NO_DATABASE: "true" }),
      },
    };
    const samples = Object.fromEntries(
      Object.keys(variants).map((name) => [name, [] as StartSample[]]),
    );
    for (let run = 0; run < runs; run++) {
      // Alternating, so a busy moment on the machine lands on every variant.
      for (const [name, { args, env }] of Object.entries(variants)) {
        samples[name]!.push(await firstReply(args, env(run)));
      }
      rmSync(join(scratch, `fresh-${run}`), { recursive: true, force: true });
      rmSync(join(scratch, `elizaos-fresh-${run}`), { recursive: true, force: true });
    }
    const clock = (values: StartSample[]) => values.map((v) => v.ms);
    const cpu = (values: StartSample[]) => values.map((v) => v.cpuMs);
    const rows = Object.entries(samples).map(
      ([name, values]) =>
        `| ${name} | ${ms(median(clock(values)))} | ${ms(percentile(clock(values), 90))} | ${ms(Math.min(...clock(values)))} | ${ms(median(cpu(values)))} |`,
    );
    const ratio = (directory: string, of: (values: StartSample[]) => number[]) =>
      times(
        median(of(samples[`${elizaName}, PGlite, ${directory} directory`]!)),
        median(of(samples[`eliza-edge, PGlite, ${directory} directory`]!)),
      );
    return [
      `\`npm start\` → first reply (eliza-edge: node ${ours.join(" ")}; ${elizaName}: plugin-sql's PGlite adapter and migrations as @elizaos/server runs them, then AgentRuntime.initialize(), one POST route on node:http, no CLI or server package (nor the server's 0.75 s of fixed waits); offline scripted model; ${runs} runs each, alternating; ${machineLine()})`,
      "",
      "| process, store | median | p90 | min | server's CPU by its first reply, median |",
      "|---|---:|---:|---:|---:|",
      ...rows,
      "",
      `elizaOS ÷ eliza-edge, medians: ${ratio("fresh", clock)} by the clock and ${ratio("fresh", cpu)} by CPU with a fresh directory, ${ratio("existing", clock)} and ${ratio("existing", cpu)} with an existing one`,
    ].join("\n");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await benchStart());
}
