// The storage contract on PostgreSQL, written once for every driver (PGlite, Neon HTTP, Neon
// WebSocket, pg). SQL runs on PostgreSQL 15 through 18. Every method is one statement, or one
// atomic unit of statements that never branch on each other's results, because Neon HTTP has
// only non-interactive transactions.

import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableName,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
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
import type { Db, PostgresDriver, PostgresKind, Statement } from "./driver.ts";
import { toStorageError } from "./errors.ts";
import type { PluginWithSchema } from "./plugin-schema.ts";
import {
  taskPatch,
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
  allTables,
  cache,
  claims,
  components,
  entities,
  logs,
  memories,
  participants,
  relationships,
  rooms,
  tasks,
  worlds,
} from "./schema.ts";

export interface PostgresStorageOptions {
  /** The clock, in ms since epoch; tests inject a fake one. */
  now?: () => number;
  /**
   * The agent this store serves: createRelationship records it (default: the nil UUID) and
   * memory reads see only its memories (absent: reads span every agent).
   */
  agentId?: UUID;
  /**
   * What `init()` does about the schema. Default: apply migrations/ (needs a filesystem, so
   * Node, Lambda or Vercel Node). Pass `false` where the schema is applied at deploy time by
   * `npm run db:migrate` (Workers) or by another process.
   */
  migrate?: false | ((driver: PostgresDriver) => Promise<unknown>);
}

const NIL_UUID = "00000000-0000-0000-0000-000000000000" as UUID;

/** pgvector's own limit for the `vector` type. */
const MAX_DIMENSION = 16_000;

export class PostgresStorage implements StorageAdapter {
  readonly kind: PostgresKind;
  private readonly now: () => number;
  private dimension: number | undefined;

  constructor(
    readonly driver: PostgresDriver,
    private readonly options: PostgresStorageOptions = {},
  ) {
    this.kind = driver.kind;
    this.now = options.now ?? Date.now;
  }

  /** The memory reads' default agent scope (the agentId option, when given). */
  private get scope(): UUID | undefined {
    return this.options.agentId;
  }

  private get db(): Db {
    return this.driver.db;
  }

  /** Runs `work`, turning driver failures the caller can act on into StorageError. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toStorageError(error);
    }
  }

  private atomic(statements: Statement[]): Promise<unknown[]> {
    if (statements.length === 0) return Promise.resolve([]);
    return this.guard(() => this.driver.atomic(statements));
  }

  async init(): Promise<void> {
    if (this.options.migrate === false) return;
    const migrate = this.options.migrate ?? (await import("./migrate.ts")).migrateDriver;
    await this.guard(() => migrate(this.driver));
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  /** The drizzle database, for elizaOS plugins that query their own tables (`runtime.db`). */
  get drizzle(): Db {
    return this.driver.db;
  }

  /** Creates the tables elizaOS plugins declare in `schema`, idempotently (plugin-schema.ts). */
  async runPluginMigrations(plugins: PluginWithSchema[]): Promise<void> {
    const { runPluginMigrations } = await import("./plugin-schema.ts");
    await runPluginMigrations(this.driver.db, plugins);
  }

  async ping(): Promise<void> {
    await this.guard(() => this.db.execute(sql`select 1`));
  }

  /** Empties every table, keeping the schema (tests, and a "forget everything" command). */
  async reset(): Promise<void> {
    const names = Object.values(allTables).map((table) => sql.identifier(getTableName(table)));
    await this.guard(() => this.db.execute(sql`truncate table ${sql.join(names, sql`, `)}`));
  }

  async ensureEmbeddingDimension(dimension: number): Promise<void> {
    if (!Number.isInteger(dimension) || dimension < 1 || dimension > MAX_DIMENSION) {
      throw new StorageError(
        "EMBEDDING_DIMENSION_MISMATCH",
        `embedding dimension must be an integer from 1 to ${MAX_DIMENSION}, got ${dimension}`,
      );
    }
    this.dimension = dimension;
  }

