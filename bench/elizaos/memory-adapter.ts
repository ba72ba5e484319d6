// A minimal in-memory IDatabaseAdapter for @elizaos/core 1.7.2, written for this bench:
// elizaOS ships no in-memory adapter (its storage is @elizaos/plugin-sql: PGlite or Postgres).
// Maps and per-room arrays only, so the adapter costs next to nothing and the figures show the
// framework. Methods the message pipeline never calls answer empty. No elizaOS import: the
// root typecheck must pass before `npm run bench` has installed elizaOS.
type Id = string;
type Row = Record<string, unknown> & { id?: Id };
interface MemoryRow extends Row {
  roomId: Id;
  entityId?: Id;
  worldId?: Id;
  createdAt?: number;
  content?: Record<string, unknown>;
}

// Shallow copies: the caller cannot reshape a stored row, and the adapter stays as cheap as
// eliza-edge's memory storage, which copies nothing.
const clone = <T>(value: T): T =>
  value && typeof value === "object" && !Array.isArray(value) ? { ...value } : value;

export class MemoryDatabaseAdapter {
  readonly db = {};
  private agents = new Map<Id, Row>();
  private entities = new Map<Id, Row>();
  private components = new Map<Id, Row>();
  private worlds = new Map<Id, Row>();
  private rooms = new Map<Id, Row>();
  /** roomId → entityId → user state */
  private participants = new Map<Id, Map<Id, string | null>>();
  private memories = new Map<Id, MemoryRow & { tableName: string }>();
  /** `${tableName}|${roomId}` → memories in insertion (createdAt) order */
  private byRoom = new Map<string, MemoryRow[]>();
  private cache = new Map<string, unknown>();
  private tasks = new Map<Id, Row>();
  private relationships: Row[] = [];
  private logs: Row[] = [];

  async initialize(): Promise<void> {}
  async init(): Promise<void> {}
  async isReady(): Promise<boolean> {
    return true;
  }
  async close(): Promise<void> {}
  async getConnection(): Promise<unknown> {
    return this.db;
  }
  async runPluginMigrations(): Promise<void> {}
  async ensureEmbeddingDimension(): Promise<void> {}

  async getAgent(id: Id) {
    return this.agents.has(id) ? clone(this.agents.get(id)!) : null;
  }
  async getAgents() {
    return [...this.agents.values()].map(clone);
  }
  async createAgent(agent: Row) {
    this.agents.set(agent.id!, clone(agent));
    return true;
  }
  async updateAgent(id: Id, patch: Row) {
    this.agents.set(id, { ...this.agents.get(id), ...clone(patch), id });
    return true;
  }
  async deleteAgent(id: Id) {
    return this.agents.delete(id);
  }

  async getEntitiesByIds(ids: Id[]) {
    return ids.flatMap((id) => (this.entities.has(id) ? [clone(this.entities.get(id)!)] : []));
  }
  async getEntitiesForRoom(roomId: Id) {
    const ids = [...(this.participants.get(roomId)?.keys() ?? [])];
    return this.getEntitiesByIds(ids);
  }
  async createEntities(entities: Row[]) {
    for (const e of entities) this.entities.set(e.id!, clone(e));
    return true;
  }
  async updateEntity(entity: Row) {
    this.entities.set(entity.id!, { ...this.entities.get(entity.id!), ...clone(entity) });
  }

  async getComponent(entityId: Id, type: string) {
    for (const c of this.components.values()) {
      if (c.entityId === entityId && c.type === type) return clone(c);
    }
    return null;
  }
  async getComponents(entityId: Id) {
    return [...this.components.values()].filter((c) => c.entityId === entityId).map(clone);
  }
  async createComponent(component: Row) {
    this.components.set(component.id!, clone(component));
    return true;
  }
  async updateComponent(component: Row) {
    this.components.set(component.id!, clone(component));
  }
  async deleteComponent(id: Id) {
    this.components.delete(id);
  }

