// The storage contract. Core defines it; every backend in adapters/ implements it and passes
// the conformance suite in test/storage/. Method groups follow elizaOS's IDatabaseAdapter;
// claimOnce, task leases and batch are what serverless needs on top.

import type {
  Agent,
  Component,
  Entity,
  Log,
  Memory,
  Metadata,
  Participant,
  ParticipantState,
  Relationship,
  Room,
  Task,
  UUID,
  World,
} from "../types/index.ts";
import type {
  ClaimDueTasksParams,
  ClaimTaskParams,
  DeleteLogsParams,
  GetLogsParams,
  GetMemoriesParams,
  LogParams,
  ReleaseTasksParams,
  ReleaseTasksResult,
  SearchMemoriesParams,
  StorageOp,
  StorageRead,
  StorageReadResult,
  SweepReport,
} from "./params.ts";

export type * from "./params.ts";

export type StorageErrorCode =
  /** An embedding's width differs from the pinned EMBEDDING_DIMENSION. */
  | "EMBEDDING_DIMENSION_MISMATCH"
  /** A row is larger than the backend can hold (D1 1 MB, DynamoDB 400 KB). */
  | "TOO_LARGE"
  /** A batch breaks a backend rule (too many actions, the same item twice). */
  | "INVALID_BATCH"
  /** A create hit an existing id. */
  | "CONFLICT"
  /**
   * The backend refused a value as invalid (Postgres SQLSTATE class 22, a DynamoDB
   * ValidationException, SQLite's datatype errors): the request is at fault, so 400, never
   * 503, which would make a platform redeliver it for a day.
   */
  | "INVALID_INPUT"
  /** The backend is unreachable or failed; callers answer 503 so the platform retries. */
  | "UNAVAILABLE";

