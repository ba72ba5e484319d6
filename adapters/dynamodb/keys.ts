// The single-table key design: every item's primary key and the four overloaded GSIs, one
// builder per access pattern. Each GSI partition-key prefix belongs to exactly one item type,
// so overloading an index never mixes types within a partition.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { UUID } from "../../core/kernel/index.ts";

export const PK = "pk";
export const SK = "sk";
/** The TTL attribute (epoch seconds), enabled on the table by create-table. */
export const TTL = "ttl";

export const GSI = ["gsi1", "gsi2", "gsi3", "gsi4"] as const;
export type GsiName = (typeof GSI)[number];
export const gsiPk = (index: GsiName) => `${index}pk`;
export const gsiSk = (index: GsiName) => `${index}sk`;

export interface Key {
  pk: string;
  sk: string;
}

/** An item's GSI memberships: only the indexes it takes part in (sparse indexes). */
export type GsiKeys = Partial<Record<GsiName, Key>>;

// DynamoDB caps a partition key at 2,048 bytes and a sort key at 1,024. Free-form strings
// (cache keys, claim keys, task names) longer than this are replaced by their SHA-256 under
// a prefix of their own, so a literal string can never collide with a hashed one.
const MAX_LITERAL_BYTES = 900;

function freeForm(prefix: string, value: string): string {
  if (utf8Bytes(value) <= MAX_LITERAL_BYTES) return `${prefix}#${value}`;
  return `${prefix}~sha256#${bytesToHex(sha256(new TextEncoder().encode(value)))}`;
}

/** `#` separates key parts, so a free-form part (a table name) has `%` and `#` escaped. */
function escapePart(value: string): string {
  return value.replaceAll("%", "%25").replaceAll("#", "%23");
}

const MAX_SAFE_DIGITS = 16;

/**
 * A number as a string that sorts like the number (integers; milliseconds in practice).
 * Negatives get "-" (before the digits) and are offset so that larger still sorts later.
 */
export function sortable(value: number): string {
  const n = Math.trunc(value);
  if (n >= 0) return String(Math.min(n, Number.MAX_SAFE_INTEGER)).padStart(MAX_SAFE_DIGITS, "0");
  const offset = Math.max(0, Number.MAX_SAFE_INTEGER + n);
  return `-${String(offset).padStart(MAX_SAFE_DIGITS, "0")}`;
}

/** Above every character of a UUID, so `prefix + HIGH` closes a range over ids. */
export const HIGH = "\uffff";

// Primary keys, one item per domain row.
export const keys = {
  agent: (id: UUID): Key => ({ pk: `AGENT#${id}`, sk: "AGENT" }),
  world: (id: UUID): Key => ({ pk: `WORLD#${id}`, sk: "WORLD" }),
  room: (id: UUID): Key => ({ pk: `ROOM#${id}`, sk: "ROOM" }),
  /** In the room's partition, so one Query lists a room's participants. */
  participant: (roomId: UUID, entityId: UUID): Key => ({
    pk: `ROOM#${roomId}`,
    sk: `PART#${entityId}`,
  }),
  entity: (id: UUID): Key => ({ pk: `ENTITY#${id}`, sk: "ENTITY" }),
  component: (id: UUID): Key => ({ pk: `COMP#${id}`, sk: "COMP" }),
  /** In the source's partition, so one Query lists an entity's outgoing relationships. */
  relationship: (sourceId: UUID, targetId: UUID): Key => ({
    pk: `REL#${sourceId}`,
    sk: `REL#${targetId}`,
  }),
  memory: (id: UUID): Key => ({ pk: `MEM#${id}`, sk: "MEM" }),
  task: (id: UUID): Key => ({ pk: `TASK#${id}`, sk: "TASK" }),
  log: (id: UUID): Key => ({ pk: `LOG#${id}`, sk: "LOG" }),
  cache: (key: string): Key => ({ pk: freeForm("CACHE", key), sk: "CACHE" }),
  claim: (key: string): Key => ({ pk: freeForm("CLAIM", key), sk: "CLAIM" }),
  embeddingDimension: (): Key => ({ pk: "META", sk: "EMBEDDING_DIMENSION" }),
};

export const PARTICIPANT_SK_PREFIX = "PART#";
export const RELATIONSHIP_SK_PREFIX = "REL#";

/** Sort key of a memory inside a scope: table, then time, then id (newest last). */
export function memorySortKey(tableName: string, createdAt: number, id: UUID): string {
  return `${escapePart(tableName)}#${sortable(createdAt)}#${id}`;
}

/** Sort-key prefix of one table inside a memory scope. */
export function memoryTablePrefix(tableName: string): string {
  return `${escapePart(tableName)}#`;
}

// GSI partitions, by access pattern.
export const partitions = {
  /** gsi1: every agent, by id. */
  agents: () => "AGENTS",
  /** gsi1: every world, by id. */
  worlds: () => "WORLDS",
  /** gsi1: a world's rooms. */
  roomsOfWorld: (worldId: UUID) => `WORLD_ROOMS#${worldId}`,
  /** gsi1: the rooms an entity takes part in (participants, reversed). */
  roomsOfEntity: (entityId: UUID) => `ENTITY_ROOMS#${entityId}`,
  /** gsi1: an entity's components, oldest first. */
  componentsOfEntity: (entityId: UUID) => `ENTITY_COMPONENTS#${entityId}`,
  /** gsi1: relationships pointing at an entity. */
  relationshipsTo: (targetId: UUID) => `REL_TO#${targetId}`,
  /** gsi1: a room's memories of every table (sort key: memorySortKey). */
  memoriesOfRoom: (roomId: UUID) => `ROOM_MEMORIES#${roomId}`,
  /** gsi1: a room's tasks. */
  tasksOfRoom: (roomId: UUID) => `ROOM_TASKS#${roomId}`,
  /** gsi1: an entity's logs, by time. */
  logsOfEntity: (entityId: UUID) => `ENTITY_LOGS#${entityId}`,
  /** gsi2: a world's memories (sort key: memorySortKey). */
  memoriesOfWorld: (worldId: UUID) => `WORLD_MEMORIES#${worldId}`,
  /** gsi2: tasks by exact name. */
  tasksNamed: (name: string) => freeForm("TASK_NAME", name),
  /** gsi3: an entity's memories (sort key: memorySortKey). */
  memoriesOfEntity: (entityId: UUID) => `ENTITY_MEMORIES#${entityId}`,
  /** gsi4: one table's memories, by time (sort key: sortable(createdAt)#id). */
  memoriesOfTable: (tableName: string) => `TABLE_MEMORIES#${escapePart(tableName)}`,
  /** gsi4: every task; the sort key puts due tasks first, by dueAt (taskScheduleKey). */
  tasks: () => "TASKS",
};

/** gsi4 sort key of a task: "D<dueAt>#id" when scheduled, "U#id" (after every D) when not. */
export function taskScheduleKey(id: UUID, dueAt: number | null | undefined): string {
  return dueAt == null ? `U#${id}` : `D${sortable(dueAt)}#${id}`;
}

/** The highest schedule key due at `now`: dueAt ≤ now. */
export function dueUntil(now: number): string {
  return `D${sortable(now)}#${HIGH}`;
}

export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