  async createMemory(memory: MemoryRow, tableName: string): Promise<Id> {
    const id = memory.id ?? crypto.randomUUID();
    const row = { ...clone(memory), id, tableName, createdAt: memory.createdAt ?? Date.now() };
    this.memories.set(id, row);
    const key = `${tableName}|${row.roomId}`;
    const list = this.byRoom.get(key) ?? [];
    list.push(row);
    this.byRoom.set(key, list);
    return id;
  }
  async getMemories(params: {
    tableName: string;
    roomId?: Id;
    entityId?: Id;
    count?: number;
    offset?: number;
    start?: number;
    end?: number;
  }) {
    let rows: MemoryRow[] = params.roomId
      ? (this.byRoom.get(`${params.tableName}|${params.roomId}`) ?? [])
      : [...this.memories.values()].filter((m) => m.tableName === params.tableName);
    if (params.entityId) rows = rows.filter((m) => m.entityId === params.entityId);
    if (params.start !== undefined || params.end !== undefined) {
      rows = rows.filter(
        (m) =>
          (params.start === undefined || (m.createdAt ?? 0) >= params.start) &&
          (params.end === undefined || (m.createdAt ?? 0) <= params.end),
      );
    }
    const newestFirst = rows.slice(-((params.count ?? rows.length) + (params.offset ?? 0)));
    newestFirst.reverse();
    return newestFirst
      .slice(params.offset ?? 0, (params.offset ?? 0) + (params.count ?? rows.length))
      .map(clone);
  }
  async getMemoryById(id: Id) {
    return this.memories.has(id) ? clone(this.memories.get(id)!) : null;
  }
  async getMemoriesByIds(ids: Id[]) {
    return ids.flatMap((id) => (this.memories.has(id) ? [clone(this.memories.get(id)!)] : []));
  }
  async getMemoriesByRoomIds(params: { tableName: string; roomIds: Id[]; limit?: number }) {
    const rows = params.roomIds.flatMap(
      (roomId) => this.byRoom.get(`${params.tableName}|${roomId}`) ?? [],
    );
    rows.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
    return rows.slice(0, params.limit ?? rows.length).map(clone);
  }
  async getMemoriesByWorldId() {
    return [];
  }
  async getCachedEmbeddings() {
    return [];
  }
  async searchMemories() {
    return [];
  }
  async updateMemory(patch: Partial<MemoryRow> & { id: Id }) {
    const row = this.memories.get(patch.id);
    if (!row) return false;
    Object.assign(row, clone(patch));
    return true;
  }
  async deleteMemory(id: Id) {
    const row = this.memories.get(id);
    if (!row) return;
    this.memories.delete(id);
    const list = this.byRoom.get(`${row.tableName}|${row.roomId}`);
    if (list) list.splice(list.indexOf(row), 1);
  }
  async deleteManyMemories(ids: Id[]) {
    for (const id of ids) await this.deleteMemory(id);
  }
  async deleteAllMemories(roomId: Id, tableName: string) {
    for (const row of this.byRoom.get(`${tableName}|${roomId}`) ?? [])
      this.memories.delete(row.id!);
    this.byRoom.delete(`${tableName}|${roomId}`);
  }
  async countMemories(roomId: Id, _unique?: boolean, tableName = "messages") {
    return this.byRoom.get(`${tableName}|${roomId}`)?.length ?? 0;
  }

  async log(params: Row) {
    // elizaOS logs every model call and action; keep a bounded tail like a real table would page.
    this.logs.push(params);
    if (this.logs.length > 1000) this.logs.splice(0, 500);
  }
  async getLogs() {
    return [];
  }
  async deleteLog() {}

  async createWorld(world: Row) {
    this.worlds.set(world.id!, clone(world));
    return world.id!;
  }
  async getWorld(id: Id) {
    return this.worlds.has(id) ? clone(this.worlds.get(id)!) : null;
  }
  async getAllWorlds() {
    return [...this.worlds.values()].map(clone);
  }
  async updateWorld(world: Row) {
    this.worlds.set(world.id!, clone(world));
  }
  async removeWorld(id: Id) {
    this.worlds.delete(id);
  }