  /** Rejects a vector of the wrong width before it reaches SQL. */
  private checkEmbedding(embedding: number[] | undefined): void {
    if (embedding === undefined) return;
    const expected = this.dimension ?? embedding.length;
    if (embedding.length !== expected || embedding.length === 0) {
      throw new StorageError(
        "EMBEDDING_DIMENSION_MISMATCH",
        `embedding has ${embedding.length} dimensions; this store is pinned to ${expected}`,
      );
    }
    if (!embedding.every(Number.isFinite)) {
      throw new StorageError("EMBEDDING_DIMENSION_MISMATCH", "embedding holds a non-finite value");
    }
  }

  // agents

  async getAgent(agentId: UUID): Promise<Agent | null> {
    const [row] = await this.guard(() =>
      this.db.select().from(agents).where(eq(agents.id, agentId)),
    );
    return row ? toAgent(row) : null;
  }

  async getAgents(): Promise<Agent[]> {
    const rows = await this.guard(() => this.db.select().from(agents).orderBy(asc(agents.name)));
    return rows.map(toAgent);
  }

  async createAgent(agent: Agent): Promise<boolean> {
    const now = this.now();
    const inserted = await this.guard(() =>
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
    return inserted.length > 0;
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    const patch: Partial<typeof agents.$inferInsert> = { updatedAt: agent.updatedAt ?? this.now() };
    if (agent.name !== undefined) patch.name = agent.name;
    if (agent.enabled !== undefined) patch.enabled = agent.enabled;
    if (agent.character !== undefined) patch.character = agent.character;
    const updated = await this.guard(() =>
      this.db.update(agents).set(patch).where(eq(agents.id, agentId)).returning({ id: agents.id }),
    );
    return updated.length > 0;
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    const deleted = await this.guard(() =>
      this.db.delete(agents).where(eq(agents.id, agentId)).returning({ id: agents.id }),
    );
    return deleted.length > 0;
  }

  // entities and components

  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    if (entityIds.length === 0) return [];
    const rows = await this.guard(() =>
      this.db.select().from(entities).where(inArray(entities.id, entityIds)),
    );
    return rows.map(toEntity);
  }

  async getEntitiesForRoom(roomId: UUID, includeComponents = false): Promise<Entity[]> {
    const rows = await this.guard(() =>
      this.db
        .select({ entity: entities })
        .from(participants)
        .innerJoin(entities, eq(entities.id, participants.entityId))
        .where(eq(participants.roomId, roomId)),
    );
    const found = rows.map((row) => toEntity(row.entity));
    if (!includeComponents || found.length === 0) return found;
    const ids = found.map((entity) => entity.id as UUID);
    const componentRows = await this.guard(() =>
      this.db.select().from(components).where(inArray(components.entityId, ids)),
    );
    return found.map((entity) => ({
      ...entity,
      components: componentRows.filter((c) => c.entityId === entity.id).map(toComponent),
    }));
  }

