// `npm run bench:pg-room-size`: what one message costs as its room grows. handleMessage on a warm
// agent (a scripted model answers at once, so the time is the pipeline and its storage), in a
// room already holding 10 / 1,000 / 10,000 / 100,000 messages, median of a few messages per
// size. A flat row is the goal: every read a message makes is an index range scan.
// Default backends: PGlite and Neon HTTP (through the local shim, PGlite underneath); others by
// name (`npm run bench:pg-room-size -- memory 10 1000`). `pgRoomSizeTable()` returns the table
// for `npm run bench`; run alone it prints it.
import { fileURLToPath } from "node:url";
import {
  ChannelType,
  characterAgentId,
  createAgent,
  createUniqueUuid,
  type Memory,
  messageService,
  type Plugin,
  parseCharacter,
  runDueTasks,
  type UUID,
} from "../../core/index.ts";
import { type BackendName, backends } from "../backends.ts";
import { median } from "../compare/stats.ts";
import { autovacuumAnalyze } from "./autovacuum.ts";
import { machineLine } from "./machine.ts";
import { writeMemories } from "./seed.ts";

export const ROOM_SIZES = [10, 1_000, 10_000, 100_000];
const TIMED = 25;
const WARMUP = 3;

const character = parseCharacter({ name: "Bench", bio: ["Answers fast."] });
const scripted: Plugin = {
  name: "scripted",
  priority: 100,
  models: {
    TEXT_LARGE: async () => "<response><actions>REPLY</actions><text>ok</text></response>",
    TEXT_SMALL: async () => "<response><action>RESPOND</action></response>",
  },
};
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

export interface RoomScaleOptions {
  backends?: BackendName[];
  sizes?: number[];
  /** Progress lines (seeding, sizes) go here; default stderr. */
  progress?: (line: string) => void;
}

/** Median ms per message, by backend and room size. */
export async function measureRoomScale(
  options: RoomScaleOptions = {},
): Promise<Record<string, Record<number, number>>> {
  const names = options.backends ?? (["pglite", "neon-http"] as BackendName[]);
  const sizes = options.sizes ?? ROOM_SIZES;
  const progress = options.progress ?? ((line: string) => process.stderr.write(`${line}\n`));
  const result: Record<string, Record<number, number>> = {};
  for (const name of names) {
    const agentId = characterAgentId(character);
    const { storage, close } = await backends[name]({ agentId });
    try {
      const runtime = await createAgent({ character, storage, plugins: [scripted], logger: quiet });
      const entityId = createUniqueUuid(runtime, "bench-user");
      const roomId = createUniqueUuid(runtime, "bench-room");
      const send = (text: string) =>
        messageService.handleMessage(
          runtime,
          { entityId, roomId, content: { text, channelType: ChannelType.API, source: "bench" } },
          undefined,
          {
            connection: { entityId, roomId, source: "bench", type: ChannelType.API, userName: "u" },
          },
        );
      // The room, its entities and participants; then enough turns that the JIT is warm
      // before the first size is timed.
      for (let i = 0; i < 20; i++) await send(`warming up ${i}`);
      result[name] = {};
      let seeded = 0;
      for (const size of sizes) {
        progress(`${name}: seeding the room to ${size} messages...`);
        // Older than anything sent now, oldest first, a user and the agent taking turns.
        const first = Date.now() - 10 * 365 * 86_400_000;
        const rows: (Memory & { id: UUID; createdAt: number })[] = [];
        for (let i = seeded; i < size; i++) {
          rows.push({
            id: crypto.randomUUID() as UUID,
            entityId: i % 2 === 0 ? entityId : agentId,
            agentId,
            roomId,
            content: { text: `seeded message ${i}`, source: "bench" },
            createdAt: first + i * 1000,
          });
        }
        await writeMemories(storage, "messages", rows, 1000);
        seeded = Math.max(seeded, size);
        // What the Node target does every TASK_INTERVAL_MS: a tick (and its housekeeping,
        // statistics on PGlite); what autovacuum does on Neon.
        await runDueTasks(runtime);
        await autovacuumAnalyze(storage);
        const times: number[] = [];
        for (let i = 0; i < WARMUP + TIMED; i++) {
          const started = performance.now();
          await send(`message ${i} at ${size}`);
          if (i >= WARMUP) times.push(performance.now() - started);
        }
        result[name][size] = median(times);
        progress(`${name} at ${size}: ${median(times).toFixed(1)} ms`);
      }
    } finally {
      await close();
    }
  }
  return result;
}

/** The markdown table: one row per backend, one column per room size. */
export async function pgRoomSizeTable(options: RoomScaleOptions = {}): Promise<string> {
  const sizes = options.sizes ?? ROOM_SIZES;
  const measured = await measureRoomScale(options);
  const lines = [
    `Per-message time (handleMessage, scripted model, warm agent, median of ${TIMED}) by messages already in the room; ${machineLine()}`,
    "",
    `| backend | ${sizes.map((size) => size.toLocaleString("en-US")).join(" | ")} |`,
    `|---|${sizes.map(() => "---:").join("|")}|`,
  ];
  for (const [name, bySize] of Object.entries(measured)) {
    lines.push(
      `| ${name} | ${sizes.map((size) => `${bySize[size]?.toFixed(1)} ms`).join(" | ")} |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const sizes = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
  const names = args.filter((arg) => !/^\d+$/.test(arg)) as BackendName[];
  console.log(
    await pgRoomSizeTable({
      ...(names.length ? { backends: names } : {}),
      ...(sizes.length ? { sizes } : {}),
    }),
  );
}
