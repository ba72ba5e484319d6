// `npm run bench:pg-search`: memory search as the store grows to 1,000 / 10,000 / 100,000
// memories of width 384 (the MiniLM/bge-small size), per backend (default PGlite): p50
// latency and recall@10 against exact search, for two searches the agent makes on every
// message: a room's messages (the room holds nearly every row) and the agent's knowledge (1
// row in 20, so a filtered scan). The vectors are clustered like real embeddings
// (test/support/clustered-vectors.ts says why uniform random ones would make recall
// meaningless). Each size starts from an empty store: rows are written first, then the width
// is pinned, which on Postgres builds the HNSW index over them (the build time is shown),
// then one tick runs, as the Node target's loop would. `pgSearchTable()` returns the table
// for `npm run bench`; run alone it prints it.
import { fileURLToPath } from "node:url";
import {
  AgentRuntime,
  characterAgentId,
  type Memory,
  parseCharacter,
  runDueTasks,
  type StorageAdapter,
  type UUID,
} from "../../core/index.ts";
import { clusteredSpace, exactNearest, recall } from "../../test/support/clustered-vectors.ts";
import { type BackendName, backends } from "../backends.ts";
import { median } from "../compare/stats.ts";
import { machineLine } from "../machine.ts";
import { autovacuumAnalyze } from "./autovacuum.ts";
import { writeMemories } from "./seed.ts";

export const SEARCH_SIZES = [1_000, 10_000, 100_000];
const WIDTH = 384;
const QUERIES = 50;
const WARMUP = 5;
/** Every KNOWLEDGE_EVERY-th memory is knowledge (a fragment), the rest messages of one room. */
const KNOWLEDGE_EVERY = 20;

const character = parseCharacter({ name: "Bench" });
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

export interface SearchScaleOptions {
  backends?: BackendName[];
  sizes?: number[];
  progress?: (line: string) => void;
}

export interface SearchScaleRow {
  backend: string;
  memories: number;
  writeSeconds: number;
  /** Pinning the width: on Postgres, building the HNSW index over the rows. */
  pinSeconds: number;
  messages: { p50: number; recall: number };
  knowledge: { p50: number; recall: number };
}

export async function measureSearchScale(
  options: SearchScaleOptions = {},
): Promise<SearchScaleRow[]> {
  const names = options.backends ?? (["pglite"] as BackendName[]);
  const progress = options.progress ?? ((line: string) => process.stderr.write(`${line}\n`));
  const rows: SearchScaleRow[] = [];
  for (const name of names) {
    for (const size of options.sizes ?? SEARCH_SIZES) {
      rows.push(await measureOne(name, size, progress));
    }
  }
  return rows;
}

async function measureOne(
  name: BackendName,
  size: number,
  progress: (line: string) => void,
): Promise<SearchScaleRow> {
  const agentId = characterAgentId(character);
  const roomId = "00000000-0000-4000-8000-0000000000a1" as UUID;
  const { storage, close } = await backends[name]({ agentId });
  try {
    progress(`${name}: writing ${size} memories...`);
    const space = clusteredSpace(WIDTH);
    const vector = space.points(5);
    const all = Array.from({ length: size }, (_, i) => ({
      id: crypto.randomUUID() as UUID,
      entityId: agentId,
      agentId,
      roomId,
      content: { text: `memory ${i}` },
      embedding: vector(),
      createdAt: Date.UTC(2026, 0, 1) + i * 1000,
    }));
    const messages = all.filter((_, i) => i % KNOWLEDGE_EVERY !== 0);
    const knowledge = all.filter((_, i) => i % KNOWLEDGE_EVERY === 0);
    let started = performance.now();
    await writeMemories(storage, "messages", messages);
    await writeMemories(storage, "fragments", knowledge);
    const writeSeconds = (performance.now() - started) / 1000;
    progress(`${name}: pinning the width (${size} memories)...`);
    started = performance.now();
    await storage.ensureEmbeddingDimension(WIDTH);
    const pinSeconds = (performance.now() - started) / 1000;
    await tick(storage);
    const query = space.points(99);
    const measure = (tableName: string, pool: typeof all) =>
      searchFigures(storage, pool, query, (embedding) => ({
        tableName,
        embedding,
        count: 10,
        ...(tableName === "messages" ? { roomId } : {}),
      }));
    const row: SearchScaleRow = {
      backend: name,
      memories: size,
      writeSeconds,
      pinSeconds,
      messages: await measure("messages", messages),
      knowledge: await measure("fragments", knowledge),
    };
    progress(
      `${name} at ${size}: messages p50 ${row.messages.p50.toFixed(1)} ms, recall ${row.messages.recall.toFixed(3)}; knowledge p50 ${row.knowledge.p50.toFixed(1)} ms, recall ${row.knowledge.recall.toFixed(3)}`,
    );
    return row;
  } finally {
    await close();
  }
}

/** What a deployed agent's tick does between writes and reads (on PGlite: statistics). */
async function tick(storage: StorageAdapter): Promise<void> {
  const runtime = new AgentRuntime({ character, storage, logger: quiet });
  await runDueTasks(runtime);
  await autovacuumAnalyze(storage);
}

async function searchFigures(
  storage: StorageAdapter,
  pool: (Memory & { id: UUID; embedding: number[] })[],
  nextQuery: () => number[],
  params: (embedding: number[]) => Parameters<StorageAdapter["searchMemories"]>[0],
): Promise<{ p50: number; recall: number }> {
  const times: number[] = [];
  let total = 0;
  const embeddings = pool.map((m) => m.embedding);
  for (let i = 0; i < WARMUP + QUERIES; i++) {
    const query = nextQuery();
    const started = performance.now();
    const found = await storage.searchMemories(params(query));
    if (i < WARMUP) continue;
    times.push(performance.now() - started);
    const exact = exactNearest(query, embeddings, 10).map((index) => pool[index]!.id);
    total += recall(
      found.map((m) => m.id),
      exact,
    );
  }
  return { p50: median(times), recall: total / QUERIES };
}

export async function pgSearchTable(options: SearchScaleOptions = {}): Promise<string> {
  const rows = await measureSearchScale(options);
  const lines = [
    `searchMemories, width ${WIDTH}, count 10, ${QUERIES} queries per cell: p50 and recall@10 against exact search; a room's messages and the agent's knowledge (1 memory in ${KNOWLEDGE_EVERY}); ${machineLine()}`,
    "",
    "| backend | memories | write s | pin width s | messages p50 | messages recall@10 | knowledge p50 | knowledge recall@10 |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.backend} | ${r.memories.toLocaleString("en-US")} | ${r.writeSeconds.toFixed(1)} | ${r.pinSeconds.toFixed(1)} | ${r.messages.p50.toFixed(1)} ms | ${r.messages.recall.toFixed(3)} | ${r.knowledge.p50.toFixed(1)} ms | ${r.knowledge.recall.toFixed(3)} |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const sizes = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
  const names = args.filter((arg) => !/^\d+$/.test(arg)) as BackendName[];
  console.log(
    await pgSearchTable({
      ...(names.length ? { backends: names } : {}),
      ...(sizes.length ? { sizes } : {}),
    }),
  );
}
