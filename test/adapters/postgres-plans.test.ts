// The plans PGlite (PostgreSQL 18) picks for the storage's hot queries at 100,000 rows: the
// message path's reads (a room's recent messages, the stale-reply check, the room's entities,
// memories by id), the tick's task claim and sweeps, cache and claim lookups, and the run log.
// Each must be an index (range) scan of the index made for it, with no Sort and no Seq or
// Bitmap Scan over the big table. The statements are the storage's own, recorded as it sends
// them, so the test follows the code.
//
// Plans are only as good as the planner's statistics, and PGlite has no autovacuum: without
// them a 100,000-row room looks like one row, and the planner reads all of it and sorts (the
// issue's 37.6 ms for one page). So the storage gathers them itself, at startup and on
// ticks, which is tested here first; the plans are then checked as they run.
//
// 100,000 rows per table is the issue's scale; they are written server-side with
// generate_series (a few seconds), once for the file.

import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresStorage } from "../../adapters/postgres/index.ts";
import { pgliteDriver } from "../../adapters/postgres/pglite.ts";
import { SqlStorage } from "../../adapters/sql/storage.ts";
import type { UUID } from "../../core/index.ts";
import {
  describePlan,
  type PlanNode,
  plan,
  type RecordingClient,
  recordingClient,
} from "../support/query-plans.ts";

const ROWS = 100_000;
const AGENT = "00000000-0000-4000-8000-00000000000a" as UUID;
const OTHER_AGENT = "00000000-0000-4000-8000-00000000000b" as UUID;
const ROOM = "00000000-0000-4000-8000-0000000000a1" as UUID;
const USER = "00000000-0000-4000-8000-0000000000e1" as UUID;
/** The seeded rows' clock: one second apart from here; `NOW` is after all of them. */
const EPOCH = Date.UTC(2026, 0, 1);
const NOW = EPOCH + 2 * ROWS * 1000;

let db: PGlite;
let recorder: RecordingClient;
let storage: PostgresStorage;

beforeAll(async () => {
  db = await PGlite.create({ extensions: { vector } });
  recorder = recordingClient(db);
  const driver = pgliteDriver(recorder.client, false);
  storage = new PostgresStorage(driver, { agentId: AGENT, now: () => NOW });
  await storage.init();
  await seed(db);
  recorder.take();
});

afterAll(async () => {
  await db?.close();
});

/**
 * Per table, 100,000 rows shaped like a busy agent's: one room holding 100,000 of its
 * messages (with another agent's newer rows in the same room, which the agent's reads must
 * skip without reading them), 100,000 entities and participants spread over 1,000 rooms, a run
 * log of 100,000 rows, 100,000 tasks of which 500 are due, and 100,000 claims and
 * cache rows of which the 1,000 oldest expired since the last sweep.
 */
async function seed(client: PGlite): Promise<void> {
  const id = (prefix: string, i: string) => `md5('${prefix}' || ${i})::uuid`;
  const at = (seconds: string) => `to_timestamp(${EPOCH / 1000} + ${seconds})`;
  await client.exec(`
    insert into memories (id, type, entity_id, agent_id, room_id, content, created_at)
      select ${id("m", "i")}, 'messages', case when i % 2 = 0 then '${USER}'::uuid else '${AGENT}'::uuid end,
        '${AGENT}', '${ROOM}', jsonb_build_object('text', 'message ' || i), ${at("i")}
      from generate_series(1, ${ROWS}) i;
    insert into memories (id, type, entity_id, agent_id, room_id, content, created_at)
      select ${id("o", "i")}, 'messages', '${OTHER_AGENT}', '${OTHER_AGENT}', '${ROOM}',
        '{"text": "newer, not ours"}', ${at(`${ROWS} + i`)}
      from generate_series(1, ${ROWS / 10}) i;
    insert into memories (id, type, entity_id, agent_id, room_id, content, created_at)
      select ${id("r", "i")}, 'messages', '${USER}', '${AGENT}', ${id("room", "i % 1000")},
        '{"text": "elsewhere"}', ${at("i")}
      from generate_series(1, ${ROWS}) i;
    insert into entities (id, agent_id, names, created_at)
      select ${id("e", "i")}, '${AGENT}', array['user ' || i], ${at("i")} from generate_series(1, ${ROWS}) i;
    insert into entities (id, agent_id, names, created_at) values
      ('${USER}', '${AGENT}', array['the user'], ${at("0")}), ('${AGENT}', '${AGENT}', array['agent'], ${at("0")});
    insert into participants (id, entity_id, room_id, created_at)
      select ${id("p", "i")}, ${id("e", "i")}, ${id("room", "i % 1000")}, ${at("i")} from generate_series(1, ${ROWS}) i;
    insert into participants (id, entity_id, room_id, created_at) values
      (${id("p", "'user'")}, '${USER}', '${ROOM}', ${at("0")}), (${id("p", "'agent'")}, '${AGENT}', '${ROOM}', ${at("0")});
    insert into logs (id, entity_id, room_id, type, body, created_at)
      select ${id("l", "i")}, '${AGENT}', ${id("room", "i % 1000")},
        case when i % 5 = 0 then 'action' else 'run' end, '{}', ${at("i")}
      from generate_series(1, ${ROWS}) i;
    insert into tasks (id, name, agent_id, tags, due_at, created_at, updated_at)
      select ${id("t", "i")}, 'REMIND', case when i % 4 = 0 then '${OTHER_AGENT}'::uuid else '${AGENT}'::uuid end,
        array['queue'], case when i % 20 = 0 then null else ${at(`${2 * ROWS} + (i - 500) * 60`)} end,
        ${at("i")}, ${at("i")}
      from generate_series(1, ${ROWS}) i;
    insert into claims (key, expires_at)
      select 'telegram:update:' || i, ${at(`${2 * ROWS} + i - 1000`)} from generate_series(1, ${ROWS}) i;
    insert into cache (key, value, expires_at, created_at)
      select 'cache:' || i, '{"v": 1}', ${at(`${2 * ROWS} + i - 1000`)}, ${at("i")}
      from generate_series(1, ${ROWS}) i;
  `);
}

