// `npm run bench:search-reach`: searchMemories latency and recall@10 against exact search, at
// 1k / 10k / 100k embedded memories in one room (width 384, clustered; search-data.ts), on
// memory (exact), PGlite (its HNSW index), D1 alone (cosine over the newest SEARCH_CANDIDATES of the scope), D1 with Vectorize (the
// stand-in in test/fakes/vectorize, reached through workerd's own binding) and DynamoDB Local
// (cosine over its newest SEARCH_CANDIDATES). The stand-in searches exactly and runs on this
// machine: its recall is an upper bound of Vectorize's and its latency is not Cloudflare's;
// what carries over is the path (one Vectorize query, one D1 read).
import { pathToFileURL } from "node:url";
import { createD1Storage, SEARCH_CANDIDATES } from "../adapters/d1/index.ts";
import { vectorizeIndex } from "../adapters/d1/vectorize.ts";
import { createDynamoStorage } from "../adapters/dynamodb/index.ts";
import type { StorageAdapter, UUID } from "../core/index.ts";
import { startVectorizeStandIn } from "../test/fakes/vectorize/server.ts";
import { insertMemoryRows } from "../test/support/d1-seed.ts";
import { localClient, startDynamoDbLocal } from "../test/support/dynamodb-local.ts";
import { seedDynamoMemories } from "../test/support/dynamodb-seed.ts";
import { startMiniflareD1 } from "../test/support/miniflare-d1.ts";
import { backends } from "./backends.ts";
import { median, percentile } from "./compare/stats.ts";
import { machineLine } from "./machine.ts";
import { type CpuAndClock, cpuClock } from "./proc-cpu.ts";
import { autovacuumAnalyze } from "./scale/autovacuum.ts";
import { writeMemories } from "./scale/seed.ts";
import { groundTruth, memoryVector, queries, WIDTH } from "./search-data.ts";

export const SEARCH_SIZES = [1_000, 10_000, 100_000];
const QUERIES = 20;
const WARMUP = 2;
const K = 10;

const agentId = "00000000-0000-4000-8000-00000000a9e7" as UUID;
const roomId = "00000000-0000-4000-8000-0000000000e0" as UUID;
const entityId = "00000000-0000-4000-8000-0000000000e1" as UUID;
const TABLE = "messages";
const BASE_TIME = 1_800_000_000_000;

