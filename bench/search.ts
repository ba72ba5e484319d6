// `npm run bench:search`: searchMemories latency over 10,000 embedded memories in one room,
// per backend (width 384, the MiniLM/bge-small size; 10 results). D1 and DynamoDB score
// their newest 1,000 candidates in the adapter; Postgres and PGlite scan with pgvector.
import type { StorageOp, UUID } from "../core/index.ts";
import { backends } from "./backends.ts";

const MEMORIES = 10_000;
const WIDTH = 384;
const QUERIES = 20;

// A fixed-seed generator, so every backend searches the same vectors.
function vectors(seed: number) {
  let state = seed;
  return () =>
    Array.from({ length: WIDTH }, () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32 - 0.5;
    });
}

const only = process.argv.slice(2);
console.log(`searchMemories over ${MEMORIES} memories (width ${WIDTH}, one room, count 10)\n`);
console.log("| backend | insert s | search p50 ms | search p90 ms |");
console.log("|---|---|---|---|");
for (const [name, open] of Object.entries(backends)) {
  if (only.length && !only.includes(name)) continue;
  const { storage, close } = await open();
  try {
    await storage.ensureEmbeddingDimension(WIDTH);
    const roomId = crypto.randomUUID() as UUID;
    const entityId = crypto.randomUUID() as UUID;
    const next = vectors(7);
    const started = performance.now();
    let ops: StorageOp[] = [];
    for (let i = 0; i < MEMORIES; i++) {
      ops.push({
        op: "createMemory",
        tableName: "messages",
        memory: {
          id: crypto.randomUUID() as UUID,
          entityId,
          roomId,
          content: { text: `memory ${i}` },
          embedding: next(),
          createdAt: 1_800_000_000_000 + i,
        },
      });
      // Small batches: DynamoDB transactions hold at most 100 actions and 4 MB.
      if (ops.length === 20) {
        await storage.batch(ops);
        ops = [];
      }
    }
    if (ops.length) await storage.batch(ops);
    const insertSeconds = (performance.now() - started) / 1000;
    const query = vectors(99);
    const times: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const t = performance.now();
      await storage.searchMemories({
        tableName: "messages",
        roomId,
        embedding: query(),
        count: 10,
      });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
    console.log(
      `| ${name} | ${insertSeconds.toFixed(1)} | ${pct(0.5).toFixed(1)} | ${pct(0.9).toFixed(1)} |`,
    );
  } finally {
    await close();
  }
}