/** The one error type adapters throw for conditions a caller can act on. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;
  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageError";
    this.code = code;
  }
}

export interface StorageAdapter {
  /** "memory", "d1", "pglite", "neon-http", "neon-ws", "postgres", "dynamodb". */
  readonly kind: string;
  /**
   * The backend's drizzle database, for elizaOS plugins that query their own tables through
   * `runtime.db`. Absent where there is no drizzle dialect (memory, DynamoDB).
   */
  readonly drizzle?: unknown;
  /**
   * Creates the tables elizaOS plugins declare in `schema` (drizzle table objects),
   * idempotently. Backends that cannot hold them throw, naming the plugin.
   */
  runPluginMigrations?(
    plugins: { name: string; schema?: Record<string, unknown> }[],
  ): Promise<void>;
  /** Creates tables if the backend owns its schema; idempotent. */
  init(): Promise<void>;
  close(): Promise<void>;
  /** Pins the embedding width; vectors of another width are rejected with a StorageError. */
  ensureEmbeddingDimension(dimension: number): Promise<void>;
  /**
   * One cheap round trip to the backend (readiness): resolves when it answers, throws a
   * StorageError UNAVAILABLE when it does not.
   */
  ping(): Promise<void>;

  // agents
  getAgent(agentId: UUID): Promise<Agent | null>;
  getAgents(): Promise<Agent[]>;
  /** False for a duplicate id; update and delete return false for an unknown one. */
  createAgent(agent: Agent): Promise<boolean>;
  updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean>;
  deleteAgent(agentId: UUID): Promise<boolean>;

  // entities and components
  getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]>;
  getEntitiesForRoom(roomId: UUID, includeComponents?: boolean): Promise<Entity[]>;
  createEntities(entities: Entity[]): Promise<boolean>;
  updateEntity(entity: Entity): Promise<void>;
  getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null>;
  getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]>;
  createComponent(component: Component): Promise<boolean>;
  updateComponent(component: Component): Promise<void>;
  deleteComponent(componentId: UUID): Promise<void>;

  // memories. An adapter given an `agentId` option reads only that agent's memories in
  // getMemories, getMemoriesByRoomIds, searchMemories and countMemories (a params.agentId
  // wins); without the option, reads span every agent.
  getMemories(params: GetMemoriesParams): Promise<Memory[]>;
  getMemoryById(id: UUID): Promise<Memory | null>;
  getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]>;
  /** Newest first. */
  getMemoriesByRoomIds(params: {
    tableName: string;
    roomIds: UUID[];
    limit?: number;
  }): Promise<Memory[]>;
  searchMemories(params: SearchMemoriesParams): Promise<Memory[]>;
  /** Returns the id (generated when absent). An existing id throws CONFLICT, in a batch too. */
  createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID>;
  updateMemory(memory: Partial<Memory> & { id: UUID }): Promise<boolean>;
  deleteMemory(memoryId: UUID): Promise<void>;
  deleteManyMemories(memoryIds: UUID[]): Promise<void>;
  deleteAllMemories(roomId: UUID, tableName: string): Promise<void>;
  /** No tableName counts every table; `unique` defaults to false. */
  countMemories(roomId: UUID, unique?: boolean, tableName?: string): Promise<number>;

  // worlds and rooms
  createWorld(world: World): Promise<UUID>;
  getWorld(id: UUID): Promise<World | null>;
  getAllWorlds(): Promise<World[]>;
  updateWorld(world: World): Promise<void>;
  removeWorld(id: UUID): Promise<void>;
  getRoomsByIds(roomIds: UUID[]): Promise<Room[]>;
  getRoomsByWorld(worldId: UUID): Promise<Room[]>;
  createRooms(rooms: Room[]): Promise<UUID[]>;
  updateRoom(room: Room): Promise<void>;
  /** Removes the room with its memories and participants. */
  deleteRoom(roomId: UUID): Promise<void>;
  deleteRoomsByWorldId(worldId: UUID): Promise<void>;

  // participants
  getRoomsForParticipant(entityId: UUID): Promise<UUID[]>;
  getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]>;
  getParticipantsForEntity(entityId: UUID): Promise<Participant[]>;
  getParticipantsForRoom(roomId: UUID): Promise<UUID[]>;
  isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean>;
  addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean>;
  /** Whether a participant was there. */
  removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean>;
  getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState>;
  setParticipantUserState(roomId: UUID, entityId: UUID, state: ParticipantState): Promise<void>;

  // relationships
  /** The relationship's agentId is the adapter's (its `agentId` option). */
  createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean>;
  updateRelationship(relationship: Relationship): Promise<void>;
  getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null>;
  /** Relationships where the entity is source or target, optionally having any of the tags. */
  getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]>;

  // cache; an entry counts as expired when now >= its expiry, and an expired entry reads as
  // undefined even before the backend deletes it. Cache keys and claimOnce keys are separate.
  getCache<T>(key: string): Promise<T | undefined>;
  setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean>;
  deleteCache(key: string): Promise<boolean>;

  // logs
  /**
   * Writes one log row. With `id` the row is named by the caller (a run's log is named by its
   * run id) and written insert-if-absent: a second write with the same id is ignored.
   */
  log(params: LogParams): Promise<void>;
  /** Newest first (`createdAt`, then the later write first). */
  getLogs(params: GetLogsParams): Promise<Log[]>;
  /** One log by id, or null. */
  getLog(id: UUID): Promise<Log | null>;
  deleteLog(logId: UUID): Promise<void>;
  /**
   * Deletes the entity's logs created before `before` (ms), oldest first, at most `limit` of
   * them per call, and returns how many it deleted: the retention sweep, bounded like
   * sweepExpired so a backlog is cleared over several ticks.
   */
  deleteLogs(params: DeleteLogsParams): Promise<number>;

  // tasks
  createTask(task: Task): Promise<UUID>;
  /** Every listed tag must be present, matched exactly (elizaOS semantics). */
  getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]>;
  getTask(id: UUID): Promise<Task | null>;
  getTasksByName(name: string): Promise<Task[]>;
  updateTask(id: UUID, task: Partial<Task>): Promise<void>;
  deleteTask(id: UUID): Promise<void>;

  // serverless primitives
  /**
   * Atomic first-writer-wins: true for exactly one caller per key until ttlMs passes.
   * Webhook dedupe (Telegram update_id, Discord interaction id) and cron occurrences.
   */
  claimOnce(key: string, ttlMs: number, now?: number): Promise<boolean>;
  /**
   * Claims up to `limit` tasks with `dueAt <= now` whose lease is absent or expired, setting
   * `leaseOwner`/`leaseExpiresAt` atomically, so concurrent callers never get the same task.
   * Oldest `dueAt` first.
   */
  claimDueTasks(params: ClaimDueTasksParams): Promise<Task[]>;
  /**
   * Leases one task by id, due or not (elizaOS's executeTaskById runs it now), if its lease
   * is absent or expired at `now`; the same atomic condition as claimDueTasks, so a manual
   * run and a tick, or two manual runs, never both get it. Null when held or gone.
   */
  claimTask(id: UUID, params: ClaimTaskParams): Promise<Task | null>;
  /**
   * Clears the lease and applies `patch`, only if `owner` still holds it. False when the
   * lease was lost (expired and taken by another tick), so the caller must not record.
   * A pause or a delete issued during the run wins: on a task whose stored
   * `metadata.paused` is true the owner's lease is cleared but the patch is not applied
   * (false), and a deleted task is never written again (false).
   */
  releaseTaskLease(id: UUID, owner: string, patch?: Partial<Task>): Promise<boolean>;
  /**
   * Deletes a one-shot task whose run is done, in one atomic step with the lease check: only
   * while `owner` still holds the lease, so nothing (a manual run by id above all, which may
   * lease a task that is not due) can take the task between the end of the run and the delete.
   * A pause issued during the run wins as in releaseTaskLease: the task stays, the lease is let
   * go, and the answer is false; false too when the lease was lost or the task is gone.
   */
  finishTask(id: UUID, owner: string): Promise<boolean>;
  /**
   * releaseTaskLease and finishTask for many tasks in one round trip (on DynamoDB, one round
   * of parallel conditional writes), with log rows alongside: how a tick ends the tasks it ran.
   * Each entry is decided on its own, under exactly the condition of its single call (the
   * owner's lease; a pause or delete during the run wins), and `held` gives each answer; the
   * entries are not atomic with one another. A log row that cannot be written never stops a
   * release: the releases land and `logError` says why the rows did not. A repeated id is
   * INVALID_BATCH.
   */
  releaseTasks(params: ReleaseTasksParams): Promise<ReleaseTasksResult>;
  /** The tasks with these ids, in no particular order; ids not found are left out. */
  getTasksByIds(ids: UUID[]): Promise<Task[]>;
  /**
   * Applies all ops atomically, in order: all land or none do. Then answers `reads`, as the
   * read methods of the same names would, seeing the ops' writes; in the same round trip where
   * the backend can send reads with writes (D1's and Neon HTTP's batch, a transaction). When
   * the ops fail the batch fails and no read is answered. Returns one result per read, in order.
   */
  batch(ops: StorageOp[], reads?: readonly StorageRead[]): Promise<StorageReadResult[]>;
  /**
   * Deletes claims and cache entries expired at `now` (expiry <= now), at most `limit` of each
   * per call, so a large backlog is cleared over several ticks without one long statement.
   * Backends whose TTL deletes by itself (DynamoDB) may delete nothing and report 0.
   */
  sweepExpired(now: number, limit: number): Promise<SweepReport>;
}

/** A read answered through the storage's own read method of the same name. */
export function answerRead(storage: StorageAdapter, read: StorageRead): Promise<StorageReadResult> {
  return read.read === "getMemories"
    ? storage.getMemories(read.params)
    : storage.getEntitiesForRoom(read.roomId, read.includeComponents);
}
