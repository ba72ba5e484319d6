// elizaOS's IDatabaseAdapter on the runtime: every method forwards to our StorageAdapter, with
// elizaOS's return shapes where ours differ, and the few methods storage lacks composed from
// what it has. AgentRuntime extends this class, so `runtime.getRoom(...)` works as plugins
// expect without the runtime file growing a hundred one-line forwards.
import type { GetMemoriesParams, SearchMemoriesParams, StorageAdapter } from "../storage.ts";
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
} from "../types.ts";
import { randomUuid } from "../uuid.ts";

/** elizaOS's Participant is `{id, entity}`; ours carries entityId and roomId too. */
export type RuntimeParticipant = Participant & { entity: Entity | null };

/** elizaOS's Log has a Date; eliza-edge's storage keeps milliseconds. */
export type RuntimeLog = Omit<Log, "createdAt"> & { createdAt: Date };

/** Tables getAllMemories reads, as in elizaOS. */
const AGENT_TABLES = ["memories", "messages", "facts", "documents"];
/** elizaOS reads "all" memories of a table as its newest 10000. */
const ALL_MEMORIES_COUNT = 10_000;

export class RuntimeDatabase {
  readonly agentId: UUID;
  /** Our storage contract (core/storage.ts). */
  readonly storage: StorageAdapter;

  constructor(storage: StorageAdapter, agentId: UUID) {
    this.storage = storage;
    this.agentId = agentId;
  }

  /** elizaOS's `runtime.adapter`: the database adapter, here our storage. */
  get adapter(): StorageAdapter {
    return this.storage;
  }

  /** elizaOS's `runtime.db`: the drizzle database where the backend has one, else the storage. */
  get db(): unknown {
    return this.storage.drizzle ?? this.storage;
  }

  async getConnection(): Promise<unknown> {
    return this.db;
  }

  init(): Promise<void> {
    return this.storage.init();
  }

  close(): Promise<void> {
    return this.storage.close();
  }

  /** Readiness as a boolean: one cheap round trip. */
  async isReady(): Promise<boolean> {
    try {
      await this.storage.ping();
      return true;
    } catch {
      return false;
    }
  }

  /** Creates plugin tables; a backend that cannot hold them (D1, DynamoDB) throws. */
  async runPluginMigrations(
    plugins: { name: string; schema?: Record<string, unknown> }[],
  ): Promise<void> {
    if (!this.storage.runPluginMigrations) {
      if (plugins.some((p) => p.schema)) {
        throw new Error(`Storage "${this.storage.kind}" cannot create plugin tables`);
      }
      return;
    }
    await this.storage.runPluginMigrations(plugins);
  }

  /** Our backends create their own tables at init; elizaOS's migration paths have no meaning. */
  runMigrations(): Promise<void> {
    return this.storage.init();
  }

  /** No row-level security here: the callback runs as it is. */
  withEntityContext<T>(_entityId: UUID | null, callback: () => Promise<T>): Promise<T> {
    return callback();
  }

  /** Pins the embedding width: the one given, else EMBEDDING_DIMENSION (see AgentRuntime). */
  ensureEmbeddingDimension(dimension: number): Promise<void> {
    return this.storage.ensureEmbeddingDimension(dimension);
  }

