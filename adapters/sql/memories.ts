// Memories: the room timelines, knowledge and facts, and their vector search (the dialect's
// own, or a vector index beside the rows).
import { and, count, desc, eq, gte, inArray, lte, or, type SQL } from "drizzle-orm";
import {
  cosineSimilarity,
  type GetMemoriesParams,
  type Memory,
  randomUuid,
  type SearchMemoriesParams,
  type UUID,
} from "../../core/kernel/index.ts";
import type { ReadPlan } from "./base.ts";
import type { SqlDb, SqlTables, Statement } from "./driver.ts";
import { SqlRooms } from "./rooms.ts";
import { definedFields, toMemory } from "./rows.ts";
import { embeddedIds } from "./vector-index.ts";

type Scope = Omit<SearchMemoriesParams, "embedding" | "match_threshold" | "count">;
type MemoryRow = SqlTables["memories"]["$inferSelect"];

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
    if (row.embedding) this.index?.check?.(row);
    this.checkRowSize(Object.values(row));
    const statement: Statement = (db) => db.insert(this.memories).values(row);
    return { row, statement };
  }

  async createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    const { row, statement } = this.insertMemory(memory, tableName, unique);
    await this.atomic([statement]);
    await this.syncIndex([row]);
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

  /**
   * Each room's newest `limit` through the room's index (one subquery per room, several rooms
   * a statement), so a busy room costs `limit` rows, not all of its history; merged, the
   * newest `limit` of all.
   */
  async getMemoriesByRoomIds(params: {
    tableName: string;
    roomIds: UUID[];
    limit?: number;
  }): Promise<Memory[]> {
    const { memories } = this;
    const { tableName, roomIds, limit = Number.MAX_SAFE_INTEGER } = params;
    const newest = (db: SqlDb, roomId: UUID) =>
      db
        .select({ id: memories.id })
        .from(memories)
        .where(this.memoryScope({ tableName, roomId }))
        .orderBy(...this.newestFirst())
        .limit(limit);
    const rows = await this.selectIn(
      roomIds,
      (db, part) =>
        db
          .select()
          .from(memories)
          .where(or(...part.map((roomId) => inArray(memories.id, newest(db, roomId as UUID)))))
          .orderBy(...this.newestFirst())
          .limit(limit),
      ROOM_SUBQUERY_PARAMS,
    );
    return newestFirst(rows).slice(0, limit).map(toMemory);
  }

  async searchMemories(params: SearchMemoriesParams): Promise<Memory[]> {
    this.checkEmbedding(params.embedding);
    if (this.index) return this.searchIndex(params);
    return this.dialect.search(this, params, this.memoryScope(params));
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
    // The index holds the vector and the fields it filters on: either changing re-indexes.
    const moved = INDEXED_FIELDS.some((field) => field in set);
    if (row && moved) await this.syncIndex([row], row.embedding ? [] : [row.id]);
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
    await this.syncIndex([], memoryIds);
  }

  /** The rows go in one statement; their vectors follow (deleteRoom does the same). */
  async deleteAllMemories(roomId: UUID, tableName: string): Promise<void> {
    const { memories } = this;
    const where = and(eq(memories.roomId, roomId), eq(memories.tableName, tableName));
    const [gone] = await this.atomic([this.deleteMemoriesWhere(() => where)]);
    await this.syncIndex([], embeddedIds(gone));
  }

  /** No tableName counts every table; `unique` defaults to false. */
  async countMemories(roomId: UUID, unique = false, tableName?: string): Promise<number> {
    const { memories } = this;
    const where = and(
      eq(memories.roomId, roomId),
      this.agentFilter(this.scope, true),
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
      // With a room, the room's index leads and the agent is tested on its rows.
      this.agentFilter(params.agentId, params.roomId !== undefined),
      params.roomId === undefined ? undefined : eq(memories.roomId, params.roomId),
      params.worldId === undefined ? undefined : eq(memories.worldId, params.worldId),
      params.entityId === undefined ? undefined : eq(memories.entityId, params.entityId),
      params.unique ? eq(memories.unique, true) : undefined,
    );
  }

  private agentFilter(agentId = this.scope, residual = false): SQL | undefined {
    if (agentId === undefined) return undefined;
    const column = this.memories.agentId;
    const { residual: unindexed } = this.dialect;
    return residual && unindexed ? eq(unindexed(column), agentId) : eq(column, agentId);
  }

  /** Newest first; rows of one millisecond in the order they were written, last first. */
  private newestFirst(): SQL[] {
    return [desc(this.memories.createdAt), desc(this.dialect.insertionOrder("memories"))];
  }

  /**
   * The scope's nearest memories by the vector index: matches are re-read by id and kept when
   * still in the scope (tested on the row: an id list plus scope terms would tempt SQLite,
   * without statistics, into walking the scope's index instead), then ranked by the cosine of
   * the stored embedding. Index scores may be approximate (Vectorize's default); the
   * threshold and order are the rows' own.
   */
  private async searchIndex(params: SearchMemoriesParams): Promise<Memory[]> {
    const index = this.index!;
    const filter: Record<string, string> = { tableName: params.tableName };
    for (const key of ["roomId", "worldId", "entityId"] as const) {
      if (params[key]) filter[key] = params[key];
    }
    const agentId = params.agentId ?? this.scope;
    if (agentId) filter.agentId = agentId;
    const wanted = params.count ?? 10;
    if (wanted <= 0) return [];
    // Over-fetch: the index's scores are approximate, and it does not hold `unique`.
    const matches = await index.query(
      params.embedding,
      filter,
      Math.min(index.maxTopK, wanted * 2),
    );
    const { memories } = this;
    const rows = await this.rowsIn(
      memories,
      memories.id,
      matches.map((match) => match.id),
    );
    const threshold = params.match_threshold ?? 0;
    return rows
      .filter((row) => row.embedding && inScope(row, { ...params, agentId }))
      .map((row) => ({
        ...toMemory(row),
        similarity: cosineSimilarity(params.embedding, row.embedding!),
      }))
      .filter((memory) => memory.similarity >= threshold)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, wanted);
  }

  /** The memories of `matches`, in the matches' order, with their similarity. */
  async loadMatches(matches: { id: string; similarity: number }[]): Promise<Memory[]> {
    const { memories } = this;
    const ids = matches.map((match) => match.id);
    const byId = new Map((await this.rowsIn(memories, memories.id, ids)).map((r) => [r.id, r]));
    return matches.flatMap(({ id, similarity }) => {
      const row = byId.get(id);
      return row ? [{ ...toMemory(row), similarity }] : [];
    });
  }
}

/** What each room's subquery in getMemoriesByRoomIds binds: table, agent, room, limit. */
const ROOM_SUBQUERY_PARAMS = 4;

/** Memory fields the vector index keeps beside the vector. */
const INDEXED_FIELDS = ["embedding", "roomId", "worldId", "entityId", "agentId"] as const;

/** memoryScope's test, on a row already read. */
function inScope(memory: MemoryRow, scope: Scope): boolean {
  return (
    memory.tableName === scope.tableName &&
    (scope.agentId === undefined || memory.agentId === scope.agentId) &&
    (scope.roomId === undefined || memory.roomId === scope.roomId) &&
    (scope.worldId === undefined || memory.worldId === scope.worldId) &&
    (scope.entityId === undefined || memory.entityId === scope.entityId) &&
    (!scope.unique || memory.unique === true)
  );
}

/** Merges chunks read separately into one newest-first list (ties keep their chunk order). */
function newestFirst<R extends { createdAt: number }>(rows: R[]): R[] {
  return rows.sort((a, b) => b.createdAt - a.createdAt);
}
