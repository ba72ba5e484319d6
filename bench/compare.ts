// `npm run bench:compare` (and the first section of `npm run bench`): eliza-edge side by side
// with @elizaos/core 1.7.2. Same character (character.json), same scripted model (the plan in
// compare/protocol.ts, answered at once), in-memory storage on both, each framework in a
// process of its own. elizaOS is installed only in bench/elizaos (its own lockfile), on first
// use.
import { fileURLToPath, pathToFileURL } from "node:url";
import { agentChildren, type ChildRun, runChild } from "./compare/children.ts";
import { elizaDir, elizaVersion } from "./compare/elizaos.ts";
import { MESSAGES } from "./compare/protocol.ts";
import { kib, median, mib, ms, percentile, times } from "./compare/stats.ts";
import { measureWorker, type WorkerRun } from "./compare/workers.ts";
import { machineLine } from "./machine.ts";

const COLD_STARTS = 5;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The comparison tables as markdown. */
export async function compareTables(): Promise<string> {
  const out: string[] = [];

  const frameworks = await agentChildren();

  console.error(`cold start: ${COLD_STARTS} processes each, alternating...`);
  const cold = { ours: [] as number[], eliza: [] as number[] };
  const coldCpu = { ours: [] as number[], eliza: [] as number[] };
  for (let i = 0; i < COLD_STARTS; i++) {
    for (const name of ["ours", "eliza"] as const) {
      const { file, env } = frameworks[name];
      const run = await runChild(file, env, true);
      cold[name].push(run.coldStartMs);
      coldCpu[name].push(run.coldStartCpuMs);
    }
  }
  console.error(`per-message: ${MESSAGES} messages each, one process per framework...`);
  const full: Record<"ours" | "eliza", ChildRun> = {
    ours: await runChild(frameworks.ours.file, frameworks.ours.env, false),
    eliza: await runChild(frameworks.eliza.file, frameworks.eliza.env, false),
  };

  console.error("Worker bundles: esbuild, then workerd through Miniflare...");
  const elizaWorker = (shim: boolean) => ({
    resolveDir: elizaDir,
    contents: [
      shim ? `import "./global-shim.ts";` : "",
      `import * as core from "@elizaos/core";`,
      shim ? `import { restoreGlobals } from "./global-shim.ts";` : "",
      `import { createElizaWorker } from "./worker.ts";`,
      `import character from "../../character.json" with { type: "json" };`,
      shim ? "restoreGlobals();" : "",
      "export default createElizaWorker(core, character);",
    ].join("\n"),
  });
  const workers: WorkerRun[] = [
    await measureWorker("eliza-edge", { file: here("./compare/worker-eliza-edge.ts") }, [
      "workerd",
      "worker",
      "browser",
    ]),
    await measureWorker("elizaOS", elizaWorker(false), ["browser"]),
    await measureWorker("elizaOS + global-scope shim", elizaWorker(true), ["browser"]),
    await measureWorker(
      "elizaOS + shim + nodejs_compat",
      elizaWorker(true),
      ["browser"],
      ["nodejs_compat"],
    ),
  ];
  const [ourWorker, elizaPlain] = workers as [WorkerRun, WorkerRun];

  const p = (run: ChildRun, q: number) => percentile(run.overheadMs, q);
  const rows: [string, string, string, string][] = [
    [
      `Cold start: process start → first reply (median of ${COLD_STARTS})`,
      ms(median(cold.ours)),
      ms(median(cold.eliza)),
      times(median(cold.eliza), median(cold.ours)),
    ],
    [
      `Cold start CPU: the child's threads by its first reply (median of ${COLD_STARTS})`,
      ms(median(coldCpu.ours)),
      ms(median(coldCpu.eliza)),
      times(median(coldCpu.eliza), median(coldCpu.ours)),
    ],
    [
      `CPU per message (clock), ${MESSAGES} messages one after another, whole process`,
      `${ms(full.ours.cpuPerMessageMs)} (${ms(full.ours.wallPerMessageMs)})`,
      `${ms(full.eliza.cpuPerMessageMs)} (${ms(full.eliza.wallPerMessageMs)})`,
      `${times(full.eliza.cpuPerMessageMs, full.ours.cpuPerMessageMs)} (${times(full.eliza.wallPerMessageMs, full.ours.wallPerMessageMs)})`,
    ],
    [
      `Per-message overhead p50 (${MESSAGES} messages, model time excluded)`,
      ms(p(full.ours, 50)),
      ms(p(full.eliza, 50)),
      times(p(full.eliza, 50), p(full.ours, 50)),
    ],
    [
      "Per-message overhead p50, messages 1–100 only (small room)",
      ms(percentile(full.ours.overheadMs.slice(0, 100), 50)),
      ms(percentile(full.eliza.overheadMs.slice(0, 100), 50)),
      times(
        percentile(full.eliza.overheadMs.slice(0, 100), 50),
        percentile(full.ours.overheadMs.slice(0, 100), 50),
      ),
    ],
    [
      "Per-message overhead p99",
      ms(p(full.ours, 99)),
      ms(p(full.eliza, 99)),
      times(p(full.eliza, 99), p(full.ours, 99)),
    ],
    [
      "Peak RSS (whole run)",
      mib(full.ours.maxRssBytes),
      mib(full.eliza.maxRssBytes),
      times(full.eliza.maxRssBytes, full.ours.maxRssBytes),
    ],
    [
      "Minimal agent Worker, minified (gzip)",
      `${kib(ourWorker.bytes)} (${kib(ourWorker.gzipBytes)})`,
      `${kib(elizaPlain.bytes)} (${kib(elizaPlain.gzipBytes)})`,
      times(elizaPlain.gzipBytes, ourWorker.gzipBytes),
    ],
  ];

  out.push(
    `eliza-edge vs @elizaos/core ${elizaVersion()} (same character, scripted model, in-memory storage) — ${machineLine()}\n`,
  );
  out.push("| | eliza-edge | elizaOS | elizaOS ÷ eliza-edge |");
  out.push("|---|---:|---:|---:|");
  for (const row of rows) out.push(`| ${row.join(" | ")} |`);
  out.push("\nMinimal agent Worker in workerd (Miniflare):\n");
  out.push("| Worker | starts | answers a message | what happened |");
  out.push("|---|---|---|---|");
  const yes = (b: boolean) => (b ? "yes" : "**no**");
  for (const w of workers) {
    out.push(
      `| ${w.label} | ${yes(w.starts)} | ${yes(w.answers)} | ${w.detail.replaceAll("|", "\\|")} |`,
    );
  }
  out.push(
    `\nCold-start samples (ms): eliza-edge ${cold.ours.map(Math.round).join(", ")}; elizaOS ${cold.eliza.map(Math.round).join(", ")}`,
  );
  return out.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await compareTables());
}
