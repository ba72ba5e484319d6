// Memories: the room timelines, knowledge and facts, and their vector search (the dialect's
// own, or a vector index beside the rows).
import { and, count, desc, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { GetMemoriesParams, SearchMemoriesParams } from "../../core/storage.ts";
import type { Memory, UUID } from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import type { ReadPlan } from "./base.ts";
import type { Statement } from "./driver.ts";
import { SqlRooms } from "./rooms.ts";
import { definedFields, toMemory } from "./rows.ts";
import type { IndexedMemory } from "./vector-index.ts";

type Scope = Omit<SearchMemoriesParams, "embedding" | "match_threshold" | "count">;

export abstract class SqlMemories extends SqlRooms {
  /** Validates and shapes a memory row, so a create in a batch is checked as a lone one is. */
  protected insertMemory(memory: Memory, tableName: string, unique?: boolean) {
    this.checkEmbedding(memory.embedding);
    const row = {
      id: memory.id ?? randomUuid(),
      tableName,
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
    this.checkRowSize(Object.values(row));
    const statement: Statement = (db) => db.insert(this.memories).values(row);
    return { row, statement };
  }

  async createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    const { row, statement } = this.insertMemory(memory, tableName, unique);
    await this.atomic([statement]);
    await this.indexMemories([row]);
    return row.id;
  }

  getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    return this.answer(this.memoriesRead(params));
  }

  protected memoriesRead(params: GetMemoriesParams): ReadPlan<Memory[]> {
    const { memories } = this;
    const where = and(
      this.memoryScope(params),
      params.start === undefined ? undefined : gte(memories.createdAt, params.start),
      params.end === undefined ? undefined : lte(memories.createdAt, params.end),
    );
    const { count = Number.MAX_SAFE_INTEGER, offset = 0 } = params;
    return {
      statements: [
        (db) =>
          db
            .select()
            .from(memories)
            .where(where)
            .orderBy(...this.newestFirst())
            .limit(count)
            .offset(offset),
      ],
      decode: ([rows]) => (rows as (typeof memories.$inferSelect)[]).map(toMemory),
    };
  }

  async getMemoryById(id: UUID): Promise<Memory | null> {
    const row = await this.row(this.memories, eq(this.memories.id, id));
    return row ? toMemory(row) : null;
  }

  /** Newest first. */
  async getMemoriesByIds(ids: UUID[], tableName?: string): Promise<Memory[]> {
    const { memories } = this;
    const ofTable = tableName === undefined ? undefined : eq(memories.tableName, tableName);
    const rows = await this.rowsIn(memories, memories.id, ids, ofTable, this.newestFirst());
    return newestFirst(rows).map(toMemory);
  }

  async getMemoriesByRoomIds(params: {
    tableName: string;
    roomIds: UUID[];
    limit?: number;
  }): Promise<Memory[]> {
    const { memories } = this;
    const { tableName, roomIds, limit = Number.MAX_SAFE_INTEGER } = params;
    const scope = this.memoryScope({ tableName });
    const rows = await this.rowsIn(
      memories,
      memories.roomId,
      roomIds,
      scope,
      this.newestFirst(),
      limit,
    );
    // Chunks each return their own newest; merged, the newest `limit` of all.
    return newestFirst(rows).slice(0, limit).map(toMemory);
  }

  async searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    this.checkEmbedding(params.embedding);
    const scope = this.memoryScope(params);
    if (this.index) return this.searchIndex(params, scope);
    return this.dialect.search(this, params, scope);
  }

  async updateMemory(memory: Partial<Memory> & { id: UUID }): Promise<boolean> {
    const { memories } = this;
    this.checkEmbedding(memory.embedding);
    const set = definedFields(memory, ["id", "similarity"]);
    if (set.embedding) set.embedding = [...set.embedding];
    if (Object.keys(set).length === 0) return (await this.getMemoryById(memory.id)) !== null;
    // The columns not named keep their size; an engine that caps rows refuses the rest itself.
    this.checkRowSize(Object.values(set));
    // What the vector index needs back; content stays on the server.
    const { id, tableName, roomId, worldId, entityId, agentId, embedding } = memories;
    const indexed = { id, tableName, roomId, worldId, entityId, agentId, embedding };
    const update = this.db.update(memories).set(set).where(eq(memories.id, memory.id));
    const [row] = await this.run(() => update.returning(indexed));
    if (row && set.embedding) await this.indexMemories([row]);
    return row !== undefined;
  }

  async deleteMemory(memoryId: UUID): Promise<void> {
    await this.deleteManyMemories([memoryId]);
  }

  async deleteManyMemories(memoryIds: UUID[]): Promise<void> {
    const { memories } = this;
    if (memoryIds.length === 0) return;
    await this.atomic(
      this.chunked(memoryIds, 1, (db, part) =>
        db.delete(memories).where(inArray(memories.id, part)),
      ),
    );
    await this.index?.remove(memoryIds);
  }

  async deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    const { memories } = this;
    await this.remove(
      memories,
      and(eq(memories.roomId, roomId), eq(memories.tableName, tableName)),
    );
  }

  /** No tableName counts every table; `unique` defaults to false. */
  async countMemories(roomId: UUID, unique = false, tableName?: string): Promise<number> {
    const { memories } = this;
    const where = and(
      eq(memories.roomId, roomId),
      this.agentFilter(),
      unique ? eq(memories.unique, true) : undefined,
      tableName === undefined ? undefined : eq(memories.tableName, tableName),
    );
    const [row] = await this.run(() => this.db.select({ n: count() }).from(memories).where(where));
    return Number(row?.n ?? 0);
  }

  /**
   * The rows a read may see: the table, this agent's (another agent's rows never crowd this
   * agent's out of a window), and the room, world or entity asked for.
   */
  private memoryScope(params: Scope): SQL | undefined {
    const { memories } = this;
    return and(
      eq(memories.tableName, params.tableName),
      this.agentFilter(params.agentId),
      params.roomId === undefined ? undefined : eq(memories.roomId, params.roomId),
      params.worldId === undefined ? undefined : eq(memories.worldId, params.worldId),
      params.entityId === undefined ? undefined : eq(memories.entityId, params.entityId),
      params.unique ? eq(memories.unique, true) : undefined,
    );
  }

  private agentFilter(agentId = this.scope): SQL | undefined {
    return agentId === undefined ? undefined : eq(this.memories.agentId, agentId);
  }

  /** Newest first; rows of one millisecond in the order they were written, last first. */
  private newestFirst(): SQL[] {
    return [desc(this.memories.createdAt), desc(this.dialect.insertionOrder("memories"))];
  }

  /** Embedded rows into the vector index, when there is one. */
  protected async indexMemories(rows: IndexedMemory[]): Promise<void> {
    const embedded = rows.filter((row) => row.embedding);
    if (this.index && embedded.length > 0) await this.index.upsert(embedded);
  }

  private async searchIndex(params: SearchMemoriesParams, scope: SQL | undefined) {
    const index = this.index!;
    const filter: Record<string, string> = { tableName: params.tableName };
    for (const key of ["roomId", "worldId", "entityId"] as const) {
      if (params[key]) filter[key] = params[key];
    }
    const agentId = params.agentId ?? this.scope;
    if (agentId) filter.agentId = agentId;
    const wanted = params.count ?? 10;
    // Over-fetch: SQL re-applies the scope, and `unique`, which the index does not hold.
    const matches = await index.query(
      params.embedding,
      filter,
      Math.min(index.maxTopK, wanted * 2),
    );
    const kept = matches.filter((match) => match.score >= (params.match_threshold ?? 0));
    const found = await this.loadMatches(
      kept.map((match) => ({ id: match.id, similarity: match.score })),
      scope,
    );
    return found.slice(0, wanted);
  }

  /** The memories of `matches` still in `scope`, in the matches' order, with their similarity. */
  async loadMatches(matches: { id: string; similarity: number }[], scope?: SQL): Promise<Memory[]> {
    const { memories } = this;
    const ids = matches.map((match) => match.id);
    const byId = new Map(
      (await this.rowsIn(memories, memories.id, ids, scope)).map((r) => [r.id, r]),
    );
    return matches.flatMap(({ id, similarity }) => {
      const row = byId.get(id);
      return row ? [{ ...toMemory(row), similarity }] : [];
    });
  }
}

/** Merges chunks read separately into one newest-first list (ties keep their chunk order). */
function newestFirst<R extends { createdAt: number }>(rows: R[]): R[] {
  return rows.sort((a, b) => b.createdAt - a.createdAt);
}
