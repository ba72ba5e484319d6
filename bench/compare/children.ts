// Runs one framework's agent in a child process of its own, so start-up and peak RSS belong to
// that framework alone. Each child is bundled first (esbuild, Node platform): eliza-edge whole,
// elizaOS as it ships, imported from bench/elizaos/node_modules.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { elizaUrl } from "./elizaos.ts";
import type { ChildEvent } from "./protocol.ts";

export interface ChildRun {
  /** Parent's clock: spawn → the first reply's line arrived. */
  coldStartMs: number;
  /**
   * CPU the child's threads had used by then (Linux /proc schedstat; NaN elsewhere): unlike
   * the clock, it hardly moves when other work shares the machine.
   */
  coldStartCpuMs: number;
  overheadMs: number[];
  /** CPU and clock per measured message, as the child read them (NaN for a first-only run). */
  cpuPerMessageMs: number;
  wallPerMessageMs: number;
  maxRssBytes: number;
}

const outDir = mkdtempSync(join(tmpdir(), "eliza-edge-bench-"));

export async function bundleChild(entry: string, name: string): Promise<string> {
  const outfile = join(outDir, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Some dependencies still call require() for Node builtins.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: "silent",
  });
  return outfile;
}

/** Runs a bundled child; `firstOnly` stops it after the first reply (cold-start samples). */
export function runChild(
  file: string,
  env: Record<string, string>,
  firstOnly: boolean,
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [file], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let coldStartMs = 0;
    let coldStartCpuMs = Number.NaN;
    let pending = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("BENCH ")) continue;
        const event = JSON.parse(line.slice(6)) as ChildEvent;
        if (event.type === "first-reply") {
          coldStartMs = performance.now() - started;
          coldStartCpuMs = cpuMs(child.pid);
          if (!event.text) {
            child.kill("SIGKILL");
            reject(new Error(`${file}: the first reply was empty`));
          } else if (firstOnly) {
            child.kill("SIGKILL");
            resolve({
              coldStartMs,
              coldStartCpuMs,
              overheadMs: [],
              cpuPerMessageMs: Number.NaN,
              wallPerMessageMs: Number.NaN,
              maxRssBytes: 0,
            });
          }
        } else {
          resolve({
            coldStartMs,
            coldStartCpuMs,
            overheadMs: event.overheadMs,
            cpuPerMessageMs: event.cpuPerMessageMs,
            wallPerMessageMs: event.wallPerMessageMs,
            maxRssBytes: event.maxRssBytes,
          });
        }
      }
    });
    child.once("exit", (code, signal) => {
      if (signal !== "SIGKILL" && code !== 0) {
        reject(new Error(`${file} exited with ${code ?? signal}:\n${stderr}`));
      }
    });
  });
}

/** Milliseconds on CPU of every thread of `pid` so far; NaN where /proc has no schedstat. */
export function cpuMs(pid: number | undefined): number {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    }
    return ns / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** Both frameworks' agents for a comparison, bundled, with what each child reads from env. */
export async function agentChildren(): Promise<
  Record<"ours" | "eliza", { file: string; env: Record<string, string> }>
> {
  const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  const character = here("../../character.json");
  return {
    ours: {
      file: await bundleChild(here("./eliza-edge-agent.ts"), "eliza-edge-agent"),
      env: { BENCH_CHARACTER: character },
    },
    eliza: {
      file: await bundleChild(here("../elizaos/agent.ts"), "elizaos-agent"),
      env: { BENCH_CHARACTER: character, ELIZAOS_CORE_URL: elizaUrl("@elizaos/core") },
    },
  };
}