const memoryId = (i: number) => `00000001-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;

function* rows(size: number) {
  for (let i = 0; i < size; i++) {
    yield {
      id: memoryId(i),
      tableName: TABLE,
      entityId,
      agentId,
      roomId,
      text: `memory ${i}`,
      embedding: memoryVector(i),
      createdAt: BASE_TIME + i,
    };
  }
}

interface Opened {
  storage: StorageAdapter;
  reach: string;
  close(): Promise<void>;
}

export type SearchBackend = "memory" | "pglite" | "d1" | "d1+vectorize" | "dynamodb";

/**
 * Memory and PGlite: rows written through the storage (scale/seed.ts), then the width pinned,
 * which on Postgres builds the HNSW index over them, then the statistics a tick gathers.
 */
function throughStorage(name: "memory" | "pglite", reach: string) {
  return async (size: number): Promise<Opened> => {
    const { storage, close } = await backends[name]({ agentId });
    const all = [...rows(size)].map(({ text, tableName: _t, ...row }) => ({
      ...row,
      id: row.id as UUID,
      content: { text },
    }));
    await writeMemories(storage, TABLE, all, 1000);
    await storage.ensureEmbeddingDimension(WIDTH);
    await autovacuumAnalyze(storage);
    return { storage, reach, close };
  };
}

const open: Record<SearchBackend, (size: number) => Promise<Opened>> = {
  memory: throughStorage("memory", "the whole scope (exact, float32 top-k)"),
  pglite: throughStorage("pglite", "the whole scope (HNSW index of the pinned width)"),
  async d1(size) {
    const mf = await startMiniflareD1();
    await insertMemoryRows(mf.db, rows(size));
    return {
      storage: createD1Storage(mf.db, { agentId, embeddingDimension: WIDTH }),
      reach: `newest ${SEARCH_CANDIDATES.toLocaleString("en")} of the scope`,
      close: () => mf.dispose(),
    };
  },
  async "d1+vectorize"(size) {
    const standIn = await startVectorizeStandIn({
      dimensions: WIDTH,
      metadataIndexes: { tableName: "string", roomId: "string", agentId: "string" },
    });
    const mf = await startMiniflareD1({ vectorize: standIn.url });
    await insertMemoryRows(mf.db, rows(size));
    // The vectors go straight into the stand-in, with the metadata the adapter writes.
    const direct = vectorizeIndex({
      upsert: async (vectors) => standIn.index.upsert(structuredClone(vectors)),
      query: () => Promise.reject(new Error("seeding only")),
      deleteByIds: () => Promise.reject(new Error("seeding only")),
    } as Parameters<typeof vectorizeIndex>[0]);
    let part = [];
    for (const row of rows(size)) {
      part.push({ ...row, id: row.id as UUID });
      if (part.length === 1000) {
        await direct.upsert(part);
        part = [];
      }
    }
    if (part.length) await direct.upsert(part);
    return {
      storage: createD1Storage(mf.db, {
        agentId,
        embeddingDimension: WIDTH,
        vectorize: mf.vectorize!,
      }),
      reach: "the whole scope (Vectorize topK ≤ 100)",
      async close() {
        await mf.dispose();
        await standIn.close();
      },
    };
  },
  async dynamodb(size) {
    const local = await startDynamoDbLocal();
    const client = localClient(local.endpoint);
    const storage = createDynamoStorage({ tableName: "bench", client, createTable: true, agentId });
    await storage.init();
    await storage.ensureEmbeddingDimension(WIDTH);
    const memories = function* () {
      for (const row of rows(size)) {
        const { text, tableName: _t, ...rest } = row;
        yield { ...rest, id: row.id as UUID, content: { text } };
      }
    };
    await seedDynamoMemories(client, "bench", memories(), TABLE);
    return {
      storage,
      reach: `newest ${SEARCH_CANDIDATES.toLocaleString("en")} of the scope`,
      async close() {
        await storage.close();
        client.destroy();
        await local.stop();
      },
    };
  },
};

export interface SearchRow {
  backend: SearchBackend;
  size: number;
  reach: string;
  setupSeconds: number;
  p50Ms: number;
  p90Ms: number;
  /** CPU per measured query, this process and its children (workerd, java) together. */
  cpuPerQueryMs: number;
  /** The clock per measured query over the same span. */
  wallPerQueryMs: number;
  recall: number;
}

/** One backend at one number of memories. */
export async function measureSearchReach(backend: SearchBackend, size: number): Promise<SearchRow> {
  const asked = queries(size, WARMUP + QUERIES);
  const truth = groundTruth(
    size,
    asked.map((q) => q.vector),
    K,
  ).map((top) => new Set(top.map(memoryId)));
  const started = performance.now();
  const opened = await open[backend](size);
  const setupSeconds = (performance.now() - started) / 1000;
  try {
    const times: number[] = [];
    let found = 0;
    let clock: (() => CpuAndClock) | undefined;
    for (const [n, query] of asked.entries()) {
      if (n === WARMUP) clock = cpuClock();
      const t = performance.now();
      const result = await opened.storage.searchMemories({
        tableName: TABLE,
        roomId,
        embedding: query.vector,
        count: K,
      });
      if (n < WARMUP) continue;
      times.push(performance.now() - t);
      found += result.filter((m) => truth[n]!.has(String(m.id))).length;
    }
    const spent = clock?.() ?? { cpuMs: Number.NaN, wallMs: Number.NaN };
    return {
      backend,
      size,
      reach: opened.reach,
      setupSeconds,
      p50Ms: median(times),
      p90Ms: percentile(times, 90),
      cpuPerQueryMs: spent.cpuMs / times.length,
      wallPerQueryMs: spent.wallMs / times.length,
      recall: found / (QUERIES * K),
    };
  } finally {
    await opened.close();
  }
}

/** Measures each backend at each size (`sizes`/`backends` narrow the run). */
export async function measureSearchReaches(
  options: { sizes?: number[]; backends?: SearchBackend[] } = {},
): Promise<SearchRow[]> {
  const sizes = options.sizes ?? SEARCH_SIZES;
  const backends = options.backends ?? (Object.keys(open) as SearchBackend[]);
  const results: SearchRow[] = [];
  for (const backend of backends) {
    for (const size of sizes) {
      console.error(`search-reach: ${backend}, ${size} memories...`);
      results.push(await measureSearchReach(backend, size));
    }
  }
  return results;
}

/** The rows as markdown, with the machine line. */
export function searchReachMarkdown(results: SearchRow[]): string {
  return [
    `searchMemories, one room, width ${WIDTH}, count ${K}, ${QUERIES} queries; recall@${K} against exact search — ${machineLine()}`,
    "",
    "| backend | memories | reach | setup s | p50 ms | p90 ms | CPU per query ms (clock) | recall@10 |",
    "|---|---:|---|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.backend} | ${r.size.toLocaleString("en")} | ${r.reach} | ${r.setupSeconds.toFixed(1)} | ${r.p50Ms.toFixed(1)} | ${r.p90Ms.toFixed(1)} | ${r.cpuPerQueryMs.toFixed(1)} (${r.wallPerQueryMs.toFixed(1)}) | ${r.recall.toFixed(2)} |`,
    ),
    "",
    "CPU: this process and its children (workerd for D1, DynamoDB Local's java) over the measured queries, the local stand-ins' own work included. d1+vectorize runs against a local stand-in that searches exactly: its recall is an upper bound of Vectorize's, its latency is this machine's, not Cloudflare's.",
  ].join("\n");
}

export async function searchReachTable(
  options: { sizes?: number[]; backends?: SearchBackend[] } = {},
): Promise<string> {
  return searchReachMarkdown(await measureSearchReaches(options));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const names = Object.keys(open) as SearchBackend[];
  const chosen = args.filter((a): a is SearchBackend => names.includes(a as SearchBackend));
  const sizes = args.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  console.log(
    await searchReachTable({
      ...(chosen.length ? { backends: chosen } : {}),
      ...(sizes.length ? { sizes } : {}),
    }),
  );
}
