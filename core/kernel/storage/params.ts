// What the storage contract's methods take and give: query parameters, the ops of an atomic
// batch, the reads it can answer, and task leases' releases. The contract is storage.ts.
import type { Entity, Memory, Metadata, Room, Task, UUID, World } from "../types/index.ts";

export interface GetMemoriesParams {
  tableName: string;
  roomId?: UUID;
  entityId?: UUID;
  agentId?: UUID;
  worldId?: UUID;
  /** Newest first; at most this many. */
  count?: number;
  /** Skip this many of the newest (pagination). */
  offset?: number;
  unique?: boolean;
  /** createdAt bounds in ms, inclusive. */
  start?: number;
  end?: number;
}

export interface SearchMemoriesParams {
  tableName: string;
  embedding: number[];
  /** Minimum cosine similarity; default 0. */
  match_threshold?: number;
  /** At most this many, best first; default 10. */
  count?: number;
  unique?: boolean;
  roomId?: UUID;
  worldId?: UUID;
  entityId?: UUID;
  /**
   * Only this agent's memories. Defaults to the adapter's own `agentId` option, so two agents
   * sharing one database never see each other's knowledge or messages.
   */
  agentId?: UUID;
}

export interface LogParams {
  body: Metadata;
  entityId: UUID;
  roomId?: UUID;
  type: string;
  /** Names the row; a row with this id already present is kept and this write ignored. */
  id?: UUID;
}

export interface GetLogsParams {
  entityId: UUID;
  roomId?: UUID;
  type?: string;
  count?: number;
  offset?: number;
  /** Only logs created strictly before this time (ms since epoch): paging back in time. */
  before?: number;
}

export interface DeleteLogsParams {
  entityId: UUID;
  /** Logs created strictly before this time (ms since epoch) are deleted. */
  before: number;
  /** At most this many per call. */
  limit: number;
}

/** What one `sweepExpired` call deleted. */
export interface SweepReport {
  claims: number;
  cache: number;
}

export interface ClaimDueTasksParams {
  /** The clock, in ms since epoch; injected so tests and ticks agree on "now". */
  now: number;
  /** At most this many tasks. */
  limit: number;
  /** Who holds the lease (one tick). */
  owner: string;
  /** Lease length; a lease past its expiry is free to claim again. */
  leaseMs: number;
  agentId?: UUID;
}

export interface ClaimTaskParams {
  now: number;
  owner: string;
  leaseMs: number;
}

/**
 * How a run ends one leased task, in releaseTasks: without `finish`, as releaseTaskLease
 * (apply `patch`, let the lease go); with `finish`, as finishTask (delete the one-shot).
 */
export type TaskRelease =
  | { id: UUID; owner: string; patch?: Partial<Task>; finish?: false }
  | { id: UUID; owner: string; finish: true };

export interface ReleaseTasksParams {
  /** Each id at most once. */
  tasks: TaskRelease[];
  /**
   * New log rows (the runs' own) written in the same round trip. Their ids must be fresh:
   * unlike log(), a backend may write them without the insert-if-absent check (DynamoDB
   * sends them in BatchWriteItems, which take no condition).
   */
  logs?: LogParams[];
}

export interface ReleaseTasksResult {
  /** Per entry, in order: whether it held (the single call's answer). */
  held: boolean[];
  /** Why the log rows were not written, when they were not; the releases stand regardless. */
  logError?: unknown;
}

/**
 * Writes that must land together or not at all. Each backend maps a list of these onto its
 * one atomic primitive: D1 `db.batch`, a Postgres transaction, DynamoDB TransactWriteItems.
 * Upserts are insert-if-absent: they never overwrite an existing row.
 */
export type StorageOp =
  | { op: "ensureWorld"; world: World }
  | { op: "ensureRoom"; room: Room }
  | { op: "ensureEntity"; entity: Entity & { id: UUID } }
  | { op: "ensureParticipant"; entityId: UUID; roomId: UUID }
  | { op: "createMemory"; memory: Memory & { id: UUID }; tableName: string }
  | { op: "deleteMemory"; memoryId: UUID }
  | { op: "createTask"; task: Task & { id: UUID } }
  | { op: "updateTask"; id: UUID; task: Partial<Task> }
  | { op: "deleteTask"; id: UUID }
  | { op: "setCache"; key: string; value: unknown; ttlMs?: number }
  | { op: "deleteCache"; key: string };

/**
 * A read sent with a batch's writes (see `batch`): the message path's context (recent
 * messages, the room's entities) and its stale-reply check cost no round trip of their own.
 */
export type StorageRead =
  | { read: "getMemories"; params: GetMemoriesParams }
  | { read: "getEntitiesForRoom"; roomId: UUID; includeComponents?: boolean };

/** What each StorageRead gives back, in the order asked. */
export type StorageReadResult = Memory[] | Entity[];
