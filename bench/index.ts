// `npm run bench`: every figure of the README's Performance section, measured in one run on
// one machine, elizaOS beside eliza-edge wherever elizaOS runs the same thing. Sections, in
// the order printed:
//
//   compare  eliza-edge vs elizaOS: cold start, per-message overhead, RSS, the Worker
//   turn     CPU per message beside elizaOS (core, + bootstrap) by room size, p99, the sweep
//   starts   bundled cold start and `npm start` → first reply (PGlite fresh and existing)
//   rooms    per-message overhead in a room of 10 / 1k / 10k / 100k messages, per backend
//   search   search p50 and recall@10 over 1k / 10k / 100k memories, per backend
//   tasks    tasks one tick runs per second, per backend
//   pglite   `npm start` on PGlite at 1 / 10 / 50 connections, PGlite in its worker and not
//
//   npm run bench [-- section ...] [-- --readme]   BENCH_MAX_SIZE=10000 stops rooms and search
//
// Progress goes to stderr, the tables to stdout (markdown, each with its machine line).
// `--readme` also writes each section's tables into README.md, between its
// `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` lines: the README's figures are this output.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { benchColdStart } from "./cold-start.ts";
import { compareTables } from "./compare.ts";
import { machineLine } from "./machine.ts";
import { pgliteThroughputTable } from "./pglite-throughput.ts";
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
    "Median per-message overhead (ms) by messages already in the room:",
    "",
    pivot(rows, sizes, "backend", (r) => r.medianMs.toFixed(1)),
    "",
    roomSizeMarkdown(rows),
  ].join("\n");
}

async function search(): Promise<string> {
  const sizes = upTo(SEARCH_SIZES);
  const rows: SearchRow[] = await measureSearchReaches({ sizes });
  return [
    "Search p50 (ms) and recall@10 by memories in the room:",
    "",
    pivot(rows, sizes, "backend", (r) => `${r.p50Ms.toFixed(1)} · ${r.recall.toFixed(2)}`),
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
  rooms: { title: "Per-message overhead as a room grows", run: rooms },
  search: { title: "Memory search at scale", run: search },
  tasks: { title: "Task throughput", run: () => taskThroughputTable() },
  pglite: { title: "`npm start` on PGlite by connections", run: () => pgliteThroughputTable() },
};

const README = fileURLToPath(new URL("../README.md", import.meta.url));

/** Puts `text` between the section's markers in README.md; the markers must be there. */
function writeReadme(name: string, text: string): void {
  const open = `<!-- bench:${name} -->\n`;
  const close = `<!-- /bench:${name} -->`;
  const readme = readFileSync(README, "utf8");
  const start = readme.indexOf(open);
  const end = readme.indexOf(close);
  if (start < 0 || end < start) throw new Error(`README.md has no ${open.trim()} … ${close} block`);
  writeFileSync(README, `${readme.slice(0, start + open.length)}\n${text}\n\n${readme.slice(end)}`);
}

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
    const text = await section.run();
    console.log(`\n## ${section.title}\n\n${text}`);
    if (readme) writeReadme(name, text);
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