  // agents
  getAgent(agentId: UUID): Promise<Agent | null> {
    return this.storage.getAgent(agentId);
  }
  getAgents(): Promise<Agent[]> {
    return this.storage.getAgents();
  }
  createAgent(agent: Partial<Agent>): Promise<boolean> {
    const now = Date.now();
    return this.storage.createAgent({
      ...agent,
      id: agent.id ?? randomUuid(),
      name: agent.name ?? "",
      createdAt: agent.createdAt ?? now,
      updatedAt: agent.updatedAt ?? now,
    });
  }
  updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    return this.storage.updateAgent(agentId, agent);
  }
  deleteAgent(agentId: UUID): Promise<boolean> {
    return this.storage.deleteAgent(agentId);
  }

  // entities and components
  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    return (await this.storage.getEntitiesByIds(entityIds)).map(withMetadata);
  }
  async getEntityById(entityId: UUID): Promise<Entity | null> {
    const [entity] = await this.storage.getEntitiesByIds([entityId]);
    return entity ? withMetadata(entity) : null;
  }
  async getEntitiesForRoom(roomId: UUID, includeComponents?: boolean): Promise<Entity[]> {
    return (await this.storage.getEntitiesForRoom(roomId, includeComponents)).map(withMetadata);
  }
  createEntities(entities: Entity[]): Promise<boolean> {
    return this.storage.createEntities(
      entities.map((e) => ({ ...e, agentId: e.agentId ?? this.agentId })),
    );
  }
  createEntity(entity: Entity): Promise<boolean> {
    return this.createEntities([entity]);
  }
  updateEntity(entity: Entity): Promise<void> {
    return this.storage.updateEntity(entity);
  }
  getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null> {
    return this.storage.getComponent(entityId, type, worldId, sourceEntityId);
  }
  getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    return this.storage.getComponents(entityId, worldId, sourceEntityId);
  }
  createComponent(component: Component): Promise<boolean> {
    return this.storage.createComponent({
      ...component,
      id: component.id ?? randomUuid(),
      agentId: component.agentId ?? this.agentId,
      createdAt: component.createdAt ?? Date.now(),
    });
  }
  updateComponent(component: Component): Promise<void> {
    return this.storage.updateComponent(component);
  }
  deleteComponent(componentId: UUID): Promise<void> {
    return this.storage.deleteComponent(componentId);
  }

  // memories
  getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    return this.storage.getMemories(params);
  }
  getMemoryById(id: UUID): Promise<Memory | null> {
    return this.storage.getMemoryById(id);
  }
  getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    return this.storage.getMemoriesByIds(ids, tableName);
  }
  getMemoriesByRoomIds(params: {
    tableName: string;
    roomIds: UUID[];
    limit?: number;
  }): Promise<Memory[]> {
    return this.storage.getMemoriesByRoomIds(params);
  }
  /** The world's rooms, then their memories in one query; newest first. */
  async getMemoriesByWorldId(params: {
    worldId: UUID;
    count?: number;
    tableName?: string;
  }): Promise<Memory[]> {
    const rooms = await this.storage.getRoomsByWorld(params.worldId);
    if (rooms.length === 0) return [];
    return this.storage.getMemoriesByRoomIds({
      tableName: params.tableName ?? "messages",
      roomIds: rooms.map((r) => r.id),
      limit: params.count,
    });
  }
  /**
   * elizaOS's plugin-sql answers this from a Postgres levenshtein cache; no eliza-edge backend
   * keeps one, so it is always empty and callers embed the text instead (what they do on a miss).
   */
  async getCachedEmbeddings(_params: {
    query_table_name: string;
    query_threshold: number;
    query_input: string;
    query_field_name: string;
    query_field_sub_name: string;
    query_match_count: number;
  }): Promise<{ embedding: number[]; levenshtein_score: number }[]> {
    return [];
  }
  searchMemories(params: SearchMemoriesParams & { query?: string }): Promise<Memory[]> {
    return this.storage.searchMemories(params);
  }
  /** The memory's agentId defaults to this agent's, as elizaOS's SQL adapter does. */
  createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    return this.storage.createMemory(
      { ...memory, agentId: memory.agentId ?? this.agentId },
      tableName,
      unique,
    );
  }
  updateMemory(memory: Partial<Memory> & { id: UUID }): Promise<boolean> {
    return this.storage.updateMemory(memory);
  }
  deleteMemory(memoryId: UUID): Promise<void> {
    return this.storage.deleteMemory(memoryId);
  }
  deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    return this.storage.deleteManyMemories(memoryIds);
  }
  deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    return this.storage.deleteAllMemories(roomId, tableName);
  }
  countMemories(roomId: UUID, unique?: boolean, tableName?: string): Promise<number> {
    return this.storage.countMemories(roomId, unique, tableName);
  }
  /** This agent's memories in elizaOS's tables, up to 10000 of each. */
  async getAllMemories(): Promise<Memory[]> {
    const all: Memory[] = [];
    for (const tableName of AGENT_TABLES) {
      all.push(
        ...(await this.storage.getMemories({
          agentId: this.agentId,
          tableName,
          count: ALL_MEMORIES_COUNT,
        })),
      );
    }
    return all;
  }
  async clearAllAgentMemories(): Promise<void> {
    const ids = (await this.getAllMemories()).map((m) => m.id).filter((id): id is UUID => !!id);
    if (ids.length) await this.storage.deleteManyMemories(ids);
  }

  // logs
  log(params: { body: Metadata; entityId: UUID; roomId?: UUID; type: string }): Promise<void> {
    return this.storage.log(params);
  }
  /**
   * createdAt as a Date, as elizaOS's Log has it. Our storage lists logs per entity, so a call
   * without entityId lists this agent's.
   */
  async getLogs(params: {
    entityId?: UUID;
    roomId?: UUID;
    type?: string;
    count?: number;
    offset?: number;
  }): Promise<RuntimeLog[]> {
    const entityId = params.entityId ?? this.agentId;
    const logs = await this.storage.getLogs({ ...params, entityId });
    return logs.map((l) => ({ ...l, createdAt: new Date(l.createdAt) }));
  }
  deleteLog(logId: UUID): Promise<void> {
    return this.storage.deleteLog(logId);
  }

  // worlds and rooms
  createWorld(world: World): Promise<UUID> {
    return this.storage.createWorld({ ...world, agentId: world.agentId ?? this.agentId });
  }
  getWorld(id: UUID): Promise<World | null> {
    return this.storage.getWorld(id);
  }
  removeWorld(id: UUID): Promise<void> {
    return this.storage.removeWorld(id);
  }
  getAllWorlds(): Promise<World[]> {
    return this.storage.getAllWorlds();
  }
  updateWorld(world: World): Promise<void> {
    return this.storage.updateWorld(world);
  }
  getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    return this.storage.getRoomsByIds(roomIds);
  }
  async getRoom(roomId: UUID): Promise<Room | null> {
    const [room] = await this.storage.getRoomsByIds([roomId]);
    return room ?? null;
  }
  getRooms(worldId: UUID): Promise<Room[]> {
    return this.storage.getRoomsByWorld(worldId);
  }
  getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    return this.storage.getRoomsByWorld(worldId);
  }
  createRooms(rooms: Room[]): Promise<UUID[]> {
    return this.storage.createRooms(rooms.map((r) => normalizeRoom(r, this.agentId)));
  }
  /** elizaOS: one room; its worldId is required. */
  async createRoom(room: Omit<Room, "id"> & { id?: UUID }): Promise<UUID> {
    if (!room.worldId) throw new Error("createRoom: worldId is required");
    const [id] = await this.createRooms([{ ...room, id: room.id ?? randomUuid() }]);
    if (!id) throw new Error("createRoom: the room was not created");
    return id;
  }
  deleteRoom(roomId: UUID): Promise<void> {
    return this.storage.deleteRoom(roomId);
  }
  deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    return this.storage.deleteRoomsByWorldId(worldId);
  }
  updateRoom(room: Room): Promise<void> {
    return this.storage.updateRoom(normalizeRoom(room, this.agentId));
  }

  // participants
  getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return this.storage.getRoomsForParticipant(entityId);
  }
  getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    return this.storage.getRoomsForParticipants(entityIds);
  }
  /** elizaOS's `{id, entity}` shape, with our entityId and roomId kept alongside. */
  async getParticipantsForEntity(entityId: UUID): Promise<RuntimeParticipant[]> {
    const participants = await this.storage.getParticipantsForEntity(entityId);
    if (participants.length === 0) return [];
    const [entity] = await this.storage.getEntitiesByIds([entityId]);
    return participants.map((p) => ({ ...p, entity: entity ?? null }));
  }
  getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    return this.storage.getParticipantsForRoom(roomId);
  }
  isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return this.storage.isRoomParticipant(roomId, entityId);
  }
  addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    return this.storage.addParticipantsRoom(entityIds, roomId);
  }
  addParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.storage.addParticipantsRoom([entityId], roomId);
  }
  removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.storage.removeParticipant(entityId, roomId);
  }
  getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    return this.storage.getParticipantUserState(roomId, entityId);
  }
  setParticipantUserState(roomId: UUID, entityId: UUID, state: ParticipantState): Promise<void> {
    return this.storage.setParticipantUserState(roomId, entityId, state);
  }

  // relationships
  createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    return this.storage.createRelationship(params);
  }
  updateRelationship(relationship: Relationship): Promise<void> {
    return this.storage.updateRelationship(relationship);
  }
  getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null> {
    return this.storage.getRelationship(params);
  }
  getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    return this.storage.getRelationships(params);
  }

  // cache
  getCache<T>(key: string): Promise<T | undefined> {
    return this.storage.getCache<T>(key);
  }
  setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean> {
    return this.storage.setCache(key, value, options);
  }
  deleteCache(key: string): Promise<boolean> {
    return this.storage.deleteCache(key);
  }

  // tasks; elizaOS tasks may omit tags and agentId
  createTask(task: Omit<Task, "tags"> & { tags?: string[] }): Promise<UUID> {
    return this.storage.createTask({
      ...task,
      tags: task.tags ?? [],
      agentId: task.agentId ?? this.agentId,
    });
  }
  getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    return this.storage.getTasks(params);
  }
  getTask(id: UUID): Promise<Task | null> {
    return this.storage.getTask(id);
  }
  getTasksByName(name: string): Promise<Task[]> {
    return this.storage.getTasksByName(name);
  }
  updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    return this.storage.updateTask(id, task);
  }
  deleteTask(id: UUID): Promise<void> {
    return this.storage.deleteTask(id);
  }
}

/** elizaOS's entities always carry metadata (plugin-sql defaults it to {}); its helpers index it. */
function withMetadata(entity: Entity): Entity {
  return entity.metadata ? entity : { ...entity, metadata: {} };
}

/** elizaOS 1.7 names a room's server `messageServerId`; our rows keep `serverId`. */
function normalizeRoom(room: Room & { messageServerId?: string }, agentId: UUID): Room {
  return {
    ...room,
    agentId: room.agentId ?? agentId,
    serverId: room.serverId ?? room.messageServerId,
  };
}
