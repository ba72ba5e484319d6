// The storage contract on one DynamoDB table (single-table design: keys.ts). Reads by key
// are strongly consistent; lists through a GSI are eventually consistent, as every GSI is.
// Whatever must be decided atomically is one conditional write (claims, leases, creates),
// and batch(ops) is one TransactWriteItems (batch.ts).
import {
  DeleteItemCommand,
  type DynamoDBClient,
  PutItemCommand,
  type QueryCommandInput,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
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
import { StorageError } from "../../core/storage.ts";
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
import { wellFormed } from "../../core/well-formed.ts";
import {
  decodeEmbedding,
  encodeEmbedding,
  type Item,
  json,
  num,
  str,
  toJson,
} from "./attributes.ts";
import { buildTransaction, runTransaction, type TransactAction } from "./batch.ts";
import { createDynamoClient } from "./client.ts";
import { createTable } from "./create-table.ts";
import { isConditionFailed } from "./errors.ts";
import { Expression, updateExpression } from "./expression.ts";
import {
  agentItem,
  agentPatch,
  cacheItem,
  claimItem,
  componentItem,
  doc,
  entityDoc,
  entityItem,
  type Fields,
  logItem,
  memoryGsis,
  memoryItem,
  participantItem,
  participantState,
  relationshipItem,
  roomGsis,
  roomItem,
  taskItem,
  taskPatch,
  toAgent,
  toLog,
  toMemory,
  toParticipant,
  toRelationship,
  toTask,
  worldItem,
} from "./items.ts";
import {
  dueUntil,
  type GsiName,
  gsiPk,
  gsiSk,
  HIGH,
  type Key,
  keys,
  memoryTablePrefix,
  PARTICIPANT_SK_PREFIX,
  partitions,
  RELATIONSHIP_SK_PREFIX,
  sortable,
} from "./keys.ts";
import { assertItemFits, itemBytes } from "./limits.ts";
import { keyOf, Table } from "./table.ts";
import { rankByCosine, SEARCH_CANDIDATES } from "./vector-search.ts";

export interface DynamoStorageOptions {
  /** The table (DYNAMODB_TABLE), created by `npm run dynamodb:create-table` or the stack. */
  tableName: string;
  /** A client to use; the storage then leaves it open on close(). */
  client?: DynamoDBClient;
  /** DYNAMODB_ENDPOINT, e.g. DynamoDB Local; ignored when `client` is given. */
  endpoint?: string;
  /** AWS_REGION; defaults to the SDK's own lookup, or us-east-1 for a local endpoint. */
  region?: string;
  /** Defaults to the SDK's provider chain, or dummy keys for a localhost endpoint. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** The clock, in ms since epoch: createdAt defaults, cache TTL, claimOnce. */
  now?: () => number;
  /**
   * The agent this store serves: relationships are recorded under it and memory reads see
   * only its memories. Absent: relationships get the nil UUID and reads span every agent.
   */
  agentId?: UUID;
  /**
   * The pinned width (EMBEDDING_DIMENSION) when known from configuration. Otherwise the
   * width recorded by ensureEmbeddingDimension is read once, on the first vector write.
   */
  embeddingDimension?: number;
  /** Id generator; default crypto.randomUUID. */
  generateId?: () => UUID;
  /** Candidates one searchMemories scores; default SEARCH_CANDIDATES. */
  searchCandidates?: number;
  /** init() creates the table (GSIs, TTL) when it is missing: local runs and tests. */
  createTable?: boolean;
}

const NIL_UUID = "00000000-0000-0000-0000-000000000000" as UUID;

/** Attributes the list queries of a scope filter on, beside the scope's own key. */
interface MemoryScope {
  index: GsiName;
  pk: string;
  /** Sort-key prefix selecting the table (empty on the per-table index). */
  prefix: string;
  /** Which filters the key already applies. */
  keyed: "roomId" | "entityId" | "worldId" | "table";
}

export class DynamoStorage implements StorageAdapter {
  readonly kind = "dynamodb";
  readonly tableName: string;
  private readonly table: Table;
  private readonly ownsClient: boolean;
  private readonly now: () => number;
  private readonly agentId: UUID;
  /** The memory reads' default agent scope (the agentId option, when given). */
  private readonly scope: UUID | undefined;
  private readonly newId: () => UUID;
  private readonly candidates: number;
  private readonly createTableOnInit: boolean;
  private dimension: number | undefined;
  private dimensionLoaded = false;

  constructor(options: DynamoStorageOptions) {
    if (!options.tableName) throw new TypeError("DynamoStorage needs a tableName (DYNAMODB_TABLE)");
    this.tableName = options.tableName;
    this.ownsClient = !options.client;
    const client = options.client ?? createDynamoClient(options);
    this.table = new Table(client, options.tableName);
    this.now = options.now ?? Date.now;
    this.agentId = options.agentId ?? NIL_UUID;
    this.scope = options.agentId;
    this.newId = options.generateId ?? randomUuid;
    this.candidates = options.searchCandidates ?? SEARCH_CANDIDATES;
    this.createTableOnInit = options.createTable ?? false;
    if (options.embeddingDimension !== undefined) {
      assertValidDimension(options.embeddingDimension);
      this.dimension = options.embeddingDimension;
    }
  }

  /** The table belongs to the stack or the create-table CLI; created here only on request. */
  async init(): Promise<void> {
    if (this.createTableOnInit) await createTable(this.table.client, this.tableName);
  }

  async close(): Promise<void> {
    if (this.ownsClient) this.table.client.destroy();
  }

  /** One strongly consistent GetItem (half a read unit): the table answers or it does not. */
  async ping(): Promise<void> {
    await this.table.get(keys.embeddingDimension());
  }

  async ensureEmbeddingDimension(dimension: number): Promise<void> {
    assertValidDimension(dimension);
    await this.put({
      ...this.table.key(keys.embeddingDimension()),
      value: { N: String(dimension) },
    });
    this.dimension = dimension;
    this.dimensionLoaded = true;
  }

  // agents

  async getAgent(agentId: UUID): Promise<Agent | null> {
    const row = await this.table.get(keys.agent(agentId));
    return row ? toAgent(row) : null;
  }

  async getAgents(): Promise<Agent[]> {
    return (await this.queryIndex("gsi1", partitions.agents())).map(toAgent);
  }

  async createAgent(agent: Agent): Promise<boolean> {
    return this.putIfAbsent(checked(agentItem(agent, this.now()), `agent ${agent.id}`));
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    return this.updateIfExists(keys.agent(agentId), agentPatch(agent, this.now()));
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    return this.deleteReturning(keys.agent(agentId)).then(Boolean);
  }

  // entities and components

  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    const rows = await this.table.batchGet(entityIds.map(keys.entity));
    return inOrder(entityIds, rows.map(doc<Entity & { id: UUID }>));
  }

  async getEntitiesForRoom(roomId: UUID, includeComponents = false): Promise<Entity[]> {
    const entityIds = await this.getParticipantsForRoom(roomId);
    if (entityIds.length === 0) return [];
    const [entities, components] = await Promise.all([
      this.getEntitiesByIds(entityIds),
      includeComponents
        ? Promise.all(entityIds.map((id) => this.getComponents(id)))
        : Promise.resolve([]),
    ]);
    if (!includeComponents) return entities;
    const byEntity = new Map(entityIds.map((id, i) => [id, components[i] ?? []]));
    return entities.map((e) => ({ ...e, components: byEntity.get(e.id as UUID) ?? [] }));
  }

  async createEntities(entities: Entity[]): Promise<boolean> {
    await Promise.all(
      entities.map((entity) => {
        const id = entity.id ?? this.newId();
        return this.putIfAbsent(checked(entityItem({ ...entity, id }), `entity ${id}`));
      }),
    );
    return true;
  }

  async updateEntity(entity: Entity): Promise<void> {
    if (!entity.id) return;
    const row = entityDoc({ ...entity, id: entity.id });
    await this.updateIfExists(keys.entity(entity.id), { doc: toJson(row) });
  }

  async getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null> {
    const found = await this.getComponents(entityId, worldId, sourceEntityId);
    return found.find((c) => c.type === type) ?? null;
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    const rows = await this.queryIndex("gsi1", partitions.componentsOfEntity(entityId));
    return rows
      .map(doc<Component>)
      .filter(
        (c) =>
          (worldId === undefined || c.worldId === worldId) &&
          (sourceEntityId === undefined || c.sourceEntityId === sourceEntityId),
      );
  }

  async createComponent(component: Component): Promise<boolean> {
    return this.putIfAbsent(checked(componentItem(component), `component ${component.id}`));
  }

  async updateComponent(component: Component): Promise<void> {
    // A whole replacement: the entity (so the index key) may change too.
    await this.put(checked(componentItem(component), `component ${component.id}`), {
      ConditionExpression: "attribute_exists(pk)",
    }).catch(ignoreConditionFailed);
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    await this.delete(keys.component(componentId));
  }

  // memories

  async getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    const scope = memoryScope(params);
    const { filter, expr } = memoryFilter(
      { ...params, agentId: params.agentId ?? this.scope },
      scope,
    );
    const offset = Math.max(0, params.offset ?? 0);
    const want = params.count === undefined ? Number.POSITIVE_INFINITY : offset + params.count;
    if (want === 0) return [];
    const keyCondition = memoryRange(expr, scope, params.start, params.end);
    const rows = await this.table.query(
      {
        IndexName: scope.index,
        KeyConditionExpression: keyCondition,
        ...(filter ? { FilterExpression: filter } : {}),
        ScanIndexForward: false,
        ...(Number.isFinite(want) ? { Limit: filter ? Math.max(want, 100) : want } : {}),
        ...expr.params(),
      },
      want,
    );
    return rows
      .map(toMemory)
      .filter((m) => withinTime(m.createdAt ?? 0, params.start, params.end))
      .slice(offset);
  }

  async getMemoryById(id: UUID): Promise<Memory | null> {
    const row = await this.table.get(keys.memory(id));
    return row ? toMemory(row) : null;
  }

  async getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    const rows = await this.table.batchGet(ids.map(keys.memory));
    const inTable = rows.filter(
      (row) => tableName === undefined || str(row, "table") === tableName,
    );
    return inOrder(ids, inTable.map(toMemory));
  }

  async getMemoriesByRoomIds(params: {
    tableName: string;
    roomIds: UUID[];
    limit?: number;
  }): Promise<Memory[]> {
    const limit = params.limit ?? Number.POSITIVE_INFINITY;
    if (params.roomIds.length === 0 || limit <= 0) return [];
    // One newest-first Query per room, in parallel; each needs at most `limit` rows.
    const perRoom = await Promise.all(
      [...new Set(params.roomIds)].map((roomId) =>
        this.getMemories({
          tableName: params.tableName,
          roomId,
          ...(Number.isFinite(limit) ? { count: limit } : {}),
        }),
      ),
    );
    return perRoom
      .flat()
      .sort(newestFirst)
      .slice(0, Number.isFinite(limit) ? limit : undefined);
  }

  async searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    assertEmbeddingDimension(params.embedding, await this.pinnedDimension());
    const scope = memoryScope(params);
    // The agent is a filter, and the query pages on until `candidates` rows of this agent
    // matched: another agent's newer rows cost reads but never crowd this agent's out.
    const { filter, expr } = memoryFilter(
      { ...params, agentId: params.agentId ?? this.scope },
      scope,
    );
    const embedded = `attribute_exists(${expr.name("embedding")})`;
    const keyCondition = memoryRange(expr, scope);
    const rows = await this.table.query(
      {
        IndexName: scope.index,
        KeyConditionExpression: keyCondition,
        FilterExpression: filter ? `${embedded} AND ${filter}` : embedded,
        ScanIndexForward: false,
        Limit: this.candidates,
        ...expr.params(),
      },
      this.candidates,
    );
    const ranked = rankByCosine(
      params.embedding,
      rows.map((row) => ({ row, embedding: decodeEmbedding(row.embedding!.B!) })),
      params.match_threshold ?? 0,
      params.count ?? 10,
    );
    return ranked.map(({ row, similarity }) => ({ ...toMemory(row), similarity }));
  }

  async createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    if (memory.embedding !== undefined) {
      assertEmbeddingDimension(memory.embedding, await this.pinnedDimension());
    }
    const id = memory.id ?? this.newId();
    const item = memoryItem(
      {
        ...memory,
        id,
        createdAt: memory.createdAt ?? this.now(),
        unique: unique ?? memory.unique ?? false,
      },
      tableName,
    );
    if (!(await this.putIfAbsent(checked(item, `memory ${id}`)))) {
      throw new StorageError("CONFLICT", `memory ${id} already exists`);
    }
    return id;
  }

  async updateMemory(memory: Partial<Memory> & { id: UUID }): Promise<boolean> {
    if (memory.embedding) {
      assertEmbeddingDimension(memory.embedding, await this.pinnedDimension());
    }
    const patch: Fields = {
      content: toJson(memory.content),
      metadata: toJson(memory.metadata),
      embedding: memory.embedding ? encodeEmbedding(memory.embedding) : undefined,
      entityId: memory.entityId,
      agentId: memory.agentId,
      roomId: memory.roomId,
      worldId: memory.worldId,
      unique: memory.unique,
      createdAt: memory.createdAt,
    };
    // Index keys that follow from the patch alone; the sort keys also need the table and
    // createdAt, so a new createdAt or worldId re-keys from the updated row (a second call).
    if (memory.roomId) patch[gsiPk("gsi1")] = partitions.memoriesOfRoom(memory.roomId);
    if (memory.entityId) patch[gsiPk("gsi3")] = partitions.memoriesOfEntity(memory.entityId);
    const updated = await this.updateIfExists(keys.memory(memory.id), patch, "ALL_NEW");
    if (!updated) return false;
    if (memory.createdAt !== undefined || memory.worldId !== undefined) {
      const row = toMemory(updated);
      const gsis = memoryGsis(
        { ...row, id: memory.id, createdAt: row.createdAt ?? 0 },
        str(updated, "table") ?? "",
      );
      const rekey: Fields = {};
      for (const [index, key] of Object.entries(gsis)) {
        rekey[gsiPk(index as GsiName)] = key.pk;
        rekey[gsiSk(index as GsiName)] = key.sk;
      }
      await this.updateIfExists(keys.memory(memory.id), rekey);
    }
    return true;
  }

  async deleteMemory(memoryId: UUID): Promise<void> {
    await this.delete(keys.memory(memoryId));
  }

  async deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    await this.table.batchDelete(memoryIds.map(keys.memory));
  }

  async deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    const expr = new Expression();
    const rows = await this.table.query({
      IndexName: "gsi1",
      KeyConditionExpression: `${expr.name(gsiPk("gsi1"))} = ${expr.value(partitions.memoriesOfRoom(roomId))} AND begins_with(${expr.name(gsiSk("gsi1"))}, ${expr.value(memoryTablePrefix(tableName))})`,
      ProjectionExpression: "pk, sk",
      ...expr.params(),
    });
    await this.table.batchDelete(rows.map(keyOf));
  }

  async countMemories(roomId: UUID, unique = false, tableName?: string): Promise<number> {
    const expr = new Expression();
    let keyCondition = `${expr.name(gsiPk("gsi1"))} = ${expr.value(partitions.memoriesOfRoom(roomId))}`;
    if (tableName !== undefined) {
      keyCondition += ` AND begins_with(${expr.name(gsiSk("gsi1"))}, ${expr.value(memoryTablePrefix(tableName))})`;
    }
    const parts: string[] = [];
    if (unique) parts.push(`${expr.name("unique")} = ${expr.value(true)}`);
    if (this.scope) parts.push(`${expr.name("agentId")} = ${expr.value(this.scope)}`);
    const filter = parts.length > 0 ? parts.join(" AND ") : undefined;
    return this.table.count({
      IndexName: "gsi1",
      KeyConditionExpression: keyCondition,
      ...(filter ? { FilterExpression: filter } : {}),
      ...expr.params(),
    });
  }

  // worlds and rooms

  async createWorld(world: World): Promise<UUID> {
    if (!(await this.putIfAbsent(checked(worldItem(world), `world ${world.id}`)))) {
      throw new StorageError("CONFLICT", `world ${world.id} already exists`);
    }
    return world.id;
  }

  async getWorld(id: UUID): Promise<World | null> {
    const row = await this.table.get(keys.world(id));
    return row ? doc<World>(row) : null;
  }

  async getAllWorlds(): Promise<World[]> {
    return (await this.queryIndex("gsi1", partitions.worlds())).map(doc<World>);
  }

  async updateWorld(world: World): Promise<void> {
    await this.updateIfExists(keys.world(world.id), { doc: toJson(world) });
  }

  async removeWorld(id: UUID): Promise<void> {
    await this.delete(keys.world(id));
  }

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    const rows = await this.table.batchGet(roomIds.map(keys.room));
    return inOrder(roomIds, rows.map(doc<Room>));
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    const rows = await this.queryIndex("gsi1", partitions.roomsOfWorld(worldId));
    // An ensureRoom over an older room may index it without changing its doc; the doc rules.
    return rows.map(doc<Room>).filter((room) => room.worldId === worldId);
  }

  async createRooms(rooms: Room[]): Promise<UUID[]> {
    const ids = new Set<UUID>();
    for (const room of rooms) {
      if (ids.has(room.id)) throw new StorageError("CONFLICT", `room ${room.id} is listed twice`);
      ids.add(room.id);
    }
    if (rooms.length === 1) {
      const room = rooms[0]!;
      if (!(await this.putIfAbsent(checked(roomItem(room), `room ${room.id}`)))) {
        throw new StorageError("CONFLICT", `room ${room.id} already exists`);
      }
    } else if (rooms.length > 1) {
      // All or none, as one transaction per 100 rooms (atomic only within each 100).
      for (let i = 0; i < rooms.length; i += 100) {
        const actions: TransactAction[] = rooms.slice(i, i + 100).map((room, j) => {
          const item = checked(roomItem(room), `room ${room.id}`);
          return {
            index: i + j,
            op: "ensureRoom",
            key: keys.room(room.id),
            bytes: itemBytes(item),
            onConditionFailed: "conflict",
            write: {
              Put: {
                TableName: this.tableName,
                Item: item,
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
          };
        });
        await runTransaction(this.table, actions);
      }
    }
    return rooms.map((r) => r.id);
  }

  async updateRoom(room: Room): Promise<void> {
    const gsi1 = roomGsis(room).gsi1;
    await this.updateIfExists(keys.room(room.id), {
      doc: toJson(room),
      [gsiPk("gsi1")]: gsi1?.pk ?? null,
      [gsiSk("gsi1")]: gsi1?.sk ?? null,
    });
  }

  async deleteRoom(roomId: UUID): Promise<void> {
    const expr = new Expression();
    const [inPartition, memories] = await Promise.all([
      // The room item and its participants share the room's partition.
      this.table.query({
        KeyConditionExpression: `pk = ${expr.value(keys.room(roomId).pk)}`,
        ProjectionExpression: "pk, sk",
        ConsistentRead: true,
        ExpressionAttributeValues: expr.values,
      }),
      this.queryIndex("gsi1", partitions.memoriesOfRoom(roomId), { keysOnly: true }),
    ]);
    await this.table.batchDelete([...inPartition, ...memories].map(keyOf));
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    const rooms = await this.getRoomsByWorld(worldId);
    await Promise.all(rooms.map((room) => this.deleteRoom(room.id)));
  }

  // participants

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return (await this.getParticipantsForEntity(entityId)).map((p) => p.roomId);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    const lists = await Promise.all(
      [...new Set(entityIds)].map((id) => this.getRoomsForParticipant(id)),
    );
    return [...new Set(lists.flat())];
  }

  async getParticipantsForEntity(entityId: UUID): Promise<Participant[]> {
    return (await this.queryIndex("gsi1", partitions.roomsOfEntity(entityId))).map(toParticipant);
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    const expr = new Expression();
    const rows = await this.table.query({
      KeyConditionExpression: `pk = ${expr.value(keys.room(roomId).pk)} AND begins_with(sk, ${expr.value(PARTICIPANT_SK_PREFIX)})`,
      ConsistentRead: true,
      ExpressionAttributeValues: expr.values,
    });
    return rows.map((row) => toParticipant(row).entityId);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return (await this.table.get(keys.participant(roomId, entityId))) !== undefined;
  }

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    await Promise.all(
      [...new Set(entityIds)].map((entityId) =>
        this.putIfAbsent(participantItem(this.newId(), entityId, roomId)),
      ),
    );
    return true;
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return Boolean(await this.deleteReturning(keys.participant(roomId, entityId)));
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    return participantState(await this.table.get(keys.participant(roomId, entityId)));
  }

  async setParticipantUserState(
    roomId: UUID,
    entityId: UUID,
    state: ParticipantState,
  ): Promise<void> {
    await this.updateIfExists(keys.participant(roomId, entityId), { state });
  }

  // relationships

  async createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    const item = relationshipItem({
      id: this.newId(),
      sourceEntityId: params.sourceEntityId,
      targetEntityId: params.targetEntityId,
      agentId: this.agentId,
      tags: params.tags ?? [],
      metadata: params.metadata ?? {},
      createdAt: this.now(),
    });
    return this.putIfAbsent(checked(item, "relationship"));
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    await this.updateIfExists(
      keys.relationship(relationship.sourceEntityId, relationship.targetEntityId),
      {
        tags: toJson(relationship.tags ?? []),
        metadata: toJson(relationship.metadata ?? {}),
      },
    );
  }

  async getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null> {
    const row = await this.table.get(
      keys.relationship(params.sourceEntityId, params.targetEntityId),
    );
    return row ? toRelationship(row) : null;
  }

  async getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    const expr = new Expression();
    const [outgoing, incoming] = await Promise.all([
      this.table.query({
        KeyConditionExpression: `pk = ${expr.value(`REL#${params.entityId}`)} AND begins_with(sk, ${expr.value(RELATIONSHIP_SK_PREFIX)})`,
        ConsistentRead: true,
        ExpressionAttributeValues: expr.values,
      }),
      this.queryIndex("gsi1", partitions.relationshipsTo(params.entityId)),
    ]);
    const tags = params.tags && params.tags.length > 0 ? new Set(params.tags) : undefined;
    const unique = new Map([...outgoing, ...incoming].map((row) => [str(row, "id"), row]));
    return [...unique.values()]
      .map(toRelationship)
      .filter((r) => !tags || r.tags.some((tag) => tags.has(tag)));
  }

  // cache

  async getCache<T>(raw: string): Promise<T | undefined> {
    // Keys are stored well formed (attributes.ts), so the comparison is too.
    const key = wellFormed(raw);
    const row = await this.table.get(keys.cache(key));
    if (!row || str(row, "key") !== key) return undefined;
    // DynamoDB deletes expired items lazily (up to days later): the clock decides.
    const expiresAt = num(row, "expiresAt");
    if (expiresAt !== undefined && expiresAt <= this.now()) return undefined;
    return json<T>(row, "value");
  }

  async setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean> {
    const expiresAt = options?.ttlMs === undefined ? null : this.now() + options.ttlMs;
    await this.put(checked(cacheItem(key, value, expiresAt), "cache entry"));
    return true;
  }

  async deleteCache(key: string): Promise<boolean> {
    const old = await this.deleteReturning(keys.cache(key));
    if (!old) return false;
    const expiresAt = num(old, "expiresAt");
    return expiresAt === undefined || expiresAt > this.now();
  }

  // logs

  async log(params: LogParams): Promise<void> {
    const item = checked(
      logItem({
        id: params.id ?? this.newId(),
        entityId: params.entityId,
        ...(params.roomId !== undefined ? { roomId: params.roomId } : {}),
        type: params.type,
        body: params.body,
        createdAt: this.now(),
      }),
      "log",
    );
    // A named log is written once: a second write with its id leaves the first in place.
    if (params.id !== undefined) await this.putIfAbsent(item);
    else await this.put(item);
  }

  async getLogs(params: GetLogsParams): Promise<Log[]> {
    const expr = new Expression();
    const filters: string[] = [];
    if (params.roomId !== undefined) {
      filters.push(`${expr.name("roomId")} = ${expr.value(params.roomId)}`);
    }
    if (params.type !== undefined) {
      filters.push(`${expr.name("type")} = ${expr.value(params.type)}`);
    }
    const offset = Math.max(0, params.offset ?? 0);
    const want = params.count === undefined ? Number.POSITIVE_INFINITY : offset + params.count;
    if (want === 0) return [];
    let keyCondition = `${expr.name(gsiPk("gsi1"))} = ${expr.value(partitions.logsOfEntity(params.entityId))}`;
    // Sort keys are sortable(createdAt)#id: every one below sortable(before) is older.
    if (params.before !== undefined) {
      keyCondition += ` AND ${expr.name(gsiSk("gsi1"))} < ${expr.value(sortable(params.before))}`;
    }
    const rows = await this.table.query(
      {
        IndexName: "gsi1",
        KeyConditionExpression: keyCondition,
        ...(filters.length ? { FilterExpression: filters.join(" AND ") } : {}),
        ScanIndexForward: false,
        ...(Number.isFinite(want) ? { Limit: filters.length ? Math.max(want, 100) : want } : {}),
        ...expr.params(),
      },
      want,
    );
    return rows.map(toLog).slice(offset);
  }

  async getLog(id: UUID): Promise<Log | null> {
    const row = await this.table.get(keys.log(id));
    return row ? toLog(row) : null;
  }

  async deleteLog(logId: UUID): Promise<void> {
    await this.delete(keys.log(logId));
  }

  async deleteLogs(params: DeleteLogsParams): Promise<number> {
    const limit = Math.max(0, Math.floor(params.limit));
    if (limit === 0) return 0;
    const expr = new Expression();
    // Oldest first on the entity's log partition, keys only: one Query, then batch deletes.
    const rows = await this.table.query(
      {
        IndexName: "gsi1",
        KeyConditionExpression: `${expr.name(gsiPk("gsi1"))} = ${expr.value(partitions.logsOfEntity(params.entityId))} AND ${expr.name(gsiSk("gsi1"))} < ${expr.value(sortable(params.before))}`,
        ScanIndexForward: true,
        Limit: limit,
        ProjectionExpression: "pk, sk",
        ...expr.params(),
      },
      limit,
    );
    await this.table.batchDelete(rows.map(keyOf));
    return rows.length;
  }

  // tasks

  async createTask(task: Task): Promise<UUID> {
    const id = task.id ?? this.newId();
    if (!(await this.putIfAbsent(checked(taskItem({ ...task, id }, this.now()), `task ${id}`)))) {
      throw new StorageError("CONFLICT", `task ${id} already exists`);
    }
    return id;
  }

  async getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    const expr = new Expression();
    const filters: string[] = [];
    if (params.entityId !== undefined) {
      filters.push(`${expr.name("entityId")} = ${expr.value(params.entityId)}`);
    }
    // `contains` on a list is element equality: exact tags, never substrings or patterns.
    for (const tag of new Set(params.tags ?? [])) {
      filters.push(`contains(${expr.name("tags")}, ${expr.value(tag)})`);
    }
    const [index, partition] =
      params.roomId !== undefined
        ? (["gsi1", partitions.tasksOfRoom(params.roomId)] as const)
        : (["gsi4", partitions.tasks()] as const);
    const rows = await this.table.query({
      IndexName: index,
      KeyConditionExpression: `${expr.name(gsiPk(index))} = ${expr.value(partition)}`,
      ...(filters.length ? { FilterExpression: filters.join(" AND ") } : {}),
      ...expr.params(),
    });
    return rows.map(toTask);
  }

  async getTask(id: UUID): Promise<Task | null> {
    const row = await this.table.get(keys.task(id));
    return row ? toTask(row) : null;
  }

  async getTasksByName(name: string): Promise<Task[]> {
    const wanted = wellFormed(name);
    const rows = await this.queryIndex("gsi2", partitions.tasksNamed(wanted));
    return rows.map(toTask).filter((t) => t.name === wanted);
  }

  async updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    const { id: _id, ...patch } = task;
    await this.updateIfExists(keys.task(id), taskPatch(id, patch, this.now()));
  }

  async deleteTask(id: UUID): Promise<void> {
    await this.delete(keys.task(id));
  }

  // serverless primitives

  /**
   * Nothing to do: claims and cache entries carry the table's TTL attribute, and DynamoDB
   * deletes expired items by itself (lazily, within about 48 h); reads already treat them as
   * absent. Deleting them here would need a Scan of the whole table.
   */
  async sweepExpired(_now: number, _limit: number): Promise<SweepReport> {
    return { claims: 0, cache: 0 };
  }

  async claimOnce(key: string, ttlMs: number, now = this.now()): Promise<boolean> {
    // The expiry is in the condition, so an expired claim is taken over in the same write;
    // the token recognises our own write when the SDK retried a request that had landed.
    const token = crypto.randomUUID();
    const expr = new Expression();
    try {
      await this.table.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: claimItem(key, now + ttlMs, token),
          ConditionExpression: `attribute_not_exists(pk) OR ${expr.name("expiresAt")} <= ${expr.value(now)}`,
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          ...expr.params(),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return oldItem(error)?.token?.S === token;
      throw error;
    }
  }

  async claimDueTasks(params: ClaimDueTasksParams): Promise<Task[]> {
    const { now, limit, owner, leaseMs, agentId } = params;
    if (limit <= 0) return [];
    const expr = new Expression();
    const leaseFree = `(attribute_not_exists(${expr.name("leaseExpiresAt")}) OR ${expr.name("leaseExpiresAt")} <= ${expr.value(now)})`;
    const filter =
      agentId === undefined
        ? leaseFree
        : `${leaseFree} AND ${expr.name("agentId")} = ${expr.value(agentId)}`;
    // Due tasks sort first in the schedule index, oldest dueAt first. Read twice the limit so
    // claims lost to a concurrent tick can be made up from the spares in the same call.
    const candidates = await this.table.query(
      {
        IndexName: "gsi4",
        KeyConditionExpression: `${expr.name(gsiPk("gsi4"))} = ${expr.value(partitions.tasks())} AND ${expr.name(gsiSk("gsi4"))} BETWEEN ${expr.value("D")} AND ${expr.value(dueUntil(now))}`,
        FilterExpression: filter,
        Limit: Math.max(2 * limit, 25),
        ...expr.params(),
      },
      2 * limit,
    );
    const claimed: Task[] = [];
    let next = 0;
    while (claimed.length < limit && next < candidates.length) {
      const wave = candidates.slice(next, next + limit - claimed.length);
      next += wave.length;
      const results = await Promise.all(
        wave.map((row) => this.lease(str(row, "id") as UUID, owner, now, now + leaseMs)),
      );
      for (const task of results) if (task) claimed.push(task);
    }
    return claimed.sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0));
  }

  async claimTask(id: UUID, { now, owner, leaseMs }: ClaimTaskParams): Promise<Task | null> {
    return this.lease(id, owner, now, now + leaseMs, false);
  }

  async releaseTaskLease(id: UUID, owner: string, patch?: Partial<Task>): Promise<boolean> {
    const { id: _id, leaseOwner: _o, leaseExpiresAt: _e, ...rest } = patch ?? {};
    const fields = taskPatch(id, { ...rest, leaseOwner: null, leaseExpiresAt: null }, this.now());
    // A pause that landed during the run wins: the patch applies only to an unpaused task;
    // failing that, the owner still lets go of the lease (and records nothing).
    if (await this.releaseIf(id, owner, fields, "paused")) return true;
    await this.releaseIf(id, owner, { leaseOwner: null, leaseExpiresAt: null });
    return false;
  }

  /** One conditional update under the owner's lease; false when the condition failed. */
  private async releaseIf(
    id: UUID,
    owner: string,
    fields: Fields,
    unlessAttribute?: string,
  ): Promise<boolean> {
    const expr = new Expression();
    const update = updateExpression(expr, fields);
    const unless = unlessAttribute
      ? ` AND attribute_not_exists(${expr.name(unlessAttribute)})`
      : "";
    try {
      await this.table.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.table.key(keys.task(id)),
          UpdateExpression: update,
          ConditionExpression: `${expr.name("leaseOwner")} = ${expr.value(owner)}${unless}`,
          ...expr.params(),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  }

  async batch(ops: StorageOp[]): Promise<void> {
    if (ops.length === 0) return;
    const vectors = ops.some((op) => op.op === "createMemory" && op.memory.embedding);
    const actions = buildTransaction(ops, {
      table: this.table,
      now: this.now(),
      newId: this.newId,
      dimension: vectors ? await this.pinnedDimension() : this.dimension,
    });
    await runTransaction(this.table, actions);
  }

  // internals

  /** Takes the lease if the task is still due and free; the task as leased, or null. */
  /** A conditional lease of one task: free (and due, unless `due` is false) at `now`. */
  private async lease(id: UUID, owner: string, now: number, expiresAt: number, due = true) {
    const expr = new Expression();
    const update = updateExpression(expr, { leaseOwner: owner, leaseExpiresAt: expiresAt });
    const isDue = due ? ` AND ${expr.name("dueAt")} <= ${expr.value(now)}` : "";
    const condition = `attribute_exists(pk)${isDue} AND (attribute_not_exists(${expr.name("leaseExpiresAt")}) OR ${expr.name("leaseExpiresAt")} <= ${expr.value(now)})`;
    try {
      const out = await this.table.send<{ Attributes?: Item }>(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.table.key(keys.task(id)),
          UpdateExpression: update,
          ConditionExpression: condition,
          ReturnValues: "ALL_NEW",
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          ...expr.params(),
        }),
      );
      return out.Attributes ? toTask(out.Attributes) : null;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      // Our own lease, when the SDK retried a request that had landed.
      const old = oldItem(error);
      const mine =
        old && str(old, "leaseOwner") === owner && num(old, "leaseExpiresAt") === expiresAt;
      return mine ? toTask(old) : null;
    }
  }

  /** The pinned width: from options or ensureEmbeddingDimension, else read once from the table. */
  private async pinnedDimension(): Promise<number | undefined> {
    if (this.dimension !== undefined || this.dimensionLoaded) return this.dimension;
    const row = await this.table.get(keys.embeddingDimension());
    this.dimension = row ? num(row, "value") : undefined;
    this.dimensionLoaded = true;
    return this.dimension;
  }

  private async put(item: Item, extra: { ConditionExpression?: string } = {}): Promise<void> {
    await this.table.send(new PutItemCommand({ TableName: this.tableName, Item: item, ...extra }));
  }

  /**
   * Insert-if-absent: false when the key exists. A write token recognises our own item when
   * the SDK retried a put that had landed, which would otherwise read as "exists".
   */
  private async putIfAbsent(item: Item): Promise<boolean> {
    const token = crypto.randomUUID();
    try {
      await this.table.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: { ...item, writeToken: { S: token } },
          ConditionExpression: "attribute_not_exists(pk)",
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return oldItem(error)?.writeToken?.S === token;
      throw error;
    }
  }

  /** Applies `fields` to an existing item; false (nothing written) when there is none. */
  private async updateIfExists(key: Key, fields: Fields): Promise<boolean>;
  private async updateIfExists(
    key: Key,
    fields: Fields,
    returning: "ALL_NEW",
  ): Promise<Item | null>;
  private async updateIfExists(
    key: Key,
    fields: Fields,
    returning?: "ALL_NEW",
  ): Promise<boolean | Item | null> {
    const expr = new Expression();
    const update = updateExpression(expr, fields);
    if (!update) return returning ? this.table.get(key).then((row) => row ?? null) : true;
    try {
      const out = await this.table.send<{ Attributes?: Item }>(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.table.key(key),
          UpdateExpression: update,
          ConditionExpression: "attribute_exists(pk)",
          ...(returning ? { ReturnValues: returning } : {}),
          ...expr.params(),
        }),
      );
      return returning ? (out.Attributes ?? null) : true;
    } catch (error) {
      if (isConditionFailed(error)) return returning ? null : false;
      throw error;
    }
  }

  private async delete(key: Key): Promise<void> {
    await this.table.send(
      new DeleteItemCommand({ TableName: this.tableName, Key: this.table.key(key) }),
    );
  }

  /** Deletes and returns what was there, if anything. */
  private async deleteReturning(key: Key): Promise<Item | undefined> {
    const out = await this.table.send<{ Attributes?: Item }>(
      new DeleteItemCommand({
        TableName: this.tableName,
        Key: this.table.key(key),
        ReturnValues: "ALL_OLD",
      }),
    );
    return out.Attributes;
  }

  /** Every item of one GSI partition, in sort-key order. */
  private queryIndex(index: GsiName, partition: string, options: { keysOnly?: boolean } = {}) {
    const expr = new Expression();
    const input: Omit<QueryCommandInput, "TableName"> = {
      IndexName: index,
      KeyConditionExpression: `${expr.name(gsiPk(index))} = ${expr.value(partition)}`,
      ...(options.keysOnly ? { ProjectionExpression: "pk, sk" } : {}),
      ...expr.params(),
    };
    return this.table.query(input);
  }
}

