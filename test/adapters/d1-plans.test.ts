// D1's query plans at scale: 100k messages in each of two rooms of one agent, 60k logs, 20k
// tasks, in workerd's D1 (SQLite). Each hot read is recorded as the storage sends it, then
// its plan (EXPLAIN QUERY PLAN) and the rows D1 reads for it (meta.rows_read) are asserted:
// a range scan on the right index, no temp B-tree for ORDER BY, and a row count that does not
// grow with the room. 100k rather than fewer because SQLite, without statistics (D1 runs no
// ANALYZE for you), picks indexes by their shape alone; the rows-read bounds are what a wrong
// pick breaks (the agent index walked the other room's 100k rows for a 32-message read).
// Seeding is a few SQL statements (~2 s), once for the file.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1Storage, type D1Storage } from "../../adapters/d1/index.ts";
import {
  ChannelType,
  characterAgentId,
  createAgent,
  ModelType,
  messageService,
  parseCharacter,
  type UUID,
} from "../../core/index.ts";
import {
  explain,
  planProblems,
  type RecordedStatement,
  type RecordingD1,
  recordingD1,
  rowsRead,
} from "../support/d1-plans.ts";
import { seedLogs, seedRoomMessages, seedTasks } from "../support/d1-seed.ts";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";

const ROOM_SIZE = 100_000;
/** Seeded rows lie before the moment the file starts; turns write after them. */
const NOW = Date.now();
const character = parseCharacter({ name: "Planner", bio: ["Reads what it needs."] });
const AGENT = characterAgentId(character);
const USER = "00000000-0000-4000-8000-0000000000ee" as UUID;
/** The older room: its newest rows sit under all of NEWER's in the agent's own index. */
const QUIET = "00000000-0000-4000-8000-00000000000a" as UUID;
const NEWER = "00000000-0000-4000-8000-00000000000b" as UUID;
const BIG_TABLES = ["memories", "logs", "tasks", "participants", "entities", "components"];
const EMBEDDING = [1, 0, 0, 0];

let d1: MiniflareD1;
let recorder: RecordingD1;
let scoped: D1Storage;
let open: D1Storage;

