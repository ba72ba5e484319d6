// The in-memory backend: tests and ALLOW_NO_DATABASE runs. Every method does its work
// synchronously before its promise settles, so a check and the write that depends on it can
// never interleave with another caller: claimOnce, leases and batch are atomic for free.
import {
  type ClaimDueTasksParams,
  type ClaimTaskParams,
  type DeleteLogsParams,
  type GetLogsParams,
  type GetMemoriesParams,
  type LogParams,
  type SearchMemoriesParams,
  type StorageAdapter,
  StorageError,
  type StorageOp,
  type SweepReport,
} from "../../core/storage.ts";
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
} from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import {
  assertEmbeddingDimension,
  assertValidDimension,
  cosineSimilarity,
} from "../../core/vector.ts";
import { wellFormed, wellFormedDeep } from "../../core/well-formed.ts";
import {
  emptyTables,
  journaled,
  participantKey,
  relationshipKey,
  type StoredMemory,
  type Tables,
} from "./tables.ts";

export interface MemoryStorageOptions {
  /** The clock for createdAt, cache TTL and claimOnce; default Date.now. */
  now?: () => number;
  /**
   * The agent this store serves: relationships are recorded under it and memory reads see
   * only its memories. Absent: relationships get the nil UUID and reads span every agent.
   */
  agentId?: UUID;
  /** Pins the embedding width up front, as ensureEmbeddingDimension would. */
  embeddingDimension?: number;
  /** Id generator; default crypto.randomUUID. */
  generateId?: () => UUID;
}

const SWEEP_EVERY_WRITES = 1024;
const NIL_UUID = "00000000-0000-0000-0000-000000000000" as UUID;

/**
 * Values in and out are copied, so callers never share objects with the store. The copy goes
 * through JSON, as every other backend's storage does, so a test on memory sees what D1 or
 * Postgres would hand back (a Date comes back a string, undefined fields vanish, a lone
 * surrogate comes back U+FFFD: core/well-formed.ts).
 */
const copy = <T>(value: T): T =>
  value === undefined ? value : (JSON.parse(JSON.stringify(wellFormedDeep(value))) as T);

export class MemoryStorage implements StorageAdapter {
  readonly kind = "memory";
  private db: Tables = emptyTables();
  private dimension: number | undefined;
  private readonly now: () => number;
  private readonly agentId: UUID;
  /** The memory reads' default agent scope (the agentId option, when given). */
  private readonly scope: UUID | undefined;
  private readonly newId: () => UUID;
  private writesSinceSweep = 0;

  constructor(options: MemoryStorageOptions = {}) {
    this.now = options.now ?? Date.now;
    this.agentId = options.agentId ?? NIL_UUID;
    this.scope = options.agentId;
    this.newId = options.generateId ?? randomUuid;
    if (options.embeddingDimension !== undefined) {
      assertValidDimension(options.embeddingDimension);
      this.dimension = options.embeddingDimension;
    }
  }

  async init(): Promise<void> {}

  async close(): Promise<void> {}

  async ping(): Promise<void> {}

  async ensureEmbeddingDimension(dimension: number): Promise<void> {
    assertValidDimension(dimension);
    this.dimension = dimension;
  }

  // agents

  async getAgent(agentId: UUID): Promise<Agent | null> {
    const agent = this.db.agents.get(agentId);
    return agent ? copy(agent) : null;
  }

  async getAgents(): Promise<Agent[]> {
    return [...this.db.agents.values()].map(copy);
  }

  async createAgent(agent: Agent): Promise<boolean> {
    if (this.db.agents.has(agent.id)) return false;
    const now = this.now();
    this.db.agents.set(agent.id, { createdAt: now, updatedAt: now, ...copy(agent) });
    return true;
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    const current = this.db.agents.get(agentId);
    if (!current) return false;
    const patch = definedFields(copy(agent));
    this.db.agents.set(agentId, { ...current, ...patch, id: agentId, updatedAt: this.now() });
    return true;
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    return this.db.agents.delete(agentId);
  }

