// A room of many messages in D1 in well under a second: one INSERT ... SELECT over a recursive
// CTE per call, rows derived from their index (ids, authors, times), so every run builds the
// same database. For plan tests and benches that need 100k rows, not for behaviour tests.
import type { D1Database } from "@cloudflare/workers-types";

export interface SeedMessages {
  agentId: string;
  roomId: string;
  worldId?: string;
  /** Authors in turn: message i is written by authors[i % authors.length]. */
  authors: string[];
  count: number;
  /** createdAt of the first message; each next one is 1 ms later. */
  startAt: number;
  /** Distinguishes the ids of separate calls (hex, at most 8 digits). */
  batch: number;
  tableName?: string;
  /** Every message's embedding (JSON text), as when an embedding model is configured. */
  embedding?: number[];
}

/** Inserts `count` messages into one room; returns the createdAt of the newest. */
export async function seedRoomMessages(db: D1Database, seed: SeedMessages): Promise<number> {
  const { agentId, roomId, worldId = null, authors, count, startAt, batch } = seed;
  if (count <= 0) return startAt - 1;
  const authorList = JSON.stringify(authors);
  // SQLite's recursion runs in one statement: 100k rows take ~0.3 s in workerd's D1.
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
       INSERT INTO memories
         (id, table_name, entity_id, agent_id, room_id, world_id, content, embedding, "unique", metadata, created_at)
       SELECT printf('%08x-0000-4000-8000-%012x', ?2, i), ?3,
              json_extract(?4, '$[' || (i % json_array_length(?4)) || ']'),
              ?5, ?6, ?7, json_object('text', 'message ' || i), ?9, 0, NULL, ?8 + i
       FROM n`,
    )
    .bind(
      count,
      batch,
      seed.tableName ?? "messages",
      authorList,
      agentId,
      roomId,
      worldId,
      startAt,
      seed.embedding ? JSON.stringify(seed.embedding) : null,
    )
    .run();
  return startAt + count - 1;
}

export interface SeedMemory {
  id: string;
  tableName: string;
  entityId: string;
  agentId: string;
  roomId: string;
  text: string;
  /** Written as given (JSON text); keep decimals short, the bench sends 100k of them. */
  embedding?: number[];
  createdAt: number;
}

/** Bytes of row JSON per statement: under D1's limit on one bound string value. */
const ROWS_PARAM_BYTES = 800_000;
/** Statements per db.batch, so one request stays a few MB. */
const STATEMENTS_PER_BATCH = 8;

/**
 * Inserts rows that each carry their own values (embeddings), many per statement: the rows go
 * as one JSON array parameter that SQLite's json_each unpacks. Returns how many were written.
 */
export async function insertMemoryRows(
  db: D1Database,
  rows: Iterable<SeedMemory>,
): Promise<number> {
  const insert = db.prepare(
    `INSERT INTO memories
       (id, table_name, entity_id, agent_id, room_id, world_id, content, embedding, "unique", metadata, created_at)
     SELECT value ->> '$.id', value ->> '$.tableName', value ->> '$.entityId', value ->> '$.agentId',
            value ->> '$.roomId', NULL, json_object('text', value ->> '$.text'),
            value -> '$.embedding', 0, NULL, value ->> '$.createdAt'
     FROM json_each(?)`,
  );
  let part: string[] = [];
  let bytes = 0;
  let statements: ReturnType<typeof insert.bind>[] = [];
  let written = 0;
  const endStatement = () => {
    if (part.length === 0) return;
    statements.push(insert.bind(`[${part.join(",")}]`));
    written += part.length;
    part = [];
    bytes = 0;
  };
  const endBatch = async () => {
    endStatement();
    if (statements.length > 0) await db.batch(statements);
    statements = [];
  };
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (bytes + json.length > ROWS_PARAM_BYTES) {
      endStatement();
      if (statements.length === STATEMENTS_PER_BATCH) await endBatch();
    }
    part.push(json);
    bytes += json.length + 1;
  }
  await endBatch();
  return written;
}

/** `count` log rows of one entity, spread over `roomIds` and `types` in turn. */
export async function seedLogs(
  db: D1Database,
  seed: { entityId: string; roomIds: string[]; types: string[]; count: number; startAt: number },
): Promise<void> {
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
       INSERT INTO logs (id, entity_id, room_id, type, body, created_at)
       SELECT printf('%08x-0000-4000-8000-%012x', 4096, i), ?2,
              json_extract(?3, '$[' || (i % json_array_length(?3)) || ']'),
              json_extract(?4, '$[' || (i % json_array_length(?4)) || ']'), '{}', ?5 + i
       FROM n`,
    )
    .bind(
      seed.count,
      seed.entityId,
      JSON.stringify(seed.roomIds),
      JSON.stringify(seed.types),
      seed.startAt,
    )
    .run();
}

/** `count` tasks of one agent, spread over rooms and entities, due 1 ms apart from `startAt`. */
export async function seedTasks(
  db: D1Database,
  seed: { agentId: string; entityIds: string[]; roomIds: string[]; count: number; startAt: number },
): Promise<void> {
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
       INSERT INTO tasks (id, name, agent_id, room_id, entity_id, tags, due_at, created_at, updated_at)
       SELECT printf('%08x-0000-4000-8000-%012x', 8192, i), 'task ' || (i % 100), ?2,
              json_extract(?3, '$[' || (i % json_array_length(?3)) || ']'),
              json_extract(?4, '$[' || (i % json_array_length(?4)) || ']'),
              '["reminder"]', ?5 + i, ?5 + i, ?5 + i
       FROM n`,
    )
    .bind(
      seed.count,
      seed.agentId,
      JSON.stringify(seed.roomIds),
      JSON.stringify(seed.entityIds),
      seed.startAt,
    )
    .run();
}