  private insertEntities(list: Entity[]): Statement {
    const now = this.now();
    return (db) =>
      db
        .insert(entities)
        .values(
          list.map((entity) => ({
            id: entity.id ?? randomUuid(),
            agentId: entity.agentId,
            names: entity.names,
            metadata: entity.metadata ?? null,
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
  }

  async createEntities(list: Entity[]): Promise<boolean> {
    if (list.length === 0) return true;
    const statement = this.insertEntities(list);
    await this.guard(async () => statement(this.db));
    return true;
  }

  async updateEntity(entity: Entity): Promise<void> {
    if (!entity.id) return;
    const id = entity.id;
    await this.guard(() =>
      this.db
        .update(entities)
        .set({ agentId: entity.agentId, names: entity.names, metadata: entity.metadata ?? null })
        .where(eq(entities.id, id)),
    );
  }

  private componentScope(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): SQL | undefined {
    return and(
      eq(components.entityId, entityId),
      worldId ? eq(components.worldId, worldId) : undefined,
      sourceEntityId ? eq(components.sourceEntityId, sourceEntityId) : undefined,
    );
  }

  async getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null> {
    const [row] = await this.guard(() =>
      this.db
        .select()
        .from(components)
        .where(
          and(this.componentScope(entityId, worldId, sourceEntityId), eq(components.type, type)),
        )
        .orderBy(asc(components.createdAt))
        .limit(1),
    );
    return row ? toComponent(row) : null;
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    const rows = await this.guard(() =>
      this.db
        .select()
        .from(components)
        .where(this.componentScope(entityId, worldId, sourceEntityId))
        .orderBy(asc(components.createdAt)),
    );
    return rows.map(toComponent);
  }

  async createComponent(component: Component): Promise<boolean> {
    const inserted = await this.guard(() =>
      this.db
        .insert(components)
        .values({ ...component, createdAt: component.createdAt ?? this.now() })
        .onConflictDoNothing()
        .returning({ id: components.id }),
    );
    return inserted.length > 0;
  }

  async updateComponent(component: Component): Promise<void> {
    const { id, createdAt: _createdAt, ...rest } = component;
    await this.guard(() => this.db.update(components).set(rest).where(eq(components.id, id)));
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    await this.guard(() => this.db.delete(components).where(eq(components.id, componentId)));
  }

  // memories

  private insertMemory(memory: Memory & { id: UUID }, tableName: string, unique?: boolean) {
    this.checkEmbedding(memory.embedding);
    const row = {
      id: memory.id,
      type: tableName,
      entityId: memory.entityId,
      agentId: memory.agentId ?? null,
      roomId: memory.roomId,
      worldId: memory.worldId ?? null,
      content: memory.content,
      embedding: memory.embedding ? [...memory.embedding] : null,
      unique: unique ?? memory.unique ?? false,
      metadata: memory.metadata ?? null,
      createdAt: memory.createdAt ?? this.now(),
    };
    return (db: Db) => db.insert(memories).values(row);
  }

  async createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    const id = memory.id ?? randomUuid();
    const statement = this.insertMemory({ ...memory, id }, tableName, unique);
    await this.guard(async () => statement(this.db));
    return id;
  }

  async getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    const rows = await this.guard(() =>
      this.db
        .select()
        .from(memories)
        .where(
          and(
            eq(memories.type, params.tableName),
            params.roomId ? eq(memories.roomId, params.roomId) : undefined,
            params.entityId ? eq(memories.entityId, params.entityId) : undefined,
            this.agentFilter(params.agentId),
            params.worldId ? eq(memories.worldId, params.worldId) : undefined,
            params.unique ? eq(memories.unique, true) : undefined,
            params.start !== undefined ? gte(memories.createdAt, params.start) : undefined,
            params.end !== undefined ? lte(memories.createdAt, params.end) : undefined,
          ),
        )
        .orderBy(desc(memories.createdAt), desc(memories.seq))
        .limit(params.count ?? Number.MAX_SAFE_INTEGER)
        .offset(params.offset ?? 0),
    );
    return rows.map(toMemory);
  }

  async getMemoryById(id: UUID): Promise<Memory | null> {
    const [row] = await this.guard(() =>
      this.db.select().from(memories).where(eq(memories.id, id)),
    );
    return row ? toMemory(row) : null;
  }

  async getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    if (ids.length === 0) return [];
    const rows = await this.guard(() =>
      this.db
        .select()
        .from(memories)
        .where(and(inArray(memories.id, ids), tableName ? eq(memories.type, tableName) : undefined))
        .orderBy(desc(memories.createdAt), desc(memories.seq)),
    );
    return rows.map(toMemory);
  }

  async getMemoriesByRoomIds(params: {
    tableName: string;
    roomIds: UUID[];
    limit?: number;
  }): Promise<Memory[]> {
    if (params.roomIds.length === 0) return [];
    const rows = await this.guard(() =>
      this.db
        .select()
        .from(memories)
        .where(
          and(
            eq(memories.type, params.tableName),
            inArray(memories.roomId, params.roomIds),
            this.agentFilter(),
          ),
        )
        .orderBy(desc(memories.createdAt), desc(memories.seq))
        .limit(params.limit ?? Number.MAX_SAFE_INTEGER),
    );
    return rows.map(toMemory);
  }

  async searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    this.checkEmbedding(params.embedding);
    const query = `[${params.embedding.join(",")}]`;
    // The CASE keeps `<=>` away from rows of another width (left from an earlier
    // EMBEDDING_DIMENSION), where pgvector would raise instead of skipping them; WHERE
    // clauses alone promise no evaluation order.
    const distance = sql<number>`(case when vector_dims(${memories.embedding}) = ${params.embedding.length} then ${memories.embedding} <=> ${query}::vector end)`;
    const threshold = params.match_threshold ?? 0;
    const rows = await this.guard(() =>
      this.db
        .select({ memory: memories, distance })
        .from(memories)
        .where(
          and(
            eq(memories.type, params.tableName),
            isNotNull(memories.embedding),
            this.agentFilter(params.agentId),
            params.roomId ? eq(memories.roomId, params.roomId) : undefined,
            params.worldId ? eq(memories.worldId, params.worldId) : undefined,
            params.entityId ? eq(memories.entityId, params.entityId) : undefined,
            params.unique ? eq(memories.unique, true) : undefined,
            sql`${distance} <= ${1 - threshold}`,
          ),
        )
        .orderBy(asc(distance), desc(memories.createdAt))
        .limit(params.count ?? 10),
    );
    return rows.map((row) => ({
      ...toMemory(row.memory),
      similarity: 1 - Number(row.distance),
    }));
  }