  // entities and components

  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    return entityIds.flatMap((id) => {
      const entity = this.db.entities.get(id);
      return entity ? [copy(entity)] : [];
    });
  }

  async getEntitiesForRoom(roomId: UUID, includeComponents = false): Promise<Entity[]> {
    const entities: Entity[] = [];
    for (const participant of this.db.participants.values()) {
      if (participant.roomId !== roomId) continue;
      const entity = this.db.entities.get(participant.entityId);
      if (!entity) continue;
      const result: Entity = copy(entity);
      if (includeComponents) {
        result.components = [...this.db.components.values()]
          .filter((c) => c.entityId === entity.id)
          .map(copy);
      }
      entities.push(result);
    }
    return entities;
  }

  async createEntities(entities: Entity[]): Promise<boolean> {
    for (const entity of entities) this.insertEntityIfAbsent(entity);
    return true;
  }

  async updateEntity(entity: Entity): Promise<void> {
    if (!entity.id || !this.db.entities.has(entity.id)) return;
    const { components: _ignored, ...row } = copy(entity);
    this.db.entities.set(entity.id, { ...row, id: entity.id });
  }

  async getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null> {
    const found = this.findComponents(entityId, worldId, sourceEntityId).find(
      (c) => c.type === type,
    );
    return found ? copy(found) : null;
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    return this.findComponents(entityId, worldId, sourceEntityId).map(copy);
  }

  async createComponent(component: Component): Promise<boolean> {
    if (this.db.components.has(component.id)) return false;
    this.db.components.set(component.id, copy(component));
    return true;
  }

  async updateComponent(component: Component): Promise<void> {
    if (!this.db.components.has(component.id)) return;
    this.db.components.set(component.id, copy(component));
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    this.db.components.delete(componentId);
  }

  // memories

  async getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    const { tableName, roomId, entityId, worldId, unique, start, end } = params;
    const agentId = params.agentId ?? this.scope;
    const wanted = (m: StoredMemory) =>
      m.tableName === tableName &&
      (roomId === undefined || m.roomId === roomId) &&
      (entityId === undefined || m.entityId === entityId) &&
      (agentId === undefined || m.agentId === agentId) &&
      (worldId === undefined || m.worldId === worldId) &&
      (!unique || m.unique) &&
      (start === undefined || m.createdAt >= start) &&
      (end === undefined || m.createdAt <= end);
    if (roomId === undefined) {
      const matches = [...this.db.memories.values()].filter(wanted);
      return newestPage(matches, params.offset, params.count).map(toMemory);
    }
    // A room's rows are kept newest-last: walk back until the page is full.
    const skip = Math.max(0, params.offset ?? 0);
    const limit = params.count === undefined ? Number.POSITIVE_INFINITY : Math.max(0, params.count);
    const page: StoredMemory[] = [];
    let seen = 0;
    for (const m of this.db.memories.newestInRoom(roomId)) {
      // Newest first: past `start` nothing older can match (isStale asks this every turn).
      if (page.length >= limit || (start !== undefined && m.createdAt < start)) break;
      if (!wanted(m)) continue;
      if (seen++ >= skip) page.push(m);
    }
    return page.map(toMemory);
  }

  async getMemoryById(id: UUID): Promise<Memory | null> {
    const memory = this.db.memories.get(id);
    return memory ? toMemory(memory) : null;
  }

  async getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    return ids.flatMap((id) => {
      const memory = this.db.memories.get(id);
      if (!memory || (tableName !== undefined && memory.tableName !== tableName)) return [];
      return [toMemory(memory)];
    });
  }

  async getMemoriesByRoomIds(params: {
    tableName: string;
    roomIds: UUID[];
    limit?: number;
  }): Promise<Memory[]> {
    const agentId = this.scope;
    const limit = params.limit === undefined ? Number.POSITIVE_INFINITY : Math.max(0, params.limit);
    // Each room gives at most `limit` of its newest matches: no room's whole history is read.
    const matches = [...new Set(params.roomIds)].flatMap((roomId) => {
      const newest: StoredMemory[] = [];
      for (const m of this.db.memories.newestInRoom(roomId)) {
        if (newest.length >= limit) break;
        if (m.tableName === params.tableName && (agentId === undefined || m.agentId === agentId)) {
          newest.push(m);
        }
      }
      return newest.reverse(); // oldest first, as newestPage breaks ties by position
    });
    return newestPage(matches, 0, params.limit).map(toMemory);
  }

  async searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    assertEmbeddingDimension(params.embedding, this.dimension);
    const threshold = params.match_threshold ?? 0;
    const agentId = params.agentId ?? this.scope;
    const scored: { memory: StoredMemory; similarity: number }[] = [];
    const candidates =
      params.roomId === undefined
        ? this.db.memories.values()
        : this.db.memories.newestInRoom(params.roomId);
    for (const m of candidates) {
      if (m.tableName !== params.tableName || !m.embedding) continue;
      if (params.roomId !== undefined && m.roomId !== params.roomId) continue;
      if (params.worldId !== undefined && m.worldId !== params.worldId) continue;
      if (params.entityId !== undefined && m.entityId !== params.entityId) continue;
      if (agentId !== undefined && m.agentId !== agentId) continue;
      if (params.unique && !m.unique) continue;
      // A row of another width (stored before the dimension changed) matches nothing.
      if (m.embedding.length !== params.embedding.length) continue;
      const similarity = cosineSimilarity(params.embedding, m.embedding);
      if (similarity >= threshold) scored.push({ memory: m, similarity });
    }
    scored.sort((a, b) => b.similarity - a.similarity);
    return scored
      .slice(0, params.count ?? 10)
      .map(({ memory, similarity }) => ({ ...toMemory(memory), similarity }));
  }

  async createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    return this.insertMemory(memory, tableName, unique);
  }

  async updateMemory(memory: Partial<Memory> & { id: UUID }): Promise<boolean> {
    const current = this.db.memories.get(memory.id);
    if (!current) return false;
    if (memory.embedding) assertEmbeddingDimension(memory.embedding, this.dimension);
    const { id: _id, similarity: _similarity, ...patch } = definedFields(copy(memory));
    this.db.memories.set(memory.id, { ...current, ...patch });
    return true;
  }

  async deleteMemory(memoryId: UUID): Promise<void> {
    this.db.memories.delete(memoryId);
  }

  async deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    for (const id of memoryIds) this.db.memories.delete(id);
  }

  async deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    for (const [id, m] of this.db.memories) {
      if (m.roomId === roomId && m.tableName === tableName) this.db.memories.delete(id);
    }
  }

  async countMemories(roomId: UUID, unique = false, tableName?: string): Promise<number> {
    let count = 0;
    for (const m of this.db.memories.values()) {
      if (m.roomId !== roomId) continue;
      if (this.scope !== undefined && m.agentId !== this.scope) continue;
      if (tableName !== undefined && m.tableName !== tableName) continue;
      if (unique && !m.unique) continue;
      count++;
    }
    return count;
  }

  // worlds and rooms

  async createWorld(world: World): Promise<UUID> {
    if (this.db.worlds.has(world.id)) {
      throw new StorageError("CONFLICT", `world ${world.id} already exists`);
    }
    this.db.worlds.set(world.id, copy(world));
    return world.id;
  }

  async getWorld(id: UUID): Promise<World | null> {
    const world = this.db.worlds.get(id);
    return world ? copy(world) : null;
  }

  async getAllWorlds(): Promise<World[]> {
    return [...this.db.worlds.values()].map(copy);
  }

  async updateWorld(world: World): Promise<void> {
    if (this.db.worlds.has(world.id)) this.db.worlds.set(world.id, copy(world));
  }

  async removeWorld(id: UUID): Promise<void> {
    this.db.worlds.delete(id);
  }

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    return roomIds.flatMap((id) => {
      const room = this.db.rooms.get(id);
      return room ? [copy(room)] : [];
    });
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    return [...this.db.rooms.values()].filter((r) => r.worldId === worldId).map(copy);
  }

  async createRooms(rooms: Room[]): Promise<UUID[]> {
    const seen = new Set<UUID>();
    for (const room of rooms) {
      if (this.db.rooms.has(room.id) || seen.has(room.id)) {
        throw new StorageError("CONFLICT", `room ${room.id} already exists`);
      }
      seen.add(room.id);
    }
    for (const room of rooms) this.db.rooms.set(room.id, copy(room));
    return rooms.map((r) => r.id);
  }

  async updateRoom(room: Room): Promise<void> {
    if (this.db.rooms.has(room.id)) this.db.rooms.set(room.id, copy(room));
  }

  async deleteRoom(roomId: UUID): Promise<void> {
    this.removeRoom(roomId);
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    for (const room of [...this.db.rooms.values()]) {
      if (room.worldId === worldId) this.removeRoom(room.id);
    }
  }

  // participants

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return this.participantsWhere((p) => p.entityId === entityId).map((p) => p.roomId);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    const wanted = new Set(entityIds);
    const rooms = this.participantsWhere((p) => wanted.has(p.entityId)).map((p) => p.roomId);
    return [...new Set(rooms)];
  }

  async getParticipantsForEntity(entityId: UUID): Promise<Participant[]> {
    return this.participantsWhere((p) => p.entityId === entityId).map(
      ({ id, entityId: e, roomId }) => ({ id, entityId: e, roomId }),
    );
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    return this.participantsWhere((p) => p.roomId === roomId).map((p) => p.entityId);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return this.db.participants.has(participantKey(roomId, entityId));
  }

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    for (const entityId of entityIds) this.insertParticipantIfAbsent(entityId, roomId);
    return true;
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.db.participants.delete(participantKey(roomId, entityId));
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    return this.db.participants.get(participantKey(roomId, entityId))?.state ?? null;
  }

  async setParticipantUserState(
    roomId: UUID,
    entityId: UUID,
    state: ParticipantState,
  ): Promise<void> {
    const key = participantKey(roomId, entityId);
    const current = this.db.participants.get(key);
    if (current) this.db.participants.set(key, { ...current, state });
  }

  // relationships

  async createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    const key = relationshipKey(params.sourceEntityId, params.targetEntityId);
    if (this.db.relationships.has(key)) return false;
    this.db.relationships.set(key, {
      id: this.newId(),
      sourceEntityId: params.sourceEntityId,
      targetEntityId: params.targetEntityId,
      agentId: this.agentId,
      tags: copy(params.tags ?? []),
      metadata: copy(params.metadata ?? {}),
      createdAt: this.now(),
    });
    return true;
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    const key = relationshipKey(relationship.sourceEntityId, relationship.targetEntityId);
    const current = this.db.relationships.get(key);
    if (!current) return;
    this.db.relationships.set(key, {
      ...current,
      tags: copy(relationship.tags),
      metadata: copy(relationship.metadata),
    });
  }

  async getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null> {
    const found = this.db.relationships.get(
      relationshipKey(params.sourceEntityId, params.targetEntityId),
    );
    return found ? copy(found) : null;
  }

  async getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    const tags = params.tags && params.tags.length > 0 ? new Set(params.tags) : undefined;
    return [...this.db.relationships.values()]
      .filter(
        (r) =>
          (r.sourceEntityId === params.entityId || r.targetEntityId === params.entityId) &&
          (!tags || r.tags.some((tag) => tags.has(tag))),
      )
      .map(copy);
  }

  // cache

  async getCache<T>(raw: string): Promise<T | undefined> {
    const key = wellFormed(raw);
    const entry = this.db.cache.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.db.cache.delete(key);
      return undefined;
    }
    return copy(entry.value) as T;
  }

  async setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean> {
    this.putCache(key, value, options?.ttlMs);
    return true;
  }

  async deleteCache(key: string): Promise<boolean> {
    return this.db.cache.delete(wellFormed(key));
  }

  // logs

  async log(params: LogParams): Promise<void> {
    const id = params.id ?? this.newId();
    if (this.db.logs.has(id)) return;
    this.db.logs.set(id, {
      id,
      entityId: params.entityId,
      ...(params.roomId !== undefined ? { roomId: params.roomId } : {}),
      type: params.type,
      body: copy(params.body),
      createdAt: this.now(),
    });
  }

  async getLogs(params: GetLogsParams): Promise<Log[]> {
    const matches = [...this.db.logs.values()].filter(
      (l) =>
        l.entityId === params.entityId &&
        (params.roomId === undefined || l.roomId === params.roomId) &&
        (params.type === undefined || l.type === params.type) &&
        (params.before === undefined || l.createdAt < params.before),
    );
    return newestPage(matches, params.offset, params.count).map(copy);
  }

  async getLog(id: UUID): Promise<Log | null> {
    const log = this.db.logs.get(id);
    return log ? copy(log) : null;
  }

  async deleteLog(logId: UUID): Promise<void> {
    this.db.logs.delete(logId);
  }

  async deleteLogs(params: DeleteLogsParams): Promise<number> {
    const old = [...this.db.logs.values()]
      .filter((l) => l.entityId === params.entityId && l.createdAt < params.before)
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(0, Math.max(0, params.limit));
    for (const log of old) this.db.logs.delete(log.id);
    return old.length;
  }

  // tasks

  async createTask(task: Task): Promise<UUID> {
    return this.insertTask(task);
  }

  async getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    const tags = params.tags ?? [];
    return [...this.db.tasks.values()]
      .filter(
        (t) =>
          (params.roomId === undefined || t.roomId === params.roomId) &&
          (params.entityId === undefined || t.entityId === params.entityId) &&
          tags.every((tag) => t.tags.includes(tag)),
      )
      .map(copy);
  }

  async getTask(id: UUID): Promise<Task | null> {
    const task = this.db.tasks.get(id);
    return task ? copy(task) : null;
  }

  async getTasksByName(name: string): Promise<Task[]> {
    const wanted = wellFormed(name);
    return [...this.db.tasks.values()].filter((t) => t.name === wanted).map(copy);
  }

  async updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    this.patchTask(id, task);
  }

  async deleteTask(id: UUID): Promise<void> {
    this.db.tasks.delete(id);
  }

  // serverless primitives

  async claimOnce(raw: string, ttlMs: number, now = this.now()): Promise<boolean> {
    const key = wellFormed(raw);
    const expiresAt = this.db.claims.get(key);
    if (expiresAt !== undefined && expiresAt > now) return false;
    this.db.claims.set(key, now + ttlMs);
    this.sweepOccasionally(now);
    return true;
  }

  async sweepExpired(now: number, limit: number): Promise<SweepReport> {
    return this.sweep(now, Math.max(0, limit));
  }

  async claimDueTasks(params: ClaimDueTasksParams): Promise<Task[]> {
    const { now, limit, owner, leaseMs, agentId } = params;
    if (limit <= 0) return [];
    const due = [...this.db.tasks.values()]
      .filter(
        (t) =>
          t.dueAt != null &&
          t.dueAt <= now &&
          (t.leaseExpiresAt == null || t.leaseExpiresAt <= now) &&
          (agentId === undefined || t.agentId === agentId),
      )
      .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0))
      .slice(0, limit);
    return due.map((t) => {
      const leased = { ...t, leaseOwner: owner, leaseExpiresAt: now + leaseMs };
      this.db.tasks.set(t.id, leased);
      return copy(leased);
    });
  }

  async claimTask(id: UUID, { now, owner, leaseMs }: ClaimTaskParams): Promise<Task | null> {
    const task = this.db.tasks.get(id);
    if (!task || (task.leaseExpiresAt != null && task.leaseExpiresAt > now)) return null;
    const leased = { ...task, leaseOwner: owner, leaseExpiresAt: now + leaseMs };
    this.db.tasks.set(id, leased);
    return copy(leased);
  }

  async releaseTaskLease(id: UUID, owner: string, patch?: Partial<Task>): Promise<boolean> {
    const task = this.db.tasks.get(id);
    if (!task || task.leaseOwner !== owner) return false;
    // A pause that landed during the run wins: only the lease is let go.
    const paused = (task.metadata as { paused?: unknown } | undefined)?.paused === true;
    this.patchTask(id, { ...(paused ? {} : patch), leaseOwner: null, leaseExpiresAt: null });
    return !paused;
  }

  async batch(ops: StorageOp[]): Promise<void> {
    // Apply in place, journalling how to undo each write; a failing op undoes the ones before
    // it. Nothing awaits in between, so no other caller sees a half-applied batch.
    const committed = this.db;
    const undo: (() => void)[] = [];
    this.db = journaled(committed, undo);
    try {
      for (const op of ops) this.apply(op);
    } catch (error) {
      for (const step of undo.reverse()) step();
      throw error;
    } finally {
      this.db = committed;
    }
  }

  // internals: synchronous, so batch can run them back to back without yielding

  private apply(op: StorageOp): void {
    switch (op.op) {
      case "ensureWorld":
        if (!this.db.worlds.has(op.world.id)) this.db.worlds.set(op.world.id, copy(op.world));
        return;
      case "ensureRoom":
        if (!this.db.rooms.has(op.room.id)) this.db.rooms.set(op.room.id, copy(op.room));
        return;
      case "ensureEntity":
        this.insertEntityIfAbsent(op.entity);
        return;
      case "ensureParticipant":
        this.insertParticipantIfAbsent(op.entityId, op.roomId);
        return;
      case "createMemory":
        this.insertMemory(op.memory, op.tableName);
        return;
      case "deleteMemory":
        this.db.memories.delete(op.memoryId);
        return;
      case "createTask":
        this.insertTask(op.task);
        return;
      case "updateTask":
        this.patchTask(op.id, op.task);
        return;
      case "deleteTask":
        this.db.tasks.delete(op.id);
        return;
      case "setCache":
        this.putCache(op.key, op.value, op.ttlMs);
        return;
      case "deleteCache":
        this.db.cache.delete(wellFormed(op.key));
        return;
      default:
        throw new StorageError(
          "INVALID_BATCH",
          `unknown batch op ${JSON.stringify((op as { op?: unknown }).op)}`,
        );
    }
  }

  private insertMemory(memory: Memory, tableName: string, unique?: boolean): UUID {
    if (memory.embedding !== undefined) {
      assertEmbeddingDimension(memory.embedding, this.dimension);
    }
    const id = memory.id ?? this.newId();
    if (this.db.memories.has(id)) {
      throw new StorageError("CONFLICT", `memory ${id} already exists`);
    }
    const { similarity: _similarity, ...row } = copy(memory);
    this.db.memories.set(id, {
      ...row,
      id,
      tableName,
      createdAt: memory.createdAt ?? this.now(),
      unique: unique ?? memory.unique ?? false,
    });
    return id;
  }

  private insertEntityIfAbsent(entity: Entity): void {
    const id = entity.id ?? this.newId();
    if (this.db.entities.has(id)) return;
    const { components: _ignored, ...row } = copy(entity);
    this.db.entities.set(id, { ...row, id });
  }

  private insertParticipantIfAbsent(entityId: UUID, roomId: UUID): void {
    const key = participantKey(roomId, entityId);
    if (this.db.participants.has(key)) return;
    this.db.participants.set(key, { id: this.newId(), entityId, roomId, state: null });
  }

  private insertTask(task: Task): UUID {
    const id = task.id ?? this.newId();
    if (this.db.tasks.has(id)) throw new StorageError("CONFLICT", `task ${id} already exists`);
    const now = this.now();
    this.db.tasks.set(id, {
      ...copy(task),
      id,
      dueAt: task.dueAt ?? null,
      leaseOwner: task.leaseOwner ?? null,
      leaseExpiresAt: task.leaseExpiresAt ?? null,
      createdAt: task.createdAt ?? now,
      updatedAt: now,
    });
    return id;
  }

  private patchTask(id: UUID, patch: Partial<Task>): void {
    const current = this.db.tasks.get(id);
    if (!current) return;
    const { id: _id, ...fields } = definedFields(copy(patch));
    this.db.tasks.set(id, { ...current, ...fields, updatedAt: this.now() });
  }

  private putCache(key: string, value: unknown, ttlMs?: number): void {
    const now = this.now();
    const expiresAt = ttlMs === undefined ? null : now + ttlMs;
    this.db.cache.set(wellFormed(key), { value: copy(value), expiresAt });
    this.sweepOccasionally(now);
  }

  /**
   * A long ALLOW_NO_DATABASE run claims a key per webhook update; drop expired claims and
   * cache entries every so many writes so they do not pile up (amortised O(1) per write).
   */
  private sweepOccasionally(now: number): void {
    if (++this.writesSinceSweep < SWEEP_EVERY_WRITES) return;
    this.writesSinceSweep = 0;
    this.sweep(now, Number.POSITIVE_INFINITY);
  }

  private sweep(now: number, limit: number): SweepReport {
    const report: SweepReport = { claims: 0, cache: 0 };
    for (const [key, expiresAt] of this.db.claims) {
      if (report.claims >= limit) break;
      if (expiresAt > now) continue;
      this.db.claims.delete(key);
      report.claims++;
    }
    for (const [key, entry] of this.db.cache) {
      if (report.cache >= limit) break;
      if (entry.expiresAt === null || entry.expiresAt > now) continue;
      this.db.cache.delete(key);
      report.cache++;
    }
    return report;
  }

  private findComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Component[] {
    return [...this.db.components.values()].filter(
      (c) =>
        c.entityId === entityId &&
        (worldId === undefined || c.worldId === worldId) &&
        (sourceEntityId === undefined || c.sourceEntityId === sourceEntityId),
    );
  }

  private participantsWhere(predicate: (p: { id: UUID; entityId: UUID; roomId: UUID }) => boolean) {
    return [...this.db.participants.values()].filter(predicate);
  }

  private removeRoom(roomId: UUID): void {
    this.db.rooms.delete(roomId);
    for (const [id, m] of this.db.memories) if (m.roomId === roomId) this.db.memories.delete(id);
    for (const [key, p] of this.db.participants) {
      if (p.roomId === roomId) this.db.participants.delete(key);
    }
  }
}

