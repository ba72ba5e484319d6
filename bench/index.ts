// `npm run bench`: every figure of the README's Performance section, measured in one run on
// one machine, elizaOS beside eliza-edge wherever elizaOS runs the same thing. Sections, in
// the order printed:
//
//   compare  eliza-edge vs elizaOS: cold start, per-message overhead, RSS, the Worker
//   turn     CPU per message beside elizaOS (core, + bootstrap) by room size, p99, the sweep
//   starts   bundled cold start and `npm start` → first reply (PGlite fresh and existing)
//   lambda   the Lambda handler's cold start and warm invoke per storage, by CPU, beside elizaOS's
//   rooms    per-message overhead in a room of 10 / 1k / 10k / 100k messages, per backend
//   search   search p50 and recall@10 over 1k / 10k / 100k memories, per backend
//   tasks    tasks one tick runs per second, per backend
//   workerd  workerd's own CPU per message on the real Worker, against a bare Worker
//   pglite   a turn's storage work through the adapter against its statements alone, by CPU;
//            `npm start` on PGlite at 1 / 10 / 50 connections, PGlite in its worker and not
//
//   npm run bench [-- section ...] [-- --readme]   BENCH_MAX_SIZE=10000 stops rooms and search
//
// Progress goes to stderr, the tables to stdout (markdown), each section ending with the
// machine and its load when the section started (`node -e 0` beside its quiet figure).
// `--readme` also writes each section's tables into docs/reference/performance.md, between its
// `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` lines: that page's figures are this output.
import { fileURLToPath, pathToFileURL } from "node:url";
import { benchColdStart } from "./cold-start.ts";
import { compareTables } from "./compare.ts";
import { benchLambda } from "./lambda.ts";
import { idleLine, machineLine } from "./machine.ts";
import { pgliteAdapterTable } from "./pglite-adapter-cpu.ts";
import { pgliteThroughputTable } from "./pglite-throughput.ts";
import { writeSection } from "./readme-section.ts";
import { measureRoomSizes, ROOM_SIZES, type RoomSizeRow, roomSizeMarkdown } from "./room-size.ts";
import {
  measureSearchReaches,
  SEARCH_SIZES,
  type SearchRow,
  searchReachMarkdown,
} from "./search-reach.ts";
import { benchStart } from "./start.ts";
import { taskThroughputTable } from "./tasks.ts";
import { turnCpuTable } from "./turn-cpu.ts";
import { workerdCpuTable } from "./workerd-cpu.ts";

const maxSize = Number(process.env.BENCH_MAX_SIZE ?? Number.POSITIVE_INFINITY);
const upTo = (sizes: number[]) => sizes.filter((size) => size <= maxSize);

/** One row per backend, one column per size: the figures side by side. */
function pivot<R extends { backend: string; size: number }>(
  rows: R[],
  sizes: number[],
  heading: string,
  cell: (row: R) => string,
): string {
  const backends = [...new Set(rows.map((r) => r.backend))];
  const at = (backend: string, size: number) =>
    rows.find((r) => r.backend === backend && r.size === size);
  return [
    `| ${heading} | ${sizes.map((s) => s.toLocaleString("en")).join(" | ")} |`,
    `|---|${sizes.map(() => "---:").join("|")}|`,
    ...backends.map((backend) => {
      const cells = sizes.map((size) => {
        const row = at(backend, size);
        return row ? cell(row) : "—";
      });
      return `| ${backend} | ${cells.join(" | ")} |`;
    }),
  ].join("\n");
}

async function rooms(): Promise<string> {
  const sizes = upTo(ROOM_SIZES);
  const rows: RoomSizeRow[] = await measureRoomSizes({ sizes });
  return [
    "Median per-message overhead (ms), with CPU per message beside it, by messages already in the room:",
    "",
    pivot(
      rows,
      sizes,
      "backend",
      (r) => `${r.medianMs.toFixed(1)} (CPU ${r.cpuPerMessageMs.toFixed(1)})`,
    ),
    "",
    roomSizeMarkdown(rows),
  ].join("\n");
}

async function search(): Promise<string> {
  const sizes = upTo(SEARCH_SIZES);
  const rows: SearchRow[] = await measureSearchReaches({ sizes });
  return [
    "Search p50 (ms) with CPU per query beside it, and recall@10, by memories in the room:",
    "",
    pivot(
      rows,
      sizes,
      "backend",
      (r) => `${r.p50Ms.toFixed(1)} (CPU ${r.cpuPerQueryMs.toFixed(1)}) · ${r.recall.toFixed(2)}`,
    ),
    "",
    searchReachMarkdown(rows),
  ].join("\n");
}

const sections: Record<string, { title: string; run: () => Promise<string> }> = {
  compare: { title: "eliza-edge and elizaOS", run: compareTables },
  turn: { title: "The runtime's own turn, by CPU", run: () => turnCpuTable() },
  starts: {
    title: "Starts",
    run: async () => `${await benchColdStart()}\n\n${await benchStart()}`,
  },
  lambda: { title: "Lambda, cold and warm", run: () => benchLambda() },
  rooms: { title: "Per-message overhead as a room grows", run: rooms },
  search: { title: "Memory search at scale", run: search },
  tasks: { title: "Task throughput", run: () => taskThroughputTable() },
  workerd: { title: "Workers: workerd's CPU per message", run: () => workerdCpuTable() },
  pglite: {
    title: "`npm start` on PGlite by connections",
    run: async () => `${await pgliteAdapterTable()}\n\n${await pgliteThroughputTable()}`,
  },
};

// The page holding the bench blocks (the flag keeps its old name, `--readme`).
const README = fileURLToPath(new URL("../docs/reference/performance.md", import.meta.url));

export async function benchAll(names: string[] = [], readme = false): Promise<void> {
  const unknown = names.filter((name) => !(name in sections));
  if (unknown.length) {
    throw new Error(
      `no section ${unknown.join(", ")}; sections: ${Object.keys(sections).join(", ")}`,
    );
  }
  console.log(`# npm run bench — ${machineLine()}`);
  for (const [name, section] of Object.entries(sections)) {
    if (names.length && !names.includes(name)) continue;
    const started = performance.now();
    console.error(`== ${name}...`);
    // How busy the machine was when the section started, written with its tables.
    const load = `Run on ${machineLine()}; ${idleLine()}.`;
    const text = `${await section.run()}\n\n${load}`;
    console.log(`\n## ${section.title}\n\n${text}`);
    if (readme) writeSection(README, name, text);
    console.error(`== ${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  await benchAll(
    args.filter((arg) => arg !== "--readme"),
    args.includes("--readme"),
  );
}
