// `npm run bench:room-size`: per-message overhead as a room grows, on every backend: memory,
// PGlite, Neon HTTP (through the local shim), D1 (workerd's, through Miniflare) and DynamoDB
// Local. One handleMessage with a model that answers at once, in a
// room of 10 / 1k / 10k / 100k messages; the agent's other conversation holds as many
// messages again, written after the measured room's, so a read that is keyed on the agent
// rather than on the room pays for them. Storage scoped to the agent, as the targets build it.
// Each size gets a fresh database; seeding is bulk (one SQL statement on D1, BatchWriteItem on
// DynamoDB, multi-row INSERTs on Postgres) and its time is printed.
//
//   npm run bench:room-size [-- backend ...] [size ...]
import { pathToFileURL } from "node:url";
import { createD1Storage } from "../adapters/d1/index.ts";
import { createDynamoStorage } from "../adapters/dynamodb/index.ts";
import {
  ChannelType,
  characterAgentId,
  createAgent,
  createUniqueUuid,
  messageService,
  type Plugin,
  parseCharacter,
  type StorageAdapter,
  type UUID,
} from "../core/index.ts";
import { recordingD1, rowsRead } from "../test/support/d1-plans.ts";
import { seedRoomMessages } from "../test/support/d1-seed.ts";
import { localClient, startDynamoDbLocal } from "../test/support/dynamodb-local.ts";
import { recordingDynamo } from "../test/support/dynamodb-reads.ts";
import { seedDynamoMemories } from "../test/support/dynamodb-seed.ts";
import { startMiniflareD1 } from "../test/support/miniflare-d1.ts";
import { backends } from "./backends.ts";
import { median, percentile } from "./compare/stats.ts";
import { machineLine } from "./machine.ts";
import { cpuClock } from "./proc-cpu.ts";
import { autovacuumAnalyze } from "./scale/autovacuum.ts";
import { writeMemories } from "./scale/seed.ts";

export const ROOM_SIZES = [10, 1_000, 10_000, 100_000];
const MESSAGES = 30;
const WARMUP = 3;

const character = parseCharacter({ name: "Bench", bio: ["Answers at once."] });
const agentId = characterAgentId(character);
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const model: Plugin = {
  name: "instant-model",
  priority: 100,
  models: {
    TEXT_LARGE: async () => "<response><actions>REPLY</actions><text>ok</text></response>",
    TEXT_SMALL: async () => "<response><action>RESPOND</action></response>",
  },
};

interface Seeding {
  roomId: UUID;
  authors: UUID[];
  count: number;
  startAt: number;
  batch: number;
}

