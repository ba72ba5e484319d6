// The storage contract over a Cloudflare D1 binding, through drizzle-orm's sqlite dialect.
// D1 has no BEGIN/COMMIT: whatever must land together is one `db.batch`, and whatever must
// be decided atomically (claims, leases) is one conditional statement.
import type { D1Database } from "@cloudflare/workers-types";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type {
  ClaimDueTasksParams,
  ClaimTaskParams,
  DeleteLogsParams,
  GetLogsParams,
  GetMemoriesParams,
  LogParams,
  SearchMemoriesParams,
  StorageAdapter,
  StorageOp,
  SweepReport,
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
import { assertEmbeddingDimension, assertValidDimension } from "../../core/vector.ts";
import { toStorageError } from "./errors.ts";
import { chunk, D1_MAX_BOUND_PARAMETERS, rowsPerStatement } from "./limits.ts";
import {
  toAgent,
  toComponent,
  toEntity,
  toLog,
  toMemory,
  toRelationship,
  toRoom,
  toTask,
  toWorld,
} from "./rows.ts";
import {
  agents,
  cache,
  claims,
  components,
  EMBEDDING_DIMENSION_KEY,
  entities,
  logs,
  memories,
  meta,
  participants,
  relationships,
  rooms,
  tasks,
  worlds,
} from "./schema.ts";
import {
  rankByCosine,
  SEARCH_CANDIDATES,
  VECTORIZE_MAX_TOP_K,
  type VectorizeBinding,
} from "./vector-search.ts";
import {
  assertRowFits,
  type Db,
  entityRow,
  insertMemory,
  jsonArrayHas,
  memoryRow,
  opStatement,
  participantRow,
  roomRow,
  type Statement,
  setCacheStatement,
  taskPatch,
  taskRow,
  type WriteContext,
  worldRow,
} from "./writes.ts";

export interface D1StorageOptions {
  /** The clock, in ms since epoch: createdAt defaults, cache TTL, claimOnce. */
  now?: () => number;
  /**
   * The agent this store serves: relationships are recorded under it and memory reads see
   * only its memories. Absent: relationships get the nil UUID and reads span every agent.
   */
  agentId?: UUID;
  /**
   * The pinned width (EMBEDDING_DIMENSION) when the target knows it from configuration, so
   * a cold isolate checks vectors without reading it from D1. ensureEmbeddingDimension still
   * records it in the database, where the width-guard trigger enforces it for every isolate.
   */
  embeddingDimension?: number;
  /**
   * A Vectorize index (cosine metric, EMBEDDING_DIMENSION wide). When given, created and
   * updated embeddings are upserted there and searchMemories queries it instead of scanning
   * the newest SEARCH_CANDIDATES rows. D1 stays the source of truth: matches are re-read
   * from D1 and filtered there, so a vector whose memory is gone is simply not returned.
   */
  vectorize?: VectorizeBinding;
}

const NIL_UUID = "00000000-0000-0000-0000-000000000000" as UUID;

// Expired claims and cache rows are deleted by the writes themselves, a bounded number at a
// time: the first claimOnce/setCache of each isolate and every SWEEP_EVERY_WRITES-th after it
// carry a DELETE in the same batch (one round trip). Webhook dedupe writes a claim per update,
// so without this the claims table would grow for ever.
const SWEEP_EVERY_WRITES = 100;
const SWEEP_BATCH = 500;

// SQLite takes OFFSET only after a LIMIT, and drizzle drops a negative one.
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

// Room for the other parameters of a statement that also binds an IN list.
const IN_LIST_CHUNK = D1_MAX_BOUND_PARAMETERS - 10;

export class D1Storage implements StorageAdapter {
  readonly kind = "d1";
  private readonly db: Db;
  private readonly now: () => number;
  private readonly vectorize: VectorizeBinding | undefined;
  /** The pinned width once this isolate has seen it; the database trigger is the real guard. */
  private dimension: number | undefined;
  private readonly agentId: UUID;
  /** The memory reads' default agent scope (the agentId option, when given). */
  private readonly scope: UUID | undefined;
  private writesSinceSweep = 0;

  constructor(d1: D1Database, options: D1StorageOptions = {}) {
    this.db = drizzle(d1);
    this.now = options.now ?? Date.now;
    this.vectorize = options.vectorize;
    this.agentId = options.agentId ?? NIL_UUID;
    this.scope = options.agentId;
    if (options.embeddingDimension !== undefined) {
      assertValidDimension(options.embeddingDimension);
      this.dimension = options.embeddingDimension;
    }
  }

  /** The schema belongs to migrations/ (`wrangler d1 migrations apply`), so nothing to do. */
  async init(): Promise<void> {}

  /** The binding belongs to the Worker; there is no connection to close. */
  async close(): Promise<void> {}

  async ping(): Promise<void> {
    await this.run(() => this.db.run(sql`select 1`));
  }

  async ensureEmbeddingDimension(dimension: number): Promise<void> {
    assertValidDimension(dimension);
    await this.run(() =>
      this.db
        .insert(meta)
        .values({ key: EMBEDDING_DIMENSION_KEY, value: String(dimension) })
        .onConflictDoUpdate({ target: meta.key, set: { value: String(dimension) } }),
    );
    this.dimension = dimension;
  }

  // agents

  async getAgent(agentId: UUID): Promise<Agent | null> {
    const [row] = await this.run(() => this.db.select().from(agents).where(eq(agents.id, agentId)));
    return row ? toAgent(row) : null;
  }

  async getAgents(): Promise<Agent[]> {
    const rows = await this.run(() => this.db.select().from(agents).orderBy(asc(agents.createdAt)));
    return rows.map(toAgent);
  }

  async createAgent(agent: Agent): Promise<boolean> {
    const now = this.now();
    const inserted = await this.run(() =>
      this.db
        .insert(agents)
        .values({
          id: agent.id,
          name: agent.name,
          enabled: agent.enabled ?? true,
          character: agent.character ?? null,
          createdAt: agent.createdAt ?? now,
          updatedAt: agent.updatedAt ?? now,
        })
        .onConflictDoNothing()
        .returning({ id: agents.id }),
    );
    return inserted.length === 1;
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    const set: Partial<typeof agents.$inferInsert> = { updatedAt: agent.updatedAt ?? this.now() };
    if (agent.name !== undefined) set.name = agent.name;
    if (agent.enabled !== undefined) set.enabled = agent.enabled;
    if (agent.character !== undefined) set.character = agent.character;
    const updated = await this.run(() =>
      this.db.update(agents).set(set).where(eq(agents.id, agentId)).returning({ id: agents.id }),
    );
    return updated.length === 1;
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    const deleted = await this.run(() =>
      this.db.delete(agents).where(eq(agents.id, agentId)).returning({ id: agents.id }),
    );
    return deleted.length === 1;
  }

  // entities and components

  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    const rows = await this.selectIn(entityIds, (ids) =>
      this.db.select().from(entities).where(inArray(entities.id, ids)),
    );
    return rows.map(toEntity);
  }

  async getEntitiesForRoom(roomId: UUID, includeComponents = false): Promise<Entity[]> {
    const inRoom = this.db
      .select({ id: participants.entityId })
      .from(participants)
      .where(eq(participants.roomId, roomId));
    const entityQuery = this.db.select().from(entities).where(inArray(entities.id, inRoom));
    if (!includeComponents) {
      return (await this.run(() => entityQuery)).map(toEntity);
    }
    const [entityRows, componentRows] = await this.run(() =>
      this.db.batch([
        entityQuery,
        this.db
          .select()
          .from(components)
          .where(inArray(components.entityId, inRoom))
          .orderBy(asc(components.createdAt)),
      ]),
    );
    return entityRows.map((row) => ({
      ...toEntity(row),
      components: componentRows.filter((c) => c.entityId === row.id).map(toComponent),
    }));
  }

  async createEntities(list: Entity[]): Promise<boolean> {
    if (list.length === 0) return true;
    const rows = list.map(entityRow);
    // Insert-if-absent, all chunks in one batch: an existing entity is never overwritten.
    await this.batchAll(
      chunk(rows, rowsPerStatement(4)).map((part) =>
        this.db.insert(entities).values(part).onConflictDoNothing(),
      ),
    );
    return true;
  }

  async updateEntity(entity: Entity): Promise<void> {
    if (!entity.id) return;
    const set: Partial<typeof entities.$inferInsert> = { names: entity.names };
    if (entity.agentId !== undefined) set.agentId = entity.agentId;
    if (entity.metadata !== undefined) set.metadata = entity.metadata;
    await this.run(() => this.db.update(entities).set(set).where(eq(entities.id, entity.id!)));
  }

  async getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null> {
    const [row] = await this.run(() =>
      this.db
        .select()
        .from(components)
        .where(
          and(
            eq(components.entityId, entityId),
            eq(components.type, type),
            worldId === undefined ? undefined : eq(components.worldId, worldId),
            sourceEntityId === undefined
              ? undefined
              : eq(components.sourceEntityId, sourceEntityId),
          ),
        )
        .orderBy(asc(components.createdAt))
        .limit(1),
    );
    return row ? toComponent(row) : null;
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    const rows = await this.run(() =>
      this.db
        .select()
        .from(components)
        .where(
          and(
            eq(components.entityId, entityId),
            worldId === undefined ? undefined : eq(components.worldId, worldId),
            sourceEntityId === undefined
              ? undefined
              : eq(components.sourceEntityId, sourceEntityId),
          ),
        )
        .orderBy(asc(components.createdAt)),
    );
    return rows.map(toComponent);
  }

  async createComponent(component: Component): Promise<boolean> {
    const inserted = await this.run(() =>
      this.db
        .insert(components)
        .values({ ...component, createdAt: component.createdAt ?? this.now() })
        .onConflictDoNothing()
        .returning({ id: components.id }),
    );
    return inserted.length === 1;
  }

  async updateComponent(component: Component): Promise<void> {
    const { id, ...rest } = component;
    await this.run(() => this.db.update(components).set(rest).where(eq(components.id, id)));
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    await this.run(() => this.db.delete(components).where(eq(components.id, componentId)));
  }

  // memories

  async getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    const rows = await this.run(() =>
      this.db
        .select()
        .from(memories)
        .where(
          and(
            eq(memories.tableName, params.tableName),
            params.roomId === undefined ? undefined : eq(memories.roomId, params.roomId),
            params.entityId === undefined ? undefined : eq(memories.entityId, params.entityId),
            this.agentFilter(params.agentId),
            params.worldId === undefined ? undefined : eq(memories.worldId, params.worldId),
            params.unique ? eq(memories.unique, true) : undefined,
            params.start === undefined ? undefined : gte(memories.createdAt, params.start),
            params.end === undefined ? undefined : lte(memories.createdAt, params.end),
          ),
        )
        .orderBy(...newestFirst())
        .limit(params.count ?? NO_LIMIT)
        .offset(params.offset ?? 0),
    );
    return rows.map(toMemory);
  }

  async getMemoryById(id: UUID): Promise<Memory | null> {
    const [row] = await this.run(() => this.db.select().from(memories).where(eq(memories.id, id)));
    return row ? toMemory(row) : null;
  }

  async getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    const rows = await this.selectIn(ids, (part) =>
      this.db
        .select()
        .from(memories)
        .where(
          and(
            inArray(memories.id, part),
            tableName === undefined ? undefined : eq(memories.tableName, tableName),
          ),
        ),
    );
    return rows.map(toMemory);
  }

  async getMemoriesByRoomIds(params: {
    tableName: string;
    roomIds: UUID[];
    limit?: number;
  }): Promise<Memory[]> {
    const limit = params.limit ?? NO_LIMIT;
    const rows = await this.selectIn(params.roomIds, (part) =>
      this.db
        .select()
        .from(memories)
        .where(
          and(
            eq(memories.tableName, params.tableName),
            inArray(memories.roomId, part),
            this.agentFilter(),
          ),
        )
        .orderBy(...newestFirst())
        .limit(limit),
    );
    // Chunks each return their own newest; merge them into one newest-first list.
    rows.sort((a, b) => b.createdAt - a.createdAt);
    return rows.slice(0, limit).map(toMemory);
  }

  async searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    const threshold = params.match_threshold ?? 0;
    const wanted = params.count ?? 10;
    // The agent is part of the scope, and so of the newest-SEARCH_CANDIDATES window: another
    // agent's newer rows never crowd this agent's out (memories_table_agent_created_idx).
    const scope = and(
      eq(memories.tableName, params.tableName),
      this.agentFilter(params.agentId),
      params.roomId === undefined ? undefined : eq(memories.roomId, params.roomId),
      params.worldId === undefined ? undefined : eq(memories.worldId, params.worldId),
      params.entityId === undefined ? undefined : eq(memories.entityId, params.entityId),
      params.unique ? eq(memories.unique, true) : undefined,
    );
    if (this.dimension !== undefined) assertEmbeddingDimension(params.embedding, this.dimension);

    if (this.vectorize) return this.searchVectorize(params, scope, threshold, wanted);

    const candidateQuery = this.db
      .select({ id: memories.id, embedding: memories.embedding })
      .from(memories)
      .where(and(scope, sql`${memories.embedding} is not null`))
      .orderBy(...newestFirst())
      .limit(SEARCH_CANDIDATES);
    let candidates: { id: string; embedding: number[] | null }[];
    if (this.dimension === undefined) {
      // A cold isolate learns the pinned width in the same round trip as the candidates.
      const [pinned, rows] = await this.run(() =>
        this.db.batch([this.pinnedDimensionQuery(), candidateQuery]),
      );
      this.learnDimension(pinned);
      assertEmbeddingDimension(params.embedding, this.dimension);
      candidates = rows;
    } else {
      candidates = await this.run(() => candidateQuery);
    }

    const ranked = rankByCosine(params.embedding, candidates, threshold, wanted);
    return this.loadRanked(ranked);
  }

  async createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    const row = memoryRow(this.writeContext(), memory, tableName, unique);
    await this.run(() => insertMemory(this.writeContext(), row));
    if (this.vectorize && row.embedding) await this.upsertVector(row);
    return row.id;
  }

  private agentFilter(agentId = this.scope): SQL | undefined {
    return agentId === undefined ? undefined : eq(memories.agentId, agentId);
  }

  async updateMemory(memory: Partial<Memory> & { id: UUID }): Promise<boolean> {
    const set: Partial<typeof memories.$inferInsert> = {};
    if (memory.content !== undefined) set.content = memory.content;
    if (memory.metadata !== undefined) set.metadata = memory.metadata;
    if (memory.embedding !== undefined) {
      assertEmbeddingDimension(memory.embedding, this.dimension);
      set.embedding = memory.embedding;
    }
    if (memory.unique !== undefined) set.unique = memory.unique;
    if (memory.createdAt !== undefined) set.createdAt = memory.createdAt;
    if (Object.keys(set).length === 0) return (await this.getMemoryById(memory.id)) !== null;
    // The columns not named keep their size; D1 itself refuses a row that outgrows its limit.
    assertRowFits(set);
    const updated = await this.run(() =>
      this.db.update(memories).set(set).where(eq(memories.id, memory.id)).returning({
        id: memories.id,
        tableName: memories.tableName,
        roomId: memories.roomId,
        worldId: memories.worldId,
        entityId: memories.entityId,
        agentId: memories.agentId,
        embedding: memories.embedding,
      }),
    );
    const row = updated[0];
    if (this.vectorize && row?.embedding && memory.embedding !== undefined) {
      await this.upsertVector(row);
    }
    return row !== undefined;
  }

  async deleteMemory(memoryId: UUID): Promise<void> {
    await this.run(() => this.db.delete(memories).where(eq(memories.id, memoryId)));
    await this.vectorize?.deleteByIds([memoryId]);
  }

  async deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    if (memoryIds.length === 0) return;
    await this.batchAll(
      chunk(memoryIds, IN_LIST_CHUNK).map((part) =>
        this.db.delete(memories).where(inArray(memories.id, part)),
      ),
    );
    await this.vectorize?.deleteByIds(memoryIds);
  }

  async deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    await this.run(() =>
      this.db
        .delete(memories)
        .where(and(eq(memories.roomId, roomId), eq(memories.tableName, tableName))),
    );
  }

  async countMemories(roomId: UUID, unique = false, tableName?: string): Promise<number> {
    const [row] = await this.run(() =>
      this.db
        .select({ n: count() })
        .from(memories)
        .where(
          and(
            eq(memories.roomId, roomId),
            this.agentFilter(),
            unique ? eq(memories.unique, true) : undefined,
            tableName === undefined ? undefined : eq(memories.tableName, tableName),
          ),
        ),
    );
    return row?.n ?? 0;
  }

  // worlds and rooms

  async createWorld(world: World): Promise<UUID> {
    const id = world.id ?? randomUuid();
    await this.run(() =>
      this.db
        .insert(worlds)
        .values(worldRow({ ...world, id }))
        .onConflictDoNothing(),
    );
    return id;
  }

  async getWorld(id: UUID): Promise<World | null> {
    const [row] = await this.run(() => this.db.select().from(worlds).where(eq(worlds.id, id)));
    return row ? toWorld(row) : null;
  }

  async getAllWorlds(): Promise<World[]> {
    return (await this.run(() => this.db.select().from(worlds))).map(toWorld);
  }

  async updateWorld(world: World): Promise<void> {
    const { id, ...rest } = worldRow(world);
    await this.run(() => this.db.update(worlds).set(rest).where(eq(worlds.id, id)));
  }

  /** Removes the world with its rooms and, as deleteRoom does, their memories and participants. */
  async removeWorld(id: UUID): Promise<void> {
    await this.batchAll([
      ...this.deleteRoomsStatements(this.roomsOfWorld(id)),
      this.db.delete(worlds).where(eq(worlds.id, id)),
    ]);
  }

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    const rows = await this.selectIn(roomIds, (part) =>
      this.db.select().from(rooms).where(inArray(rooms.id, part)),
    );
    return rows.map(toRoom);
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    const rows = await this.run(() =>
      this.db.select().from(rooms).where(eq(rooms.worldId, worldId)),
    );
    return rows.map(toRoom);
  }

  async createRooms(list: Room[]): Promise<UUID[]> {
    if (list.length === 0) return [];
    const rows = list.map((room) => roomRow({ ...room, id: room.id ?? randomUuid() }));
    await this.batchAll(
      chunk(rows, rowsPerStatement(9)).map((part) =>
        this.db.insert(rooms).values(part).onConflictDoNothing(),
      ),
    );
    return rows.map((row) => row.id as UUID);
  }

  async updateRoom(room: Room): Promise<void> {
    const { id, ...rest } = roomRow(room);
    await this.run(() => this.db.update(rooms).set(rest).where(eq(rooms.id, id)));
  }

  async deleteRoom(roomId: UUID): Promise<void> {
    await this.batchAll(this.deleteRoomsStatements([roomId]));
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    await this.batchAll(this.deleteRoomsStatements(this.roomsOfWorld(worldId)));
  }

  // participants

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    const rows = await this.run(() =>
      this.db
        .select({ roomId: participants.roomId })
        .from(participants)
        .where(eq(participants.entityId, entityId)),
    );
    return rows.map((row) => row.roomId as UUID);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    const rows = await this.selectIn(entityIds, (part) =>
      this.db
        .selectDistinct({ roomId: participants.roomId })
        .from(participants)
        .where(inArray(participants.entityId, part)),
    );
    return [...new Set(rows.map((row) => row.roomId as UUID))];
  }

  async getParticipantsForEntity(entityId: UUID): Promise<Participant[]> {
    const rows = await this.run(() =>
      this.db
        .select({
          id: participants.id,
          entityId: participants.entityId,
          roomId: participants.roomId,
        })
        .from(participants)
        .where(eq(participants.entityId, entityId)),
    );
    return rows as Participant[];
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    const rows = await this.run(() =>
      this.db
        .select({ entityId: participants.entityId })
        .from(participants)
        .where(eq(participants.roomId, roomId)),
    );
    return rows.map((row) => row.entityId as UUID);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    const rows = await this.run(() =>
      this.db
        .select({ id: participants.id })
        .from(participants)
        .where(and(eq(participants.roomId, roomId), eq(participants.entityId, entityId)))
        .limit(1),
    );
    return rows.length > 0;
  }

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    const unique = [...new Set(entityIds)];
    if (unique.length === 0) return true;
    const ctx = this.writeContext();
    await this.batchAll(
      chunk(unique, rowsPerStatement(5)).map((part) =>
        this.db
          .insert(participants)
          .values(part.map((entityId) => participantRow(ctx, entityId, roomId)))
          .onConflictDoNothing(),
      ),
    );
    return true;
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    const deleted = await this.run(() =>
      this.db
        .delete(participants)
        .where(and(eq(participants.entityId, entityId), eq(participants.roomId, roomId)))
        .returning({ id: participants.id }),
    );
    return deleted.length > 0;
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    const [row] = await this.run(() =>
      this.db
        .select({ state: participants.userState })
        .from(participants)
        .where(and(eq(participants.roomId, roomId), eq(participants.entityId, entityId))),
    );
    return row?.state ?? null;
  }

  async setParticipantUserState(
    roomId: UUID,
    entityId: UUID,
    state: ParticipantState,
  ): Promise<void> {
    await this.run(() =>
      this.db
        .update(participants)
        .set({ userState: state })
        .where(and(eq(participants.roomId, roomId), eq(participants.entityId, entityId))),
    );
  }

  // relationships

  async createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    const inserted = await this.run(() =>
      this.db
        .insert(relationships)
        .values({
          id: randomUuid(),
          sourceEntityId: params.sourceEntityId,
          targetEntityId: params.targetEntityId,
          agentId: this.agentId,
          tags: params.tags ?? [],
          metadata: params.metadata ?? {},
          createdAt: this.now(),
        })
        .onConflictDoNothing()
        .returning({ id: relationships.id }),
    );
    return inserted.length === 1;
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    await this.run(() =>
      this.db
        .update(relationships)
        .set({ tags: relationship.tags ?? [], metadata: relationship.metadata ?? {} })
        .where(eq(relationships.id, relationship.id)),
    );
  }

  async getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null> {
    const [row] = await this.run(() =>
      this.db
        .select()
        .from(relationships)
        .where(
          and(
            eq(relationships.sourceEntityId, params.sourceEntityId),
            eq(relationships.targetEntityId, params.targetEntityId),
          ),
        ),
    );
    return row ? toRelationship(row) : null;
  }

  async getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    const tags = params.tags ?? [];
    const rows = await this.run(() =>
      this.db
        .select()
        .from(relationships)
        .where(
          and(
            or(
              eq(relationships.sourceEntityId, params.entityId),
              eq(relationships.targetEntityId, params.entityId),
            ),
            tags.length === 0
              ? undefined
              : or(...tags.map((tag) => jsonArrayHas(relationships.tags, tag))),
          ),
        )
        .orderBy(asc(relationships.createdAt)),
    );
    return rows.map(toRelationship);
  }

  // cache

  async getCache<T>(key: string): Promise<T | undefined> {
    const now = this.now();
    const [row] = await this.run(() =>
      this.db
        .select({ value: cache.value })
        .from(cache)
        .where(
          and(eq(cache.key, key), or(isNull(cache.expiresAt), sql`${cache.expiresAt} > ${now}`)),
        ),
    );
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean> {
    const ctx = this.writeContext();
    await this.batchAll([
      setCacheStatement(ctx, key, value, options?.ttlMs),
      ...this.sweepStatements(ctx.now),
    ]);
    return true;
  }

  async deleteCache(key: string): Promise<boolean> {
    const deleted = await this.run(() =>
      this.db.delete(cache).where(eq(cache.key, key)).returning({ key: cache.key }),
    );
    return deleted.length > 0;
  }

  // logs

  async log(params: LogParams): Promise<void> {
    await this.run(() =>
      this.db
        .insert(logs)
        .values({
          id: params.id ?? randomUuid(),
          entityId: params.entityId,
          roomId: params.roomId ?? null,
          type: params.type,
          body: params.body,
          createdAt: this.now(),
        })
        .onConflictDoNothing({ target: logs.id }),
    );
  }

  async getLogs(params: GetLogsParams): Promise<Log[]> {
    const rows = await this.run(() =>
      this.db
        .select()
        .from(logs)
        .where(
          and(
            eq(logs.entityId, params.entityId),
            params.roomId === undefined ? undefined : eq(logs.roomId, params.roomId),
            params.type === undefined ? undefined : eq(logs.type, params.type),
            params.before === undefined ? undefined : lt(logs.createdAt, params.before),
          ),
        )
        .orderBy(desc(logs.createdAt), desc(sql`rowid`))
        .limit(params.count ?? NO_LIMIT)
        .offset(params.offset ?? 0),
    );
    return rows.map(toLog);
  }

  async getLog(id: UUID): Promise<Log | null> {
    const rows = await this.run(() => this.db.select().from(logs).where(eq(logs.id, id)).limit(1));
    return rows[0] ? toLog(rows[0]) : null;
  }

  async deleteLog(logId: UUID): Promise<void> {
    await this.run(() => this.db.delete(logs).where(eq(logs.id, logId)));
  }

  async deleteLogs(params: DeleteLogsParams): Promise<number> {
    const limit = Math.max(0, Math.floor(params.limit));
    if (limit === 0) return 0;
    // One statement on the (entity_id, created_at) index: the oldest first, `limit` at most.
    const oldest = this.db
      .select({ id: logs.id })
      .from(logs)
      .where(and(eq(logs.entityId, params.entityId), lt(logs.createdAt, params.before)))
      .orderBy(asc(logs.createdAt))
      .limit(limit);
    const deleted = await this.run(() =>
      this.db.delete(logs).where(inArray(logs.id, oldest)).returning({ id: logs.id }),
    );
    return deleted.length;
  }

  // tasks

  async createTask(task: Task): Promise<UUID> {
    const row = taskRow(this.writeContext(), task);
    await this.run(() => this.db.insert(tasks).values(row));
    return row.id;
  }

  async getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    const rows = await this.run(() =>
      this.db
        .select()
        .from(tasks)
        .where(
          and(
            params.roomId === undefined ? undefined : eq(tasks.roomId, params.roomId),
            params.entityId === undefined ? undefined : eq(tasks.entityId, params.entityId),
            // Every listed tag must be present (elizaOS's `tags @> ARRAY[...]`).
            ...(params.tags ?? []).map((tag) => jsonArrayHas(tasks.tags, tag)),
          ),
        )
        .orderBy(asc(tasks.createdAt), asc(sql`rowid`)),
    );
    return rows.map(toTask);
  }

  async getTask(id: UUID): Promise<Task | null> {
    const [row] = await this.run(() => this.db.select().from(tasks).where(eq(tasks.id, id)));
    return row ? toTask(row) : null;
  }

  async getTasksByName(name: string): Promise<Task[]> {
    const rows = await this.run(() =>
      this.db.select().from(tasks).where(eq(tasks.name, name)).orderBy(asc(tasks.createdAt)),
    );
    return rows.map(toTask);
  }

  async updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    await this.run(() =>
      this.db.update(tasks).set(taskPatch(this.writeContext(), task)).where(eq(tasks.id, id)),
    );
  }

  async deleteTask(id: UUID): Promise<void> {
    await this.run(() => this.db.delete(tasks).where(eq(tasks.id, id)));
  }

  // serverless primitives

  async claimOnce(key: string, ttlMs: number, now = this.now()): Promise<boolean> {
    const expiresAt = now + ttlMs;
    // One statement: insert, or take over an expired claim; RETURNING yields a row only for
    // the writer that did either, and D1 runs statements one at a time, so one caller wins.
    const claim = this.db
      .insert(claims)
      .values({ key, expiresAt })
      .onConflictDoUpdate({
        target: claims.key,
        set: { expiresAt },
        setWhere: lte(claims.expiresAt, now),
      })
      .returning({ key: claims.key });
    const sweep = this.sweepStatements(now);
    const [won] = await this.run(() => this.db.batch([claim, ...sweep]));
    return won.length === 1;
  }

  async sweepExpired(now: number, limit: number): Promise<SweepReport> {
    if (limit <= 0) return { claims: 0, cache: 0 };
    const deletes = this.expiredDeletes(now, limit);
    const [goneClaims, goneCache] = await this.run(() =>
      this.db.batch([
        deletes.claims.returning({ key: claims.key }),
        deletes.cache.returning({ key: cache.key }),
      ]),
    );
    return { claims: goneClaims.length, cache: goneCache.length };
  }

  async claimDueTasks(params: ClaimDueTasksParams): Promise<Task[]> {
    const { now, limit, owner, leaseMs, agentId } = params;
    if (limit <= 0) return [];
    const due = this.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(
        and(
          lte(tasks.dueAt, now),
          or(isNull(tasks.leaseExpiresAt), lte(tasks.leaseExpiresAt, now)),
          agentId === undefined ? undefined : eq(tasks.agentId, agentId),
        ),
      )
      .orderBy(asc(tasks.dueAt), asc(sql`rowid`))
      .limit(limit);
    // Pick and lease in one UPDATE: SQLite runs it as one atomic step, so two ticks never
    // lease the same task, and the lease condition is re-checked by the statement itself.
    const claimed = await this.run(() =>
      this.db
        .update(tasks)
        .set({ leaseOwner: owner, leaseExpiresAt: now + leaseMs })
        .where(inArray(tasks.id, due))
        .returning(),
    );
    return claimed.map(toTask).sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0));
  }

  async claimTask(id: UUID, { now, owner, leaseMs }: ClaimTaskParams): Promise<Task | null> {
    // One conditional UPDATE: the lease check and the lease are one atomic step in SQLite.
    const [claimed] = await this.run(() =>
      this.db
        .update(tasks)
        .set({ leaseOwner: owner, leaseExpiresAt: now + leaseMs })
        .where(
          and(eq(tasks.id, id), or(isNull(tasks.leaseExpiresAt), lte(tasks.leaseExpiresAt, now))),
        )
        .returning(),
    );
    return claimed ? toTask(claimed) : null;
  }

  async releaseTaskLease(id: UUID, owner: string, patch: Partial<Task> = {}): Promise<boolean> {
    const set = {
      ...taskPatch(this.writeContext(), patch),
      leaseOwner: null,
      leaseExpiresAt: null,
    };
    const held = and(eq(tasks.id, id), eq(tasks.leaseOwner, owner));
    // A pause that landed during the run wins: the patch applies only to an unpaused task,
    // and the second statement (a no-op when the first matched) just lets a paused one go.
    // JSON true reads back from json_extract as 1.
    const unpaused = sql`json_extract(${tasks.metadata}, '$.paused') IS NOT 1`;
    const [released] = await this.run(() =>
      this.db.batch([
        this.db.update(tasks).set(set).where(and(held, unpaused)).returning({ id: tasks.id }),
        this.db
          .update(tasks)
          .set({ leaseOwner: null, leaseExpiresAt: null })
          .where(held)
          .returning({ id: tasks.id }),
      ]),
    );
    return released.length === 1;
  }

  async batch(ops: StorageOp[]): Promise<void> {
    if (ops.length === 0) return;
    const ctx = this.writeContext();
    // Build (and validate) every statement before sending any: a bad op fails the whole call.
    const statements = ops.map((op) => opStatement(ctx, op));
    await this.batchAll(statements);
    if (this.vectorize) {
      const created = ops.flatMap((op) =>
        op.op === "createMemory" && op.memory.embedding
          ? [{ ...op.memory, tableName: op.tableName }]
          : [],
      );
      for (const memory of created) await this.upsertVector(memory);
    }
  }

  // helpers

  private writeContext(): WriteContext {
    return { db: this.db, now: this.now(), dimension: this.dimension };
  }

  /** Runs one D1 call, turning the errors a caller can act on into StorageErrors. */
  private async run<T>(query: () => PromiseLike<T>): Promise<T> {
    try {
      return await query();
    } catch (error) {
      throw toStorageError(error);
    }
  }

  /** All statements in one `db.batch`: one round trip, all land or none do. */
  private async batchAll(statements: Statement[]): Promise<void> {
    const [first, ...rest] = statements;
    if (!first) return;
    await this.run(() => this.db.batch([first, ...rest]));
  }

  /**
   * SELECT ... WHERE x IN (ids) under D1's 100-parameter limit: one statement per chunk, all
   * chunks in one batch, so a long list still costs one round trip.
   */
  private async selectIn<Id, R>(
    ids: readonly Id[],
    query: (part: Id[]) => Statement & PromiseLike<R[]>,
  ): Promise<R[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const [first, ...rest] = chunk(unique, IN_LIST_CHUNK).map(query);
    if (!first) return [];
    if (rest.length === 0) return this.run(() => first);
    const results = (await this.run(() => this.db.batch([first, ...rest]))) as R[][];
    return results.flat();
  }

  /** The occasional DELETE of expired claims and cache rows (see SWEEP_EVERY_WRITES). */
  private sweepStatements(now: number): Statement[] {
    if (this.writesSinceSweep++ % SWEEP_EVERY_WRITES !== 0) return [];
    const deletes = this.expiredDeletes(now, SWEEP_BATCH);
    return [deletes.claims, deletes.cache];
  }

  /** DELETEs of at most `limit` expired claims and cache rows each (expires_at index). */
  private expiredDeletes(now: number, limit: number) {
    const expiredClaims = this.db
      .select({ key: claims.key })
      .from(claims)
      .where(lte(claims.expiresAt, now))
      .limit(limit);
    const expiredCache = this.db
      .select({ key: cache.key })
      .from(cache)
      .where(lte(cache.expiresAt, now))
      .limit(limit);
    return {
      claims: this.db.delete(claims).where(inArray(claims.key, expiredClaims)),
      cache: this.db.delete(cache).where(inArray(cache.key, expiredCache)),
    };
  }

  private roomsOfWorld(worldId: UUID) {
    return this.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.worldId, worldId));
  }

  /** Deletes rooms with their memories, participants and logs (a subquery or a list of ids). */
  private deleteRoomsStatements(
    roomIds: UUID[] | ReturnType<D1Storage["roomsOfWorld"]>,
  ): Statement[] {
    return [
      this.db.delete(memories).where(inArray(memories.roomId, roomIds)),
      this.db.delete(participants).where(inArray(participants.roomId, roomIds)),
      this.db.delete(logs).where(inArray(logs.roomId, roomIds)),
      this.db.delete(rooms).where(inArray(rooms.id, roomIds)),
    ];
  }

  private pinnedDimensionQuery() {
    return this.db
      .select({ value: meta.value })
      .from(meta)
      .where(eq(meta.key, EMBEDDING_DIMENSION_KEY));
  }

  private learnDimension(rows: { value: string }[]): void {
    const value = Number(rows[0]?.value);
    if (Number.isInteger(value) && value > 0) this.dimension = value;
  }

  private async loadRanked(ranked: { id: string; similarity: number }[]): Promise<Memory[]> {
    if (ranked.length === 0) return [];
    const rows = await this.getMemoriesByIds(ranked.map((r) => r.id as UUID));
    const byId = new Map(rows.map((memory) => [memory.id, memory]));
    return ranked.flatMap(({ id, similarity }) => {
      const memory = byId.get(id as UUID);
      return memory ? [{ ...memory, similarity }] : [];
    });
  }

  private async searchVectorize(
    params: SearchMemoriesParams,
    scope: SQL | undefined,
    threshold: number,
    wanted: number,
  ): Promise<Memory[]> {
    const filter: Record<string, string> = { tableName: params.tableName };
    if (params.roomId) filter.roomId = params.roomId;
    if (params.worldId) filter.worldId = params.worldId;
    if (params.entityId) filter.entityId = params.entityId;
    const agentId = params.agentId ?? this.scope;
    if (agentId) filter.agentId = agentId;
    const result = await this.vectorize!.query(params.embedding, {
      // Over-fetch: D1 re-applies the scope (and `unique`, which Vectorize does not hold).
      topK: Math.min(VECTORIZE_MAX_TOP_K, wanted * 2),
      filter,
    });
    const matches = result.matches.filter((m) => m.score >= threshold);
    if (matches.length === 0) return [];
    const rows = await this.selectIn(
      matches.map((m) => m.id),
      (part) =>
        this.db
          .select()
          .from(memories)
          .where(and(scope, inArray(memories.id, part))),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return matches
      .flatMap((m) => {
        const row = byId.get(m.id);
        return row ? [{ ...toMemory(row), similarity: m.score }] : [];
      })
      .slice(0, wanted);
  }

  private async upsertVector(row: {
    id: string;
    tableName: string;
    roomId: string;
    embedding?: number[] | null;
    worldId?: string | null;
    entityId?: string;
    agentId?: string | null;
  }): Promise<void> {
    if (!row.embedding) return;
    const metadata: Record<string, string> = { tableName: row.tableName, roomId: row.roomId };
    if (row.worldId) metadata.worldId = row.worldId;
    if (row.entityId) metadata.entityId = row.entityId;
    if (row.agentId) metadata.agentId = row.agentId;
    await this.vectorize!.upsert([{ id: row.id, values: row.embedding, metadata }]);
  }
}

function newestFirst(): SQL[] {
  // rowid breaks createdAt ties by insertion order, newest first.
  return [desc(memories.createdAt), desc(sql`rowid`)];
}