  private agentFilter(agentId = this.scope): SQL | undefined {
    return agentId ? eq(memories.agentId, agentId) : undefined;
  }

  async updateMemory(memory: Partial<Memory> & { id: UUID }): Promise<boolean> {
    this.checkEmbedding(memory.embedding);
    const patch: Partial<typeof memories.$inferInsert> = {};
    if (memory.content !== undefined) patch.content = memory.content;
    if (memory.metadata !== undefined) patch.metadata = memory.metadata;
    if (memory.embedding !== undefined) patch.embedding = [...memory.embedding];
    if (memory.entityId !== undefined) patch.entityId = memory.entityId;
    if (memory.agentId !== undefined) patch.agentId = memory.agentId;
    if (memory.roomId !== undefined) patch.roomId = memory.roomId;
    if (memory.worldId !== undefined) patch.worldId = memory.worldId;
    if (memory.unique !== undefined) patch.unique = memory.unique;
    if (memory.createdAt !== undefined) patch.createdAt = memory.createdAt;
    if (Object.keys(patch).length === 0) return (await this.getMemoryById(memory.id)) !== null;
    const updated = await this.guard(() =>
      this.db
        .update(memories)
        .set(patch)
        .where(eq(memories.id, memory.id))
        .returning({ id: memories.id }),
    );
    return updated.length > 0;
  }

  async deleteMemory(memoryId: UUID): Promise<void> {
    await this.guard(() => this.db.delete(memories).where(eq(memories.id, memoryId)));
  }