export function createDynamoStorage(options: DynamoStorageOptions): DynamoStorage {
  return new DynamoStorage(options);
}

function checked(item: Item, what: string): Item {
  assertItemFits(item, what);
  return item;
}

function oldItem(error: unknown): Item | undefined {
  return (error as { Item?: Item }).Item;
}

function ignoreConditionFailed(error: unknown): void {
  if (!isConditionFailed(error)) throw error;
}

/** Rows in the order their ids were asked for (BatchGetItem answers in any order). */
function inOrder<T extends { id?: UUID }>(ids: readonly UUID[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const out: T[] = [];
  const seen = new Set<UUID>();
  for (const id of ids) {
    const row = byId.get(id);
    if (row && !seen.has(id)) {
      out.push(row);
      seen.add(id);
    }
  }
  return out;
}

function newestFirst(a: Memory, b: Memory): number {
  return (b.createdAt ?? 0) - (a.createdAt ?? 0) || String(b.id).localeCompare(String(a.id));
}

function withinTime(createdAt: number, start?: number, end?: number): boolean {
  return (start === undefined || createdAt >= start) && (end === undefined || createdAt <= end);
}

/** The narrowest index for a memory query: room, else entity, else world, else the table. */
function memoryScope(params: {
  tableName: string;
  roomId?: UUID;
  entityId?: UUID;
  worldId?: UUID;
}): MemoryScope {
  const prefix = memoryTablePrefix(params.tableName);
  if (params.roomId !== undefined) {
    return { index: "gsi1", pk: partitions.memoriesOfRoom(params.roomId), prefix, keyed: "roomId" };
  }
  if (params.entityId !== undefined) {
    return {
      index: "gsi3",
      pk: partitions.memoriesOfEntity(params.entityId),
      prefix,
      keyed: "entityId",
    };
  }
  if (params.worldId !== undefined) {
    return {
      index: "gsi2",
      pk: partitions.memoriesOfWorld(params.worldId),
      prefix,
      keyed: "worldId",
    };
  }
  return {
    index: "gsi4",
    pk: partitions.memoriesOfTable(params.tableName),
    prefix: "",
    keyed: "table",
  };
}

/** Key condition: the scope's partition, the table's prefix and the createdAt bounds. */
function memoryRange(expr: Expression, scope: MemoryScope, start?: number, end?: number): string {
  const pk = `${expr.name(gsiPk(scope.index))} = ${expr.value(scope.pk)}`;
  if (start === undefined && end === undefined && !scope.prefix) return pk;
  const sk = expr.name(gsiSk(scope.index));
  if (start === undefined && end === undefined) {
    return `${pk} AND begins_with(${sk}, ${expr.value(scope.prefix)})`;
  }
  const low = `${scope.prefix}${sortable(start ?? Number.MIN_SAFE_INTEGER)}#`;
  const high = `${scope.prefix}${sortable(end ?? Number.MAX_SAFE_INTEGER)}#${HIGH}`;
  return `${pk} AND ${sk} BETWEEN ${expr.value(low)} AND ${expr.value(high)}`;
}

/** The filters a memory query applies beyond its key. */
function memoryFilter(
  params: {
    roomId?: UUID;
    entityId?: UUID;
    worldId?: UUID;
    agentId?: UUID;
    unique?: boolean;
  },
  scope: MemoryScope,
): { filter: string | undefined; expr: Expression } {
  const expr = new Expression();
  const parts: string[] = [];
  for (const field of ["roomId", "entityId", "worldId", "agentId"] as const) {
    const value = params[field];
    if (value !== undefined && scope.keyed !== field) {
      parts.push(`${expr.name(field)} = ${expr.value(value)}`);
    }
  }
  if (params.unique) parts.push(`${expr.name("unique")} = ${expr.value(true)}`);
  return { filter: parts.length ? parts.join(" AND ") : undefined, expr };
}