beforeAll(async () => {
  d1 = await startMiniflareD1();
  const authors = [USER, AGENT];
  const seed = { agentId: AGENT, authors, count: ROOM_SIZE, embedding: EMBEDDING };
  await seedRoomMessages(d1.db, { ...seed, roomId: QUIET, startAt: NOW - 3 * ROOM_SIZE, batch: 1 });
  await seedRoomMessages(d1.db, { ...seed, roomId: NEWER, startAt: NOW - 2 * ROOM_SIZE, batch: 2 });
  const rooms = [QUIET, NEWER];
  await seedLogs(d1.db, {
    entityId: AGENT,
    roomIds: rooms,
    types: ["run", "run", "other"],
    count: 60_000,
    startAt: NOW - 60_000,
  });
  // 20k tasks over 100 rooms and 100 entities: QUIET and USER get 200 each.
  const many = (first: UUID) => [
    first,
    ...Array.from(
      { length: 99 },
      (_, i) => `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    ),
  ];
  await seedTasks(d1.db, {
    agentId: AGENT,
    entityIds: many(USER),
    roomIds: many(QUIET),
    count: 20_000,
    startAt: NOW - 20_000,
  });
  recorder = recordingD1(d1.db);
  const options = { embeddingDimension: EMBEDDING.length };
  scoped = createD1Storage(recorder.db, { ...options, agentId: AGENT });
  open = createD1Storage(recorder.db, options);
});

afterAll(async () => {
  await d1?.dispose();
});

interface Observed {
  statement: RecordedStatement;
  plan: string[];
  rowsRead: number | undefined;
}

/** Runs `work` and returns each statement it sent with its plan and the rows it reads. */
async function observe(work: () => Promise<unknown>): Promise<Observed[]> {
  recorder.take();
  await work();
  const observed: Observed[] = [];
  for (const statement of recorder.take()) {
    observed.push({
      statement,
      plan: await explain(d1.db, statement),
      rowsRead: await rowsRead(d1.db, statement),
    });
  }
  return observed;
}

/**
 * The one statement `work` sends, checked to be an index range scan reading at most `maxRows`
 * rows (plus the index entry that ends a range, which D1 counts as read).
 */
async function rangeScan(work: () => Promise<unknown>, index: string, maxRows: number) {
  const [only, ...rest] = await observe(work);
  expect(rest).toEqual([]);
  expect(only!.plan[0]).toMatch(new RegExp(`^SEARCH \\w+ USING (COVERING )?INDEX ${index} \\(`));
  expect(planProblems(only!.plan, BIG_TABLES)).toEqual([]);
  expect(only!.rowsRead).toBeLessThanOrEqual(maxRows + 1);
  return only!;
}

const ROOM_INDEX = "memories_room_table_created_idx";

describe("a room's reads at 100k messages walk the room's index", () => {
  for (const [name, store] of [
    ["scoped to the agent", () => scoped],
    ["unscoped", () => open],
  ] as const) {
    describe(name, () => {
      it("reads the newest messages of a room that other rooms outpaced", async () => {
        const read = () => store().getMemories({ tableName: "messages", roomId: QUIET, count: 32 });
        await rangeScan(read, ROOM_INDEX, 32);
        expect((await read()).map((m) => m.roomId)).toEqual(Array(32).fill(QUIET));
      });

      it("pages with an offset", async () => {
        const read = () =>
          store().getMemories({ tableName: "messages", roomId: QUIET, count: 20, offset: 40 });
        await rangeScan(read, ROOM_INDEX, 60);
      });

      it("answers the stale-reply check from the newest rows after a time", async () => {
        const start = NOW - 2 * ROOM_SIZE - 5;
        const read = () =>
          store().getMemories({ tableName: "messages", roomId: QUIET, count: 10, start });
        const { plan } = await rangeScan(read, ROOM_INDEX, 10);
        expect(plan[0]).toContain("created_at>?");
      });

      it("filters unique memories on the room's rows", async () => {
        const read = () =>
          store().getMemories({ tableName: "facts", roomId: QUIET, count: 30, unique: true });
        await rangeScan(read, ROOM_INDEX, 30);
      });

      it("scores the newest SEARCH_CANDIDATES embedded rows of the room, and no more", async () => {
        const [candidates] = await observe(() =>
          store().searchMemories({ tableName: "messages", roomId: QUIET, embedding: EMBEDDING }),
        );
        expect(candidates!.plan[0]).toMatch(new RegExp(`USING INDEX ${ROOM_INDEX} \\(`));
        expect(planProblems(candidates!.plan, BIG_TABLES)).toEqual([]);
        expect(candidates!.rowsRead).toBeLessThanOrEqual(1_000);
      });
    });
  }

  it("reads each room's newest for getMemoriesByRoomIds, not each room's history", async () => {
    const observed = await observe(() =>
      scoped.getMemoriesByRoomIds({ tableName: "messages", roomIds: [QUIET, NEWER], limit: 20 }),
    );
    expect(observed).toHaveLength(1);
    const [{ plan, rowsRead: read }] = observed as [Observed];
    expect(plan.filter((line) => line.startsWith("SEARCH memories USING INDEX"))).toEqual([
      `SEARCH memories USING INDEX ${ROOM_INDEX} (room_id=? AND table_name=?)`,
      "SEARCH memories USING INDEX sqlite_autoindex_memories_1 (id=?)",
      `SEARCH memories USING INDEX ${ROOM_INDEX} (room_id=? AND table_name=?)`,
      "SEARCH memories USING INDEX sqlite_autoindex_memories_1 (id=?)",
    ]);
    expect(plan.some((line) => line.startsWith("SCAN"))).toBe(false);
    // Two rooms' newest 20, each found and then fetched: the final sort is of those 40 rows.
    expect(read).toBeLessThanOrEqual(4 * 20 * 2);
    const merged = await scoped.getMemoriesByRoomIds({
      tableName: "messages",
      roomIds: [QUIET, NEWER],
      limit: 20,
    });
    expect(merged.map((m) => m.roomId)).toEqual(Array(20).fill(NEWER));
  });

  it("counts a room's messages on the room's index", async () => {
    await rangeScan(
      () => scoped.countMemories(QUIET, false, "messages"),
      ROOM_INDEX,
      ROOM_SIZE + 1,
    );
  });

  it("fetches memories by id through the primary key, whatever else is asked", async () => {
    const ids = ["00000001-0000-4000-8000-000000000007", "00000002-0000-4000-8000-000000000009"];
    for (const tableName of [undefined, "messages"]) {
      const [read] = await observe(() => scoped.getMemoriesByIds(ids as UUID[], tableName));
      expect(read!.plan[0]).toBe("SEARCH memories USING INDEX sqlite_autoindex_memories_1 (id=?)");
      // The ORDER BY sorts the rows found, at most one per id.
      expect(read!.rowsRead).toBeLessThanOrEqual(3 * ids.length);
    }
  });
});

describe("tasks, logs, cache and claims at scale", () => {
  it("lists a room's and an entity's reminders on their own indexes", async () => {
    const tags = ["reminder"];
    // The tag test is JSON (json_each): it runs on the rows the index yields, oldest first.
    const byRoom = () => scoped.getTasks({ roomId: QUIET, tags });
    await rangeScan(byRoom, "tasks_room_created_idx", 200);
    expect(await byRoom()).toHaveLength(200);
    const byEntity = () => scoped.getTasks({ entityId: USER, tags });
    await rangeScan(byEntity, "tasks_entity_created_idx", 200);
    await rangeScan(() => scoped.getTasksByName("task 7"), "tasks_name_created_idx", 200);
  });

  it("claims due tasks from the due-time index", async () => {
    const [claim] = await observe(() =>
      scoped.claimDueTasks({ now: NOW - 19_990, limit: 5, owner: "o", leaseMs: 60_000 }),
    );
    expect(claim!.plan).toContain("SEARCH tasks USING INDEX tasks_due_idx (due_at<?)");
    expect(planProblems(claim!.plan, BIG_TABLES)).toEqual([]);
  });

  it("lists the agent's runs, and a room's, without walking other logs", async () => {
    const runs = { entityId: AGENT, type: "run", count: 21 };
    await rangeScan(() => scoped.getLogs(runs), "logs_entity_type_created_idx", 21);
    await rangeScan(
      () => scoped.getLogs({ ...runs, before: NOW - 30_000 }),
      "logs_entity_type_created_idx",
      21,
    );
    // A room's logs are mostly runs: walking the room newest first finds 21 in ~32 rows.
    await rangeScan(() => scoped.getLogs({ ...runs, roomId: QUIET }), "logs_room_created_idx", 40);
    await rangeScan(
      () => scoped.getLogs({ entityId: AGENT, count: 21 }),
      "logs_entity_created_idx",
      21,
    );
    const [sweep] = await observe(() =>
      scoped.deleteLogs({ entityId: AGENT, before: NOW - 59_000, limit: 50 }),
    );
    expect(sweep!.plan).toContain(
      "SEARCH logs USING INDEX logs_entity_created_idx (entity_id=? AND created_at<?)",
    );
  });

  it("looks cache entries and claims up by key, and sweeps by expiry", async () => {
    await rangeScan(() => scoped.getCache("k"), "sqlite_autoindex_cache_1", 1);
    const statements = await observe(() => scoped.sweepExpired(NOW, 100));
    for (const { plan } of statements) {
      expect(plan.some((line) => /USING INDEX (claims|cache)_expires_idx/.test(line))).toBe(true);
      expect(planProblems(plan, ["claims", "cache"])).toEqual([]);
    }
  });
});

describe("a whole message turn at 100k messages", () => {
  it("reads a bounded number of rows, whatever the room's size", async () => {
    const runtime = await createAgent({
      character,
      storage: scoped,
      env: { EMBEDDING_DIMENSION: String(EMBEDDING.length) },
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      plugins: [
        {
          name: "instant-model",
          priority: 100,
          models: {
            [ModelType.TEXT_LARGE]: async () =>
              "<response><actions>REPLY</actions><text>ok</text></response>",
            [ModelType.TEXT_SMALL]: async () => "<response><action>RESPOND</action></response>",
            [ModelType.TEXT_EMBEDDING]: async () => EMBEDDING,
          },
        },
      ],
    });
    const roomId = QUIET;
    const send = (text: string) =>
      messageService.handleMessage(
        runtime,
        { entityId: USER, roomId, content: { text, channelType: ChannelType.API, source: "t" } },
        undefined,
        {
          connection: { entityId: USER, roomId, source: "t", type: ChannelType.API, userName: "u" },
        },
      );
    await send("first, which creates the room's rows");
    const turn = await observe(() => send("how are you?"));
    const reads = turn.filter((o) => o.rowsRead !== undefined);
    expect(reads.length).toBeGreaterThan(0);
    // No statement scans a table that grows with traffic (each listed with its SQL).
    const scans = turn.flatMap(({ statement, plan }) =>
      plan
        .filter((line) => /^SCAN (\w+)/.test(line) && BIG_TABLES.includes(line.split(" ")[1]!))
        .map((line) => `${line} <- ${statement.sql}`),
    );
    expect(scans).toEqual([]);
    // The relevant-messages search scores up to SEARCH_CANDIDATES rows; everything else in a
    // turn is a few dozen rows. Before the room-first plans this was over 100,000.
    const total = reads.reduce((sum, o) => sum + (o.rowsRead ?? 0), 0);
    expect(total).toBeLessThanOrEqual(2 * 1_000 + 500);
  });
});