  async getRoomsByIds(ids: Id[]) {
    return ids.flatMap((id) => (this.rooms.has(id) ? [clone(this.rooms.get(id)!)] : []));
  }
  async createRooms(rooms: Row[]) {
    for (const r of rooms) this.rooms.set(r.id!, clone(r));
    return rooms.map((r) => r.id!);
  }
  async updateRoom(room: Row) {
    this.rooms.set(room.id!, clone(room));
  }
  async deleteRoom(id: Id) {
    this.rooms.delete(id);
  }
  async deleteRoomsByWorldId(worldId: Id) {
    for (const [id, r] of this.rooms) if (r.worldId === worldId) this.rooms.delete(id);
  }
  async getRoomsByWorld(worldId: Id) {
    return [...this.rooms.values()].filter((r) => r.worldId === worldId).map(clone);
  }
  async getRoomsForParticipant(entityId: Id) {
    return [...this.participants].filter(([, m]) => m.has(entityId)).map(([roomId]) => roomId);
  }
  async getRoomsForParticipants(entityIds: Id[]) {
    return [...this.participants]
      .filter(([, m]) => entityIds.some((e) => m.has(e)))
      .map(([roomId]) => roomId);
  }

  async addParticipantsRoom(entityIds: Id[], roomId: Id) {
    const room = this.participants.get(roomId) ?? new Map<Id, string | null>();
    for (const id of entityIds) if (!room.has(id)) room.set(id, null);
    this.participants.set(roomId, room);
    return true;
  }
  async removeParticipant(entityId: Id, roomId: Id) {
    return this.participants.get(roomId)?.delete(entityId) ?? false;
  }
  async getParticipantsForEntity(entityId: Id) {
    return (await this.getRoomsForParticipant(entityId)).map((roomId) => ({
      id: roomId,
      entityId,
    }));
  }
  async getParticipantsForRoom(roomId: Id) {
    return [...(this.participants.get(roomId)?.keys() ?? [])];
  }
  async isRoomParticipant(roomId: Id, entityId: Id) {
    return this.participants.get(roomId)?.has(entityId) ?? false;
  }
  async getParticipantUserState(roomId: Id, entityId: Id) {
    return this.participants.get(roomId)?.get(entityId) ?? null;
  }
  async setParticipantUserState(roomId: Id, entityId: Id, state: string | null) {
    this.participants.get(roomId)?.set(entityId, state);
  }

  async createRelationship(params: Row) {
    this.relationships.push(clone(params));
    return true;
  }
  async updateRelationship() {}
  async getRelationship() {
    return null;
  }
  async getRelationships(params: { entityId: Id }) {
    return this.relationships.filter(
      (r) => r.sourceEntityId === params.entityId || r.targetEntityId === params.entityId,
    );
  }

  async getCache<T>(key: string): Promise<T | undefined> {
    return this.cache.get(key) as T | undefined;
  }
  async setCache<T>(key: string, value: T) {
    this.cache.set(key, clone(value));
    return true;
  }
  async deleteCache(key: string) {
    return this.cache.delete(key);
  }

  async createTask(task: Row) {
    const id = task.id ?? crypto.randomUUID();
    this.tasks.set(id, { ...clone(task), id });
    return id;
  }
  async getTasks(params: { roomId?: Id; tags?: string[] }) {
    return [...this.tasks.values()].filter(
      (t) =>
        (!params.roomId || t.roomId === params.roomId) &&
        (!params.tags ||
          params.tags.every((tag) => (t.tags as string[] | undefined)?.includes(tag))),
    );
  }
  async getTask(id: Id) {
    return this.tasks.get(id) ?? null;
  }
  async getTasksByName(name: string) {
    return [...this.tasks.values()].filter((t) => t.name === name);
  }
  async updateTask(id: Id, patch: Row) {
    this.tasks.set(id, { ...this.tasks.get(id), ...clone(patch), id });
  }
  async deleteTask(id: Id) {
    this.tasks.delete(id);
  }
}