  async deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    if (memoryIds.length === 0) return;
    await this.guard(() => this.db.delete(memories).where(inArray(memories.id, memoryIds)));
  }

  async deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    await this.guard(() =>
      this.db
        .delete(memories)
        .where(and(eq(memories.roomId, roomId), eq(memories.type, tableName))),
    );
  }

  async countMemories(roomId: UUID, unique = false, tableName?: string): Promise<number> {
    const [row] = await this.guard(() =>
      this.db
        .select({ n: count() })
        .from(memories)
        .where(
          and(
            eq(memories.roomId, roomId),
            this.agentFilter(),
            unique ? eq(memories.unique, true) : undefined,
            tableName ? eq(memories.type, tableName) : undefined,
          ),
        ),
    );
    return Number(row?.n ?? 0);
  }

  // worlds and rooms

  private insertWorld(world: World): Statement {
    const row = {
      id: world.id,
      agentId: world.agentId,
      name: world.name ?? null,
      serverId: world.serverId ?? null,
      metadata: world.metadata ?? null,
      createdAt: this.now(),
    };
    return (db) => db.insert(worlds).values(row).onConflictDoNothing();
  }

  async createWorld(world: World): Promise<UUID> {
    const statement = this.insertWorld(world);
    await this.guard(async () => statement(this.db));
    return world.id;
  }

  async getWorld(id: UUID): Promise<World | null> {
    const [row] = await this.guard(() => this.db.select().from(worlds).where(eq(worlds.id, id)));
    return row ? toWorld(row) : null;
  }

  async getAllWorlds(): Promise<World[]> {
    const rows = await this.guard(() =>
      this.db.select().from(worlds).orderBy(asc(worlds.createdAt)),
    );
    return rows.map(toWorld);
  }

  async updateWorld(world: World): Promise<void> {
    await this.guard(() =>
      this.db
        .update(worlds)
        .set({
          agentId: world.agentId,
          name: world.name ?? null,
          serverId: world.serverId ?? null,
          metadata: world.metadata ?? null,
        })
        .where(eq(worlds.id, world.id)),
    );
  }

  async removeWorld(id: UUID): Promise<void> {
    await this.guard(() => this.db.delete(worlds).where(eq(worlds.id, id)));
  }

  private insertRooms(list: Room[]): Statement {
    const now = this.now();
    const rows = list.map((room) => ({
      id: room.id,
      agentId: room.agentId ?? null,
      name: room.name ?? null,
      source: room.source,
      type: room.type,
      channelId: room.channelId ?? null,
      serverId: room.serverId ?? null,
      worldId: room.worldId ?? null,
      metadata: room.metadata ?? null,
      createdAt: now,
    }));
    return (db) => db.insert(rooms).values(rows).onConflictDoNothing();
  }

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    if (roomIds.length === 0) return [];
    const rows = await this.guard(() =>
      this.db.select().from(rooms).where(inArray(rooms.id, roomIds)),
    );
    return rows.map(toRoom);
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    const rows = await this.guard(() =>
      this.db.select().from(rooms).where(eq(rooms.worldId, worldId)),
    );
    return rows.map(toRoom);
  }

  async createRooms(list: Room[]): Promise<UUID[]> {
    if (list.length === 0) return [];
    const statement = this.insertRooms(list);
    await this.guard(async () => statement(this.db));
    return list.map((room) => room.id);
  }

  async updateRoom(room: Room): Promise<void> {
    await this.guard(() =>
      this.db
        .update(rooms)
        .set({
          agentId: room.agentId ?? null,
          name: room.name ?? null,
          source: room.source,
          type: room.type,
          channelId: room.channelId ?? null,
          serverId: room.serverId ?? null,
          worldId: room.worldId ?? null,
          metadata: room.metadata ?? null,
        })
        .where(eq(rooms.id, room.id)),
    );
  }

  async deleteRoom(roomId: UUID): Promise<void> {
    await this.atomic([
      (db) => db.delete(memories).where(eq(memories.roomId, roomId)),
      (db) => db.delete(participants).where(eq(participants.roomId, roomId)),
      (db) => db.delete(rooms).where(eq(rooms.id, roomId)),
    ]);
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    const inWorld = (db: Db) =>
      db.select({ id: rooms.id }).from(rooms).where(eq(rooms.worldId, worldId));
    await this.atomic([
      (db) => db.delete(memories).where(inArray(memories.roomId, inWorld(db))),
      (db) => db.delete(participants).where(inArray(participants.roomId, inWorld(db))),
      (db) => db.delete(rooms).where(eq(rooms.worldId, worldId)),
    ]);
  }

  // participants

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    const rows = await this.guard(() =>
      this.db
        .select({ roomId: participants.roomId })
        .from(participants)
        .where(eq(participants.entityId, entityId)),
    );
    return rows.map((row) => row.roomId as UUID);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    if (entityIds.length === 0) return [];
    const rows = await this.guard(() =>
      this.db
        .selectDistinct({ roomId: participants.roomId })
        .from(participants)
        .where(inArray(participants.entityId, entityIds)),
    );
    return rows.map((row) => row.roomId as UUID);
  }

  async getParticipantsForEntity(entityId: UUID): Promise<Participant[]> {
    const rows = await this.guard(() =>
      this.db
        .select({
          id: participants.id,
          entityId: participants.entityId,
          roomId: participants.roomId,
        })
        .from(participants)
        .where(eq(participants.entityId, entityId)),
    );
    return rows.map((row) => ({
      id: row.id as UUID,
      entityId: row.entityId as UUID,
      roomId: row.roomId as UUID,
    }));
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    const rows = await this.guard(() =>
      this.db
        .select({ entityId: participants.entityId })
        .from(participants)
        .where(eq(participants.roomId, roomId)),
    );
    return rows.map((row) => row.entityId as UUID);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    const rows = await this.guard(() =>
      this.db
        .select({ id: participants.id })
        .from(participants)
        .where(and(eq(participants.roomId, roomId), eq(participants.entityId, entityId)))
        .limit(1),
    );
    return rows.length > 0;
  }

  private insertParticipants(entityIds: UUID[], roomId: UUID): Statement {
    const now = this.now();
    const rows = [...new Set(entityIds)].map((entityId) => ({
      id: randomUuid(),
      entityId,
      roomId,
      createdAt: now,
    }));
    return (db) => db.insert(participants).values(rows).onConflictDoNothing();
  }

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    if (entityIds.length === 0) return true;
    const statement = this.insertParticipants(entityIds, roomId);
    await this.guard(async () => statement(this.db));
    return true;
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    const deleted = await this.guard(() =>
      this.db
        .delete(participants)
        .where(and(eq(participants.entityId, entityId), eq(participants.roomId, roomId)))
        .returning({ id: participants.id }),
    );
    return deleted.length > 0;
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    const [row] = await this.guard(() =>
      this.db
        .select({ state: participants.userState })
        .from(participants)
        .where(and(eq(participants.roomId, roomId), eq(participants.entityId, entityId))),
    );
    const state = row?.state;
    return state === "FOLLOWED" || state === "MUTED" ? state : null;
  }

  async setParticipantUserState(
    roomId: UUID,
    entityId: UUID,
    state: ParticipantState,
  ): Promise<void> {
    await this.guard(() =>
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
    const inserted = await this.guard(() =>
      this.db
        .insert(relationships)
        .values({
          id: randomUuid(),
          sourceEntityId: params.sourceEntityId,
          targetEntityId: params.targetEntityId,
          agentId: this.options.agentId ?? NIL_UUID,
          tags: params.tags ?? [],
          metadata: params.metadata ?? {},
          createdAt: this.now(),
        })
        .onConflictDoNothing()
        .returning({ id: relationships.id }),
    );
    return inserted.length > 0;
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    await this.guard(() =>
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
    const [row] = await this.guard(() =>
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
    const rows = await this.guard(() =>
      this.db
        .select()
        .from(relationships)
        .where(
          and(
            or(
              eq(relationships.sourceEntityId, params.entityId),
              eq(relationships.targetEntityId, params.entityId),
            ),
            params.tags?.length ? arrayOverlaps(relationships.tags, params.tags) : undefined,
          ),
        )
        .orderBy(asc(relationships.createdAt)),
    );
    return rows.map(toRelationship);
  }

  // cache

  async getCache<T>(key: string): Promise<T | undefined> {
    const [row] = await this.guard(() =>
      this.db
        .select({ value: cache.value })
        .from(cache)
        .where(
          and(eq(cache.key, key), or(isNull(cache.expiresAt), gt(cache.expiresAt, this.now()))),
        ),
    );
    return row ? (row.value as T) : undefined;
  }

  private upsertCache(key: string, value: unknown, ttlMs?: number): Statement {
    const now = this.now();
    const row = {
      key,
      // JSON has no undefined; store it as null like JSON.stringify does inside arrays.
      value: value === undefined ? null : value,
      expiresAt: ttlMs === undefined ? null : now + ttlMs,
      createdAt: now,
    };
    return (db) =>
      db
        .insert(cache)
        .values(row)
        .onConflictDoUpdate({
          target: cache.key,
          set: { value: row.value, expiresAt: row.expiresAt, createdAt: row.createdAt },
        });
  }

  async setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean> {
    const statement = this.upsertCache(key, value, options?.ttlMs);
    await this.guard(async () => statement(this.db));
    return true;
  }

  async deleteCache(key: string): Promise<boolean> {
    const deleted = await this.guard(() =>
      this.db.delete(cache).where(eq(cache.key, key)).returning({ key: cache.key }),
    );
    return deleted.length > 0;
  }

  // logs

  async log(params: LogParams): Promise<void> {
    await this.guard(() =>
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
    const rows = await this.guard(() =>
      this.db
        .select()
        .from(logs)
        .where(
          and(
            eq(logs.entityId, params.entityId),
            params.roomId ? eq(logs.roomId, params.roomId) : undefined,
            params.type !== undefined ? eq(logs.type, params.type) : undefined,
            params.before !== undefined ? lt(logs.createdAt, params.before) : undefined,
          ),
        )
        .orderBy(desc(logs.createdAt), desc(logs.seq))
        .limit(params.count ?? Number.MAX_SAFE_INTEGER)
        .offset(params.offset ?? 0),
    );
    return rows.map(toLog);
  }

  async getLog(id: UUID): Promise<Log | null> {
    const rows = await this.guard(() =>
      this.db.select().from(logs).where(eq(logs.id, id)).limit(1),
    );
    return rows[0] ? toLog(rows[0]) : null;
  }

  async deleteLog(logId: UUID): Promise<void> {
    await this.guard(() => this.db.delete(logs).where(eq(logs.id, logId)));
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
    const deleted = await this.guard(() =>
      this.db.delete(logs).where(inArray(logs.id, oldest)).returning({ id: logs.id }),
    );
    return deleted.length;
  }

  // tasks

  private insertTask(task: Task & { id: UUID }): Statement {
    const now = this.now();
    const row = {
      ...taskPatch(task),
      id: task.id,
      name: task.name,
      tags: task.tags ?? [],
      createdAt: task.createdAt ?? now,
      updatedAt: task.updatedAt ?? now,
    };
    return (db) => db.insert(tasks).values(row);
  }

  private updateTaskStatement(id: UUID, task: Partial<Task>): Statement {
    const patch = { ...taskPatch(task), updatedAt: this.now() };
    return (db) => db.update(tasks).set(patch).where(eq(tasks.id, id));
  }

  async createTask(task: Task): Promise<UUID> {
    const id = task.id ?? randomUuid();
    const statement = this.insertTask({ ...task, id });
    await this.guard(async () => statement(this.db));
    return id;
  }

  async getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    const rows = await this.guard(() =>
      this.db
        .select()
        .from(tasks)
        .where(
          and(
            params.roomId ? eq(tasks.roomId, params.roomId) : undefined,
            params.entityId ? eq(tasks.entityId, params.entityId) : undefined,
            params.tags?.length ? arrayContains(tasks.tags, params.tags) : undefined,
          ),
        )
        .orderBy(asc(tasks.createdAt)),
    );
    return rows.map(toTask);
  }

  async getTask(id: UUID): Promise<Task | null> {
    const [row] = await this.guard(() => this.db.select().from(tasks).where(eq(tasks.id, id)));
    return row ? toTask(row) : null;
  }

  async getTasksByName(name: string): Promise<Task[]> {
    const rows = await this.guard(() =>
      this.db.select().from(tasks).where(eq(tasks.name, name)).orderBy(asc(tasks.createdAt)),
    );
    return rows.map(toTask);
  }

  async updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    const statement = this.updateTaskStatement(id, task);
    await this.guard(async () => statement(this.db));
  }

  async deleteTask(id: UUID): Promise<void> {
    await this.guard(() => this.db.delete(tasks).where(eq(tasks.id, id)));
  }

  // serverless primitives

  async claimOnce(key: string, ttlMs: number, now = this.now()): Promise<boolean> {
    // One statement: the insert wins for a new key; for a taken key the conditional update
    // only fires once the previous claim has expired. Row locks make one racer win either way.
    const won = await this.guard(() =>
      this.db
        .insert(claims)
        .values({ key, expiresAt: now + ttlMs })
        .onConflictDoUpdate({
          target: claims.key,
          set: { expiresAt: now + ttlMs },
          setWhere: lte(claims.expiresAt, now),
        })
        .returning({ key: claims.key }),
    );
    return won.length > 0;
  }

  async sweepExpired(now: number, limit: number): Promise<SweepReport> {
    if (limit <= 0) return { claims: 0, cache: 0 };
    // Bounded by `limit` (the subquery walks the expires_at index). The outer condition is
    // re-checked on rows a concurrent claimOnce/setCache renewed meanwhile, so a live claim
    // is never deleted.
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
    const [goneClaims, goneCache] = await this.atomic([
      (db) =>
        db
          .delete(claims)
          .where(and(inArray(claims.key, expiredClaims), lte(claims.expiresAt, now)))
          .returning({ key: claims.key }),
      (db) =>
        db
          .delete(cache)
          .where(and(inArray(cache.key, expiredCache), lte(cache.expiresAt, now)))
          .returning({ key: cache.key }),
    ]);
    return {
      claims: (goneClaims as unknown[]).length,
      cache: (goneCache as unknown[]).length,
    };
  }

  async claimDueTasks(params: ClaimDueTasksParams): Promise<Task[]> {
    if (params.limit <= 0) return [];
    const { now } = params;
    // A CTE locks the due rows it picks (skipping rows another claimer has locked) and the
    // UPDATE leases exactly those: one statement, so it needs no interactive transaction.
    const due = this.db.$with("due").as(
      this.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(
          and(
            lte(tasks.dueAt, now),
            or(isNull(tasks.leaseExpiresAt), lte(tasks.leaseExpiresAt, now)),
            params.agentId ? eq(tasks.agentId, params.agentId) : undefined,
          ),
        )
        .orderBy(asc(tasks.dueAt), asc(tasks.id))
        .limit(params.limit)
        .for("update", { skipLocked: true }),
    );
    const rows = await this.guard(() =>
      this.db
        .with(due)
        .update(tasks)
        .set({ leaseOwner: params.owner, leaseExpiresAt: now + params.leaseMs, updatedAt: now })
        .where(inArray(tasks.id, this.db.select({ id: due.id }).from(due)))
        .returning(),
    );
    return rows
      .map(toTask)
      .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0) || String(a.id).localeCompare(String(b.id)));
  }

  async claimTask(id: UUID, { now, owner, leaseMs }: ClaimTaskParams): Promise<Task | null> {
    // One conditional UPDATE: Postgres re-checks the lease condition on the locked row.
    const [claimed] = await this.guard(() =>
      this.db
        .update(tasks)
        .set({ leaseOwner: owner, leaseExpiresAt: now + leaseMs, updatedAt: now })
        .where(
          and(eq(tasks.id, id), or(isNull(tasks.leaseExpiresAt), lte(tasks.leaseExpiresAt, now))),
        )
        .returning(),
    );
    return claimed ? toTask(claimed) : null;
  }

  async releaseTaskLease(id: UUID, owner: string, patch: Partial<Task> = {}): Promise<boolean> {
    const held = and(eq(tasks.id, id), eq(tasks.leaseOwner, owner));
    // A pause that landed during the run wins: the patch applies only to an unpaused task,
    // and the second statement (a no-op when the first matched) just lets a paused one go.
    const unpaused = sql`(${tasks.metadata} -> 'paused') IS DISTINCT FROM 'true'::jsonb`;
    const free = { leaseOwner: null, leaseExpiresAt: null, updatedAt: this.now() };
    const [released] = (await this.atomic([
      (db) =>
        db
          .update(tasks)
          .set({ ...taskPatch(patch), ...free })
          .where(and(held, unpaused))
          .returning({ id: tasks.id }),
      (db) => db.update(tasks).set(free).where(held).returning({ id: tasks.id }),
    ])) as { id: string }[][];
    return (released?.length ?? 0) > 0;
  }

  async batch(ops: StorageOp[]): Promise<void> {
    // Every op becomes a statement before any SQL runs, so a bad op (a wrong-width
    // embedding) fails the whole batch with nothing applied.
    const statements = ops.map((op) => this.statementFor(op));
    await this.atomic(statements);
  }

  private statementFor(op: StorageOp): Statement {
    switch (op.op) {
      case "ensureWorld":
        return this.insertWorld(op.world);
      case "ensureRoom":
        return this.insertRooms([op.room]);
      case "ensureEntity":
        return this.insertEntities([op.entity]);
      case "ensureParticipant":
        return this.insertParticipants([op.entityId], op.roomId);
      case "createMemory":
        return this.insertMemory(op.memory, op.tableName);
      case "deleteMemory":
        return (db) => db.delete(memories).where(eq(memories.id, op.memoryId));
      case "createTask":
        return this.insertTask(op.task);
      case "updateTask":
        return this.updateTaskStatement(op.id, op.task);
      case "deleteTask":
        return (db) => db.delete(tasks).where(eq(tasks.id, op.id));
      case "setCache":
        return this.upsertCache(op.key, op.value, op.ttlMs);
      case "deleteCache":
        return (db) => db.delete(cache).where(eq(cache.key, op.key));
    }
  }
}
