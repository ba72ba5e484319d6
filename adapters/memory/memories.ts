// Memories, including vector search: exact cosine ranking of every stored row in scope, from
// the unit vector each row got when it was stored (tables.ts MemoryRows, core/kernel/vectors/vector.ts). A
// room's rows are kept in time order, so its recent messages are read from the end of one
// list.

import {
  assertEmbeddingDimension,
  type GetMemoriesParams,
  type Memory,
  rankByUnitVectors,
  rankPackedUnits,
  type SearchMemoriesParams,
  StorageError,
  type UUID,
} from "../../core/kernel/index.ts";
import { definedFields, detachedMemory, stored, storedWithout } from "./base.ts";
import { newestPage } from "./newest-page.ts";
import { MemoryRooms } from "./rooms.ts";
import type { StoredMemory } from "./tables.ts";

/** What a list and a search select by, beside time and similarity. */
interface MemoryScope {
  tableName: string;
  roomId?: UUID;
  entityId?: UUID;
  worldId?: UUID;
  unique?: boolean;
}

export abstract class MemoryMemories extends MemoryRooms {
  async getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    const { roomId, start, end } = params;
    const agentId = params.agentId ?? this.scope;
    const wanted = (m: StoredMemory) =>
      inScope(m, params, agentId) &&
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
    // Newest first, by index from the end (a generator here cost a turn's read its own object
    // and the optimizing compiler a good deal more work).
    const rows = this.db.memories.roomRows(roomId);
    for (let i = rows.length - 1; i >= 0; i--) {
      const m = rows[i]!;
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
      const rows = this.db.memories.roomRows(roomId);
      for (let i = rows.length - 1; i >= 0; i--) {
        const m = rows[i]!;
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
    const rows = this.db.memories;
    // A room's own list holds only its rows; the rest is compared with the rows' own strings.
    const scope: MemoryScope = {
      tableName: rows.interned(params.tableName),
      entityId: rows.interned(params.entityId),
      worldId: rows.interned(params.worldId),
      unique: params.unique,
    };
    const agentId = rows.interned(params.agentId ?? this.scope);
    const threshold = params.match_threshold ?? 0;
    const count = params.count ?? 10;
    // A row of another width (stored before the dimension changed) matches nothing.
    const ranked =
      params.roomId === undefined
        ? rankByUnitVectors(
            params.embedding,
            rows.values(),
            (m) => (inScope(m, scope, agentId) ? rows.vectorOf(m) : undefined),
            threshold,
            count,
          )
        : rankPackedUnits(
            params.embedding,
            rows.packedRoom(params.roomId, params.embedding.length),
            (m) => inScope(m, scope, agentId),
            (m) => m.embedding!,
            threshold,
            count,
          );
    return ranked.map(({ item, similarity }) => ({ ...toMemory(item), similarity }));
  }

  async createMemory(memory: Memory, tableName: string, unique?: boolean): Promise<UUID> {
    return this.insertMemory(memory, tableName, unique);
  }

  async updateMemory(memory: Partial<Memory> & { id: UUID }): Promise<boolean> {
    const current = this.db.memories.get(memory.id);
    if (!current) return false;
    if (memory.embedding) assertEmbeddingDimension(memory.embedding, this.dimension);
    const { id: _id, similarity: _similarity, ...patch } = definedFields(stored(memory));
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

  /** createMemory and the batch's createMemory: CONFLICT when the id is taken. */
  protected insertMemory(memory: Memory, tableName: string, unique?: boolean): UUID {
    if (memory.embedding !== undefined) {
      assertEmbeddingDimension(memory.embedding, this.dimension);
    }
    const id = memory.id ?? this.newId();
    if (this.db.memories.has(id)) {
      throw new StorageError("CONFLICT", `memory ${id} already exists`);
    }
    // The copy is this store's own: its fields are set on it, not spread into another.
    const row = storedWithout(memory, "similarity") as StoredMemory;
    row.id = id;
    row.tableName = tableName;
    row.createdAt = memory.createdAt ?? this.now();
    row.unique = unique ?? memory.unique ?? false;
    this.db.memories.set(id, row);
    return id;
  }
}

/** Whether a stored memory is in the table and scope asked for, under `agentId` if any. */
function inScope(m: StoredMemory, scope: MemoryScope, agentId: UUID | undefined): boolean {
  return (
    m.tableName === scope.tableName &&
    (scope.roomId === undefined || m.roomId === scope.roomId) &&
    (scope.entityId === undefined || m.entityId === scope.entityId) &&
    (agentId === undefined || m.agentId === agentId) &&
    (scope.worldId === undefined || m.worldId === scope.worldId) &&
    (!scope.unique || m.unique)
  );
}

/** A stored memory as callers see it: a copy, without the table it lives in. */
function toMemory(row: StoredMemory): Memory {
  return detachedMemory(row);
}
