// `npm run bench:memory-backend`: the in-memory backend (tests, ALLOW_NO_DATABASE) at scale.
// Two tables: searchMemories p50 over 1k / 10k / 100k embedded memories (width 384, one room,
// count 10), and the per-message overhead of a whole handleMessage (scripted model, so the
// figure is the pipeline and its storage reads) in a room already holding 10 / 1k / 10k /
// 100k messages. Rows are generated from a fixed seed and loaded in batches.
import { pathToFileURL } from "node:url";
import { createMemoryStorage } from "../adapters/memory/index.ts";
import {
  ChannelType,
  createAgent,
  createUniqueUuid,
  type Memory,
  messageService,
  parseCharacter,
  type StorageAdapter,
  type StorageOp,
  type UUID,
} from "../core/index.ts";
import { median, ms, percentile } from "./compare/stats.ts";
import { machineLine } from "./machine.ts";

const WIDTH = 384;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A fixed-seed generator of unit-range vectors (an LCG: the same on every run). */
export function seededVectors(seed: number, width = WIDTH): () => number[] {
  let state = seed >>> 0;
  return () =>
    Array.from({ length: width }, () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32 - 0.5;
    });
}

/** Loads `rows` into storage through batch(), 500 at a time. */
async function load(
  storage: StorageAdapter,
  rows: Iterable<Memory & { id: UUID }>,
  tableName: string,
) {
  let ops: StorageOp[] = [];
  for (const memory of rows) {
    ops.push({ op: "createMemory", tableName, memory });
    if (ops.length === 500) {
      await storage.batch(ops);
      ops = [];
    }
  }
  if (ops.length) await storage.batch(ops);
}

function* memories(count: number, roomId: UUID, entityId: UUID, embed?: () => number[]) {
  for (let i = 0; i < count; i++) {
    yield {
      id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}` as UUID,
      entityId,
      roomId,
      content: { text: `message ${i}: the weather was fine and we talked about it`, source: "api" },
      ...(embed ? { embedding: embed() } : {}),
      createdAt: 1_800_000_000_000 + i,
    } satisfies Memory;
  }
}

export async function searchLatency(sizes = [1_000, 10_000, 100_000], queries = 21) {
  const rows: string[] = [];
  for (const size of sizes) {
    const storage = createMemoryStorage({ embeddingDimension: WIDTH });
    const roomId = "10000000-0000-4000-8000-000000000001" as UUID;
    const entityId = "20000000-0000-4000-8000-000000000002" as UUID;
    const started = performance.now();
    await load(storage, memories(size, roomId, entityId, seededVectors(7)), "memories");
    const loadSeconds = (performance.now() - started) / 1000;
    const query = seededVectors(99);
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < queries; i++) {
      const embedding = query();
      const t = performance.now();
      const used = process.cpuUsage();
      const found = await storage.searchMemories({
        tableName: "memories",
        roomId,
        embedding,
        count: 10,
      });
      const spent = process.cpuUsage(used);
      times.push(performance.now() - t);
      cpu.push((spent.user + spent.system) / 1000);
      if (found.length !== 10) throw new Error(`search found ${found.length} of 10`);
    }
    rows.push(
      `| ${size.toLocaleString("en")} | ${loadSeconds.toFixed(1)} s | ${ms(median(times))} | ${ms(percentile(times, 90))} | ${ms(median(cpu))} |`,
    );
  }
  return [
    `searchMemories on the memory backend (width ${WIDTH}, one room, count 10; ${queries} queries; ${machineLine()})`,
    "",
    "| memories | load | search p50 | search p90 | CPU per search, p50 |",
    "|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

export async function perMessage(sizes = [10, 1_000, 10_000, 100_000], messages = 60) {
  const character = parseCharacter({ name: "Bench", bio: ["Measures the memory backend."] });
  const plan = "<response><actions>REPLY</actions><text>ok</text></response>";
  const rows: string[] = [];
  for (const size of sizes) {
    const storage = createMemoryStorage({ agentId: undefined });
    await storage.init();
    const runtime = await createAgent({
      character,
      storage,
      logger: quiet,
      plugins: [
        {
          name: "scripted",
          priority: 100,
          models: { TEXT_LARGE: async () => plan, TEXT_SMALL: async () => plan },
        },
      ],
    });
    const entityId = createUniqueUuid(runtime, "bench-user");
    const roomId = createUniqueUuid(runtime, "bench-room");
    const connection = {
      entityId,
      roomId,
      source: "api",
      type: ChannelType.API,
      userName: "bench",
    };
    const send = (text: string) =>
      messageService.handleMessage(
        runtime,
        { entityId, roomId, content: { text, source: "api", channelType: ChannelType.API } },
        undefined,
        { connection },
      );
    await send("hello"); // the room, its entity and participant
    const history = memories(size, roomId, entityId);
    await load(
      storage,
      (function* () {
        for (const m of history)
          yield { ...m, agentId: runtime.agentId, createdAt: Date.now() - size };
      })(),
      "messages",
    );
    for (let i = 0; i < 10; i++) await send(`warm-up ${i}`);
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < messages; i++) {
      const t = performance.now();
      const used = process.cpuUsage();
      await send(`message ${i}: how are you today?`);
      const spent = process.cpuUsage(used);
      times.push(performance.now() - t);
      cpu.push((spent.user + spent.system) / 1000);
    }
    rows.push(
      `| ${size.toLocaleString("en")} | ${ms(median(times))} | ${ms(percentile(times, 90))} | ${ms(median(cpu))} |`,
    );
  }
  return [
    `handleMessage on the memory backend, room already holding N messages (scripted model; ${messages} messages each; ${machineLine()})`,
    "",
    "| messages in room | per message p50 | p90 | CPU per message, p50 |",
    "|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
}

export async function benchMemoryBackend(): Promise<string> {
  return `${await searchLatency()}\n\n${await perMessage()}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(await benchMemoryBackend());
}
