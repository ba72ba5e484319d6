// elizaOS's IDatabaseAdapter on the runtime: every method forwards to our StorageAdapter, with
// elizaOS's return shapes where ours differ, and the few methods storage lacks composed from
// what it has. AgentRuntime extends these classes, so `runtime.getRoom(...)` works as plugins
// expect without the runtime file growing a hundred one-line forwards. This file: connection,
// agents, entities, components, memories, logs; database-rooms.ts: worlds, rooms,
// participants, relationships, cache, tasks.

import {
  type Agent,
  type Component,
  DEFAULT_SECRET_SALT,
  type Entity,
  type GetMemoriesParams,
  hasPlainSecrets,
  type Log,
  type Memory,
  type Metadata,
  openCharacterSecrets,
  randomUuid,
  type SearchMemoriesParams,
  type StorageAdapter,
  sealCharacterSecrets,
  type UUID,
} from "../../kernel/index.ts";
import { type RunSummary, type RunSummaryQuery, runSummaries } from "../runs/index.ts";

/** elizaOS's Log has a Date; eliza-edge's storage keeps milliseconds. */
export type RuntimeLog = Omit<Log, "createdAt"> & { createdAt: Date };

/** Tables getAllMemories reads, as in elizaOS. */
const AGENT_TABLES = ["memories", "messages", "facts", "documents"];
/** elizaOS reads "all" memories of a table as its newest 10000. */
const ALL_MEMORIES_COUNT = 10_000;

/** Agent rows ensureAgentExists created in this isolate: the agent's first start. */
const freshAgentRows = new WeakSet<object>();

export function isFreshAgentRow(row: object): boolean {
  return freshAgentRows.has(row);
}

export class RuntimeStorage {
  readonly agentId: UUID;
  /** Our storage contract (core/kernel/storage/contract.ts). */
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

  // agents: the row's character secrets are sealed on every write and opened on every read
  // (secrets/stored-character.ts); `storage.getAgent` shows the row as stored.

  /** The salt stored secrets are sealed under; RuntimeBase reads SECRET_SALT. */
  protected secretSalt(): string {
    return DEFAULT_SECRET_SALT;
  }

  /** Told when a row's secrets stayed sealed (another salt); RuntimeBase logs it. */
  protected secretsLeftSealed(_agentId: UUID, _count: number): void {}

  /** The agent with its stored character's secrets sealed, ready to write. */
  protected async sealAgent<T extends Partial<Agent>>(agent: T): Promise<T> {
    if (!agent.character) return agent;
    return { ...agent, character: await sealCharacterSecrets(agent.character, this.secretSalt()) };
  }

  private async openAgent(agent: Agent): Promise<Agent> {
    if (!agent.character) return agent;
    const opened = await openCharacterSecrets(agent.character, this.secretSalt());
    if (opened.sealed > 0) this.secretsLeftSealed(agent.id, opened.sealed);
    return { ...agent, character: opened.character };
  }

  async getAgent(agentId: UUID): Promise<Agent | null> {
    const agent = await this.storage.getAgent(agentId);
    return agent ? this.openAgent(agent) : null;
  }
  /**
   * elizaOS's ensureAgentExists: the agent's row, created from `agent` (elizaOS passes the
   * character with its id) when absent. An existing row is kept as stored, as eliza-edge's
   * start always did (elizaOS rewrites it from the character on every start: a round trip
   * each cold start); one an older version wrote with plain-text secrets is sealed in place.
   */
  async ensureAgentExists(agent: Partial<Agent> & { id?: UUID; name?: string }): Promise<Agent> {
    if (!agent.id) throw new Error("Agent id is required");
    const stored = await this.storage.getAgent(agent.id);
    if (stored) {
      if (hasPlainSecrets(stored.character)) {
        await this.updateAgent(agent.id, { character: stored.character });
      }
      return this.openAgent(stored);
    }
    const { id, name, enabled, createdAt, updatedAt, character, ...rest } = agent;
    const now = Date.now();
    const row: Agent = {
      id,
      name: name ?? "",
      enabled: enabled ?? true,
      createdAt: createdAt ?? now,
      updatedAt: updatedAt ?? now,
      // elizaOS hands the character itself; eliza-edge's row keeps it under `character`.
      character: character ?? ({ name, ...rest } as Agent["character"]),
    };
    if (await this.createAgent(row)) {
      freshAgentRows.add(row);
      return row;
    }
    // Another cold start of the same agent wrote it first (insert-if-absent said no).
    const written = await this.storage.getAgent(id);
    if (!written) throw new Error(`Failed to create agent: ${id}`);
    return this.openAgent(written);
  }
  async getAgents(): Promise<Agent[]> {
    return Promise.all((await this.storage.getAgents()).map((a) => this.openAgent(a)));
  }
  async createAgent(agent: Partial<Agent>): Promise<boolean> {
    const now = Date.now();
    return this.storage.createAgent(
      await this.sealAgent({
        ...agent,
        id: agent.id ?? randomUuid(),
        name: agent.name ?? "",
        createdAt: agent.createdAt ?? now,
        updatedAt: agent.updatedAt ?? now,
      }),
    );
  }
  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    return this.storage.updateAgent(agentId, await this.sealAgent(agent));
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
  /** elizaOS's ensureEntity: the entity back once created, null without an id or on failure. */
  async ensureEntity(entity: Entity): Promise<Entity | null> {
    if (!entity.id) return null;
    return (await this.createEntity(entity)) ? entity : null;
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

  // memories: reads are this agent's unless the caller names another, whatever agent the
  // storage object was created for, so agents sharing one storage never read each other's.
  getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    return this.storage.getMemories({ ...params, agentId: params.agentId ?? this.agentId });
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
    return this.storage.searchMemories({ ...params, agentId: params.agentId ?? this.agentId });
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
  /**
   * elizaOS's run summaries (its optional IDatabaseAdapter method), from eliza-edge's run log:
   * newest first, filtered by room, status, time (`from`/`to`, ms) and sender.
   */
  getAgentRunSummaries(
    params: RunSummaryQuery = {},
  ): Promise<{ runs: RunSummary[]; total: number; hasMore: boolean }> {
    return runSummaries(this, params);
  }
}

/** elizaOS's entities always carry metadata (plugin-sql defaults it to {}); its helpers index it. */
function withMetadata(entity: Entity): Entity {
  return entity.metadata ? entity : { ...entity, metadata: {} };
}