/** Each statement `work` sent (transaction control left out), with its plan. */
async function plansOf(
  work: () => Promise<unknown>,
): Promise<{ sql: string; nodes: PlanNode[] }[]> {
  recorder.take();
  await work();
  const sent = recorder.take().filter((s) => !/^\s*(begin|commit|rollback)/i.test(s.sql));
  const plans: { sql: string; nodes: PlanNode[] }[] = [];
  for (const statement of sent)
    plans.push({ sql: statement.sql, nodes: await plan(db, statement) });
  return plans;
}

/**
 * `work` sends one statement per entry of `indexes`, in order, and each reaches its tables
 * only through exactly the indexes listed for it (an Index Scan, an Index Only Scan, a bitmap
 * of one index, or an ON CONFLICT arbiter; one ending in "?" may be used or not): never a Seq
 * Scan, and never a Sort, so order comes from the index. `sortsOnly`: the statement fetches
 * rows by primary key and may put just those in order.
 */
async function expectIndexScans(
  work: () => Promise<unknown>,
  indexes: string[][],
  sortsOnly = false,
): Promise<void> {
  const plans = await plansOf(work);
  expect(plans.map((p) => p.sql)).toHaveLength(indexes.length);
  plans.forEach(({ sql, nodes }, i) => {
    const shown = `${sql}\n${describePlan(nodes)}`;
    for (const node of nodes.filter((n) => n.relation)) {
      expect(node.type, shown).toMatch(
        /^(Index Scan|Index Only Scan|Bitmap Heap Scan|ModifyTable)$/,
      );
    }
    const used = nodes.flatMap((n) => [...(n.index ? [n.index] : []), ...(n.arbiters ?? [])]);
    const required = indexes[i]!.filter((index) => !index.endsWith("?"));
    const optional = indexes[i]!.filter((index) => index.endsWith("?")).map((x) => x.slice(0, -1));
    for (const index of required) expect(used, shown).toContain(index);
    for (const index of used) expect([...required, ...optional], shown).toContain(index);
    const sorts = nodes.filter((n) => n.type.includes("Sort"));
    if (sortsOnly)
      expect(
        used.every((index) => index.endsWith("_pkey")),
        shown,
      ).toBe(true);
    else expect(sorts, shown).toEqual([]);
  });
}