export function createMemoryStorage(options: MemoryStorageOptions = {}): MemoryStorage {
  return new MemoryStorage(options);
}

/** A stored memory as callers see it: a copy, without the table it lives in. */
function toMemory(stored: StoredMemory): Memory {
  const { tableName: _tableName, ...memory } = stored;
  return copy(memory);
}

/**
 * One page of rows, newest first; among equal times the later insertion first (Maps keep
 * insertion order). A bounded page keeps only the best `offset + count` rows as it goes
 * instead of sorting them all, so reading a room's last few messages stays cheap as it grows.
 */
function newestPage<T extends { createdAt: number }>(rows: T[], offset = 0, count?: number): T[] {
  const from = Math.max(0, offset);
  const ranked = rows.map((row, index) => ({ row, index }));
  const before = (a: (typeof ranked)[number], b: (typeof ranked)[number]) =>
    b.row.createdAt - a.row.createdAt || b.index - a.index;
  if (count === undefined)
    return ranked
      .sort(before)
      .slice(from)
      .map(({ row }) => row);
  const keep = from + Math.max(0, count);
  if (keep === 0) return [];
  const top: typeof ranked = [];
  for (const entry of ranked) {
    if (top.length === keep && before(entry, top[keep - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(entry, top[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, entry);
    if (top.length > keep) top.pop();
  }
  return top.slice(from).map(({ row }) => row);
}

/** Drops keys whose value is undefined, so a partial update never erases a field by omission. */
function definedFields<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