interface Opened {
  storage: StorageAdapter;
  seed(rooms: Seeding[]): Promise<void>;
  /**
   * Rows the database read for what `work` sent: D1's rows_read of each SELECT (run again
   * after), DynamoDB's ScannedCount of each Query. A count, so it does not wobble with load.
   */
  rowsRead(work: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

export type RoomSizeBackend = "memory" | "pglite" | "neon-http" | "d1" | "dynamodb";

/**
 * Memory and Postgres are seeded through the storage itself: the contract's batches on memory,
 * multi-row INSERTs on Postgres (scale/seed.ts); then what a deployed agent's database does
 * after growth (a tick's statistics on PGlite, autovacuum on Neon). Rows read are not counted.
 */
function throughStorage(name: "memory" | "pglite" | "neon-http") {
  return async (): Promise<Opened> => {
    const { storage, close } = await backends[name]({ agentId });
    return {
      storage,
      async seed(rooms) {
        for (const room of rooms)
          await writeMemories(storage, "messages", [...messages(room)], 1000);
        await autovacuumAnalyze(storage);
      },
      async rowsRead(work) {
        await work();
        return Number.NaN;
      },
      close,
    };
  };
}

const open: Record<RoomSizeBackend, () => Promise<Opened>> = {
  memory: throughStorage("memory"),
  pglite: throughStorage("pglite"),
  "neon-http": throughStorage("neon-http"),
  async d1() {
    const mf = await startMiniflareD1();
    const recorder = recordingD1(mf.db);
    return {
      storage: createD1Storage(recorder.db, { agentId }),
      async seed(rooms) {
        for (const room of rooms) await seedRoomMessages(mf.db, { ...room, agentId });
      },
      async rowsRead(work) {
        recorder.take();
        await work();
        let total = 0;
        for (const statement of recorder.take()) total += (await rowsRead(mf.db, statement)) ?? 0;
        return total;
      },
      close: () => mf.dispose(),
    };
  },
  async dynamodb() {
    const local = await startDynamoDbLocal();
    const client = localClient(local.endpoint);
    const recorder = recordingDynamo(client);
    const storage = createDynamoStorage({ tableName: "bench", client, createTable: true, agentId });
    await storage.init();
    return {
      storage,
      async seed(rooms) {
        for (const room of rooms) await seedDynamoMemories(client, "bench", messages(room));
      },
      async rowsRead(work) {
        recorder.take();
        await work();
        return recorder.take().reduce((sum, request) => sum + (request.scanned ?? 0), 0);
      },
      async close() {
        await storage.close();
        client.destroy();
        await local.stop();
      },
    };
  },
};

/** The same rows seedRoomMessages writes into D1, for DynamoDB. */
function* messages({ roomId, authors, count, startAt, batch }: Seeding) {
  for (let i = 0; i < count; i++) {
    yield {
      id: seededId(batch, i),
      entityId: authors[i % authors.length]!,
      agentId,
      roomId,
      content: { text: `message ${i}` },
      createdAt: startAt + i,
    };
  }
}

function seededId(batch: number, i: number): UUID {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
  return `${hex(batch, 8)}-0000-4000-8000-${hex(i, 12)}` as UUID;
}

export interface RoomSizeRow {
  backend: RoomSizeBackend;
  size: number;
  setupSeconds: number;
  medianMs: number;
  p90Ms: number;
  /** CPU per measured message, this process and its children (workerd, java) together. */
  cpuPerMessageMs: number;
  /** The clock per measured message over the same span. */
  wallPerMessageMs: number;
  rowsRead: number;
  quietRowsRead: number;
}

/** One backend at one room size. */
export async function measureRoomSize(
  backend: RoomSizeBackend,
  size: number,
): Promise<RoomSizeRow> {
  const opened = await open[backend]();
  try {
    const runtime = await createAgent({
      character,
      storage: opened.storage,
      env: {},
      plugins: [model],
      logger: quiet,
    });
    const entityId = createUniqueUuid(runtime, "bench-user");
    const roomId = createUniqueUuid(runtime, "bench-room");
    const otherRoomId = createUniqueUuid(runtime, "bench-other-room");
    const send = (text: string) =>
      messageService.handleMessage(
        runtime,
        { entityId, roomId, content: { text, channelType: ChannelType.API, source: "bench" } },
        undefined,
        {
          connection: { entityId, roomId, source: "bench", type: ChannelType.API, userName: "u" },
        },
      );
    await send("hello"); // the room, its world and participants, as a first message makes them
    const now = Date.now();
    const authors = [entityId, agentId];
    const started = performance.now();
    await opened.seed([
      { roomId, authors, count: size, startAt: now - 2 * size - 1_000, batch: 1 },
      { roomId: otherRoomId, authors, count: size, startAt: now - size - 1_000, batch: 2 },
    ]);
    const setupSeconds = (performance.now() - started) / 1000;
    // The room's first message since the agent's other room got its messages: a read keyed on
    // the agent walks all of those before it finds this room's.
    const quietRowsRead = await opened.rowsRead(() => send("back after a while"));
    for (let i = 0; i < WARMUP; i++) await send(`warm-up message ${i}`);
    const times: number[] = [];
    const clock = cpuClock();
    for (let i = 0; i < MESSAGES; i++) {
      const t = performance.now();
      await send(`message ${i}`);
      times.push(performance.now() - t);
    }
    const spent = clock();
    const rowsRead = await opened.rowsRead(() => send("counted"));
    return {
      backend,
      size,
      setupSeconds,
      medianMs: median(times),
      p90Ms: percentile(times, 90),
      cpuPerMessageMs: spent.cpuMs / MESSAGES,
      wallPerMessageMs: spent.wallMs / MESSAGES,
      rowsRead,
      quietRowsRead,
    };
  } finally {
    await opened.close();
  }
}

/** Measures each backend at each size (`sizes`/`backends` narrow the run). */
export async function measureRoomSizes(
  options: { sizes?: number[]; backends?: RoomSizeBackend[] } = {},
): Promise<RoomSizeRow[]> {
  const sizes = options.sizes ?? ROOM_SIZES;
  const backends = options.backends ?? (Object.keys(open) as RoomSizeBackend[]);
  const rows: RoomSizeRow[] = [];
  for (const backend of backends) {
    for (const size of sizes) {
      console.error(`room-size: ${backend}, ${size} messages...`);
      rows.push(await measureRoomSize(backend, size));
    }
  }
  return rows;
}

const count = (n: number) => (Number.isNaN(n) ? "—" : n.toLocaleString("en"));

/** The rows as markdown, with the machine line. */
export function roomSizeMarkdown(rows: RoomSizeRow[]): string {
  const lines = [
    `Per-message overhead by room size (handleMessage, instant model, median of ${MESSAGES}) — ${machineLine()}`,
    "",
    "| backend | messages in the room (+ as many in another room) | setup s | median ms | p90 ms | CPU per message ms (clock) | rows read a message | rows read, first message after the other room's |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${r.size.toLocaleString("en")} | ${r.setupSeconds.toFixed(1)} | ${r.medianMs.toFixed(1)} | ${r.p90Ms.toFixed(1)} | ${r.cpuPerMessageMs.toFixed(1)} (${r.wallPerMessageMs.toFixed(1)}) | ${count(r.rowsRead)} | ${count(r.quietRowsRead)} |`,
    ),
    "",
    "CPU: this process and its children (workerd for D1, DynamoDB Local's java) over the measured messages; on D1, DynamoDB and Neon it includes the local stand-in's own work, which a cloud database does elsewhere. Rows read: D1's rows_read of the message's SELECTs; DynamoDB's ScannedCount of its Queries (GetItem and BatchGetItem reads not counted); not counted on memory and Postgres. The last column is the room's first message after the other room's were written, when the room's own newest rows are older than all of them.",
  ];
  return lines.join("\n");
}

/** The table as markdown, with the machine line; `sizes`/`backends` narrow the run. */
export async function roomSizeTable(
  options: { sizes?: number[]; backends?: RoomSizeBackend[] } = {},
): Promise<string> {
  return roomSizeMarkdown(await measureRoomSizes(options));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const names = Object.keys(open);
  const chosen = args.filter((a): a is RoomSizeBackend => names.includes(a));
  const sizes = args.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  console.log(
    await roomSizeTable({
      ...(chosen.length ? { backends: chosen } : {}),
      ...(sizes.length ? { sizes } : {}),
    }),
  );
}
