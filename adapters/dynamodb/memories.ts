// Memories, including vector search. Each list reads the narrowest GSI for its scope (room,
// else entity, else world, else the whole table), newest first, and filters the rest.
import {
  assertEmbeddingDimension,
  type GetMemoriesParams,
  type Memory,
  rankByCosine,
  type SearchMemoriesParams,
  type UUID,
} from "../../core/kernel/index.ts";
import { bin, decodeEmbedding, encodeEmbedding, str, toJson } from "./attributes.ts";
import { inOrder, pageOf } from "./base.ts";
import { Expression } from "./expression.ts";
import type { Fields } from "./items/item.ts";
import { memoryGsis, memoryItem, toMemory } from "./items/memories.ts";
import {
  type GsiName,
  gsiPk,
  gsiSk,
  HIGH,
  keys,
  memoryTablePrefix,
  partitions,
  sortable,
} from "./keys.ts";
import { DynamoRooms } from "./rooms.ts";
import { keyOf } from "./table.ts";

/** Attributes the list queries of a scope filter on, beside the scope's own key. */
interface MemoryScope {
  index: GsiName;
  pk: string;
  /** Sort-key prefix selecting the table (empty on the per-table index). */
  prefix: string;
  /** Which filters the key already applies. */
  keyed: "roomId" | "entityId" | "worldId" | "table";
}

/** What a memory list or search selects by. */
type ScopeParams = {
  tableName: string;
  roomId?: UUID;
  entityId?: UUID;
  worldId?: UUID;
  agentId?: UUID;
  unique?: boolean;
};

export abstract class DynamoMemories extends DynamoRooms {
  async getMemories(params: GetMemoriesParams): Promise<Memory[]> {
    const { scope, filter, expr } = this.scoped(params);
    const { offset, want } = pageOf(params);
    const keyCondition = memoryRange(expr, scope, params.start, params.end);
    const rows = await this.queryNewest(scope.index, keyCondition, filter, expr, want);
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
    // The agent is a filter, and the query pages on until `candidates` rows of this agent
    // matched: another agent's newer rows cost reads but never crowd this agent's out.
    const { scope, filter, expr } = this.scoped(params);
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
      rows.map((row) => ({ row, embedding: decodeEmbedding(bin(row, "embedding")!) })),
      (candidate) => candidate.embedding,
      params.match_threshold ?? 0,
      params.count ?? 10,
    );
    return ranked.map(({ item, similarity }) => ({ ...toMemory(item.row), similarity }));
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
    await this.insert(item, `memory ${id}`);
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
      KeyConditionExpression: roomTable(expr, roomId, tableName),
      ProjectionExpression: "pk, sk",
      ...expr.params(),
    });
    await this.table.batchDelete(rows.map(keyOf));
  }

  async countMemories(roomId: UUID, unique = false, tableName?: string): Promise<number> {
    const expr = new Expression();
    const keyCondition = roomTable(expr, roomId, tableName);
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

  /** The scope's index and the filters beyond its key, under this store's default agent. */
  private scoped(params: ScopeParams) {
    const scope = memoryScope(params);
    const { filter, expr } = memoryFilter(
      { ...params, agentId: params.agentId ?? this.scope },
      scope,
    );
    return { scope, filter, expr };
  }
}

function newestFirst(a: Memory, b: Memory): number {
  return (b.createdAt ?? 0) - (a.createdAt ?? 0) || String(b.id).localeCompare(String(a.id));
}

function withinTime(createdAt: number, start?: number, end?: number): boolean {
  return (start === undefined || createdAt >= start) && (end === undefined || createdAt <= end);
}

/** Key condition on gsi1: a room's memories, of one table when `tableName` is given. */
function roomTable(expr: Expression, roomId: UUID, tableName?: string): string {
  const pk = `${expr.name(gsiPk("gsi1"))} = ${expr.value(partitions.memoriesOfRoom(roomId))}`;
  if (tableName === undefined) return pk;
  return `${pk} AND begins_with(${expr.name(gsiSk("gsi1"))}, ${expr.value(memoryTablePrefix(tableName))})`;
}

/** The GSIs a memory list can key on, narrowest first; the table's own index comes last. */
const SCOPES = [
  ["roomId", "gsi1", partitions.memoriesOfRoom],
  ["entityId", "gsi3", partitions.memoriesOfEntity],
  ["worldId", "gsi2", partitions.memoriesOfWorld],
] as const;

/** The narrowest index for a memory query: room, else entity, else world, else the table. */
function memoryScope(params: ScopeParams): MemoryScope {
  const prefix = memoryTablePrefix(params.tableName);
  for (const [keyed, index, partition] of SCOPES) {
    const id = params[keyed];
    if (id !== undefined) return { index, pk: partition(id), prefix, keyed };
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
  params: Omit<ScopeParams, "tableName">,
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