describe(`postgres query plans at ${ROWS.toLocaleString("en-US")} rows (PGlite)`, () => {
  it("a start on a grown database gathers statistics for the tables that grew, and only those", async () => {
    // init() is what every start runs: migrations (none left to apply), then statistics.
    await storage.init();
    expect(await analyzedTables()).toEqual(
      ["cache", "claims", "entities", "logs", "memories", "participants", "tasks"].sort(),
    );
    expect(await storage.refreshStatistics()).toEqual([]);
  });

  it("a room's recent messages, as the agent reads them", () =>
    expectIndexScans(
      () => storage.getMemories({ tableName: "messages", roomId: ROOM, count: 30 }),
      [["memories_room_type_agent_created_idx"]],
    ));

  it("the stale-reply check: the room's messages since the one being answered", () =>
    expectIndexScans(
      () =>
        storage.getMemories({
          tableName: "messages",
          roomId: ROOM,
          start: NOW - 60_000,
          count: 10,
        }),
      [["memories_room_type_agent_created_idx"]],
    ));

  it("the room's entities: its participants, then each entity by id", () =>
    expectIndexScans(
      () => storage.getEntitiesForRoom(ROOM),
      [["participants_room_idx", "entities_pkey"]],
    ));

  it("memories by id (sorted newest first: only the rows the ids name)", async () => {
    const ids = (await storage.getMemories({ tableName: "messages", roomId: ROOM, count: 20 })).map(
      (m) => m.id as UUID,
    );
    await expectIndexScans(
      () => storage.getMemoriesByIds(ids, "messages"),
      [["memories_pkey"]],
      true,
    );
  });

  it("a page of the agent's messages across rooms", () =>
    expectIndexScans(
      () => storage.getMemories({ tableName: "messages", count: 50 }),
      [["memories_type_agent_created_idx"]],
    ));

  it("the tick's task claim, and the claim of one task by id", async () => {
    await expectIndexScans(
      () =>
        storage.claimDueTasks({
          now: NOW,
          limit: 25,
          owner: "tick",
          leaseMs: 60_000,
          agentId: AGENT,
        }),
      [["tasks_agent_due_idx", "tasks_pkey"]],
    );
    await expectIndexScans(
      () => storage.claimTask(md5Uuid("t", 7), { now: NOW, owner: "run", leaseMs: 60_000 }),
      [["tasks_pkey"]],
    );
  });

  it("cache and claim lookups, and the tick's bounded sweep of expired ones", async () => {
    await expectIndexScans(() => storage.getCache("cache:99999"), [["cache_pkey"]]);
    await expectIndexScans(
      () => storage.claimOnce("telegram:update:99999", 60_000),
      [["claims_pkey"]],
    );
    // The tick's sweep (sweepExpired), without the statistics check that follows it: the
    // expired keys (a range of the expiry index, at most 500), then those rows, by key or by
    // the same range, whichever the planner finds cheaper.
    await expectIndexScans(
      () => SqlStorage.prototype.sweepExpired.call(storage, NOW, 500),
      [
        ["claims_expires_idx", "claims_pkey?"],
        ["cache_expires_idx", "cache_pkey?"],
      ],
    );
  });

  it("the run log, its next page, an entity's logs of every type, and the retention sweep", async () => {
    const list = { entityId: AGENT, type: "run", count: 21 };
    await expectIndexScans(() => storage.getLogs(list), [["logs_entity_type_created_idx"]]);
    await expectIndexScans(
      () => storage.getLogs({ ...list, before: EPOCH + 50_000_000 }),
      [["logs_entity_type_created_idx"]],
    );
    await expectIndexScans(
      () => storage.getLogs({ entityId: AGENT, count: 20 }),
      [["logs_entity_created_idx"]],
    );
    await expectIndexScans(
      () => storage.deleteLogs({ entityId: AGENT, before: EPOCH + 1_000_000, limit: 500 }),
      [["logs_entity_created_idx", "logs_pkey"]],
    );
  });

  it("a tick gathers statistics again once a table grew by a tenth", async () => {
    const before = await analyzeCount("memories");
    await db.exec(`
      insert into memories (id, type, entity_id, agent_id, room_id, content, created_at)
        select md5('grown' || i)::uuid, 'messages', '${USER}', '${AGENT}', '${ROOM}', '{}', now()
        from generate_series(1, ${ROWS / 4}) i`);
    // What runDueTasks calls after the tasks: the sweep, then the statistics check.
    await storage.sweepExpired(NOW, 500);
    expect(await analyzeCount("memories")).toBe(before + 1);
    await storage.sweepExpired(NOW, 500);
    expect(await analyzeCount("memories")).toBe(before + 1);
  });
});

function md5Uuid(prefix: string, i: number): UUID {
  const hex = createHash("md5").update(`${prefix}${i}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` as UUID;
}

/** How many times `table` was analyzed, as Postgres counts it. */
async function analyzeCount(table: string): Promise<number> {
  await db.query("select pg_stat_force_next_flush()");
  const result = await db.query<{ n: number }>(
    "select analyze_count::int as n from pg_stat_user_tables where relname = $1",
    [table],
  );
  return result.rows[0]?.n ?? 0;
}

/** The tables ANALYZE has seen (reltuples is -1 until then). */
async function analyzedTables(): Promise<string[]> {
  const result = await db.query<{ name: string }>(
    `select relname as name from pg_class
     where relnamespace = 'public'::regnamespace and relkind = 'r' and reltuples >= 0 order by 1`,
  );
  return result.rows.map((row) => row.name);
}
