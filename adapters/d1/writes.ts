// Write statements shared by the single-call methods and `batch`: one builder per write, so a
// createMemory inside a batch is checked and stored exactly as a lone createMemory is.
import { type AnyColumn, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { StorageError, type StorageOp } from "../../core/storage.ts";
import type { Entity, Memory, Room, Task, UUID, World } from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import { assertEmbeddingDimension } from "../../core/vector.ts";
import { wellFormedDeep } from "../../core/well-formed.ts";
import { MAX_ROW_BYTES, rowBytes } from "./limits.ts";
import { cache, entities, memories, participants, rooms, tasks, worlds } from "./schema.ts";

export type Db = DrizzleD1Database<Record<string, never>>;
export type Statement = BatchItem<"sqlite">;

/** What a write needs from the storage: its clock and, when known, the pinned width. */
export interface WriteContext {
  db: Db;
  now: number;
  dimension: number | undefined;
}

export type MemoryRow = typeof memories.$inferInsert;

/**
 * Validates and shapes a memory row: the embedding width (when this isolate knows it; the
 * trigger in migrations/0001 enforces it in the database either way) and the row size.
 */
export function memoryRow(
  ctx: WriteContext,
  memory: Memory,
  tableName: string,
  unique?: boolean,
): MemoryRow & { id: UUID } {
  if (memory.embedding != null) assertEmbeddingDimension(memory.embedding, ctx.dimension);
  const row = {
    id: memory.id ?? randomUuid(),
    tableName,
    entityId: memory.entityId,
    agentId: memory.agentId ?? null,
    roomId: memory.roomId,
    worldId: memory.worldId ?? null,
    content: memory.content,
    embedding: memory.embedding ?? null,
    unique: unique ?? memory.unique ?? false,
    metadata: memory.metadata ?? null,
    createdAt: memory.createdAt ?? ctx.now,
  };
  assertRowFits(row);
  return row;
}

/** Rejects a memory row D1 would refuse, before D1 sees it. */
export function assertRowFits(row: Partial<MemoryRow>): void {
  const bytes = rowBytes([
    row.id,
    row.tableName,
    row.entityId,
    row.agentId,
    row.roomId,
    row.worldId,
    row.content === undefined ? undefined : JSON.stringify(row.content),
    row.embedding == null ? undefined : JSON.stringify(row.embedding),
    row.metadata == null ? undefined : JSON.stringify(row.metadata),
    row.unique,
    row.createdAt,
  ]);
  if (bytes > MAX_ROW_BYTES) {
    throw new StorageError(
      "TOO_LARGE",
      `memory row is ${bytes} bytes; D1 rows are limited to ${MAX_ROW_BYTES} here (1 MB in D1)`,
    );
  }
}

export function insertMemory(ctx: WriteContext, row: MemoryRow) {
  return ctx.db.insert(memories).values(row);
}

export function worldRow(world: World): typeof worlds.$inferInsert {
  return {
    id: world.id,
    agentId: world.agentId,
    name: world.name ?? null,
    serverId: world.serverId ?? null,
    metadata: world.metadata ?? null,
  };
}

export function roomRow(room: Room): typeof rooms.$inferInsert {
  return {
    id: room.id,
    agentId: room.agentId ?? null,
    name: room.name ?? null,
    source: room.source,
    type: room.type,
    channelId: room.channelId ?? null,
    serverId: room.serverId ?? null,
    worldId: room.worldId ?? null,
    metadata: room.metadata ?? null,
  };
}

export function entityRow(entity: Entity): typeof entities.$inferInsert & { id: UUID } {
  return {
    id: entity.id ?? randomUuid(),
    agentId: entity.agentId,
    names: entity.names,
    metadata: entity.metadata ?? null,
  };
}

export function participantRow(
  ctx: WriteContext,
  entityId: UUID,
  roomId: UUID,
): typeof participants.$inferInsert {
  return { id: randomUuid(), entityId, roomId, userState: null, createdAt: ctx.now };
}

export function taskRow(ctx: WriteContext, task: Task): typeof tasks.$inferInsert & { id: UUID } {
  return {
    id: task.id ?? randomUuid(),
    name: task.name,
    description: task.description ?? null,
    agentId: task.agentId ?? null,
    roomId: task.roomId ?? null,
    worldId: task.worldId ?? null,
    entityId: task.entityId ?? null,
    tags: task.tags ?? [],
    metadata: task.metadata ?? null,
    dueAt: task.dueAt ?? null,
    leaseOwner: task.leaseOwner ?? null,
    leaseExpiresAt: task.leaseExpiresAt ?? null,
    createdAt: task.createdAt ?? ctx.now,
    updatedAt: task.updatedAt ?? ctx.now,
  };
}

/** The columns a partial task names; `undefined` fields stay as they are, `null` clears. */
export function taskPatch(
  ctx: WriteContext,
  patch: Partial<Task>,
): Partial<typeof tasks.$inferInsert> {
  const set: Partial<typeof tasks.$inferInsert> = { updatedAt: patch.updatedAt ?? ctx.now };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description ?? null;
  if (patch.agentId !== undefined) set.agentId = patch.agentId ?? null;
  if (patch.roomId !== undefined) set.roomId = patch.roomId ?? null;
  if (patch.worldId !== undefined) set.worldId = patch.worldId ?? null;
  if (patch.entityId !== undefined) set.entityId = patch.entityId ?? null;
  if (patch.tags !== undefined) set.tags = patch.tags ?? [];
  if (patch.metadata !== undefined) set.metadata = patch.metadata ?? null;
  if (patch.dueAt !== undefined) set.dueAt = patch.dueAt;
  if (patch.leaseOwner !== undefined) set.leaseOwner = patch.leaseOwner;
  if (patch.leaseExpiresAt !== undefined) set.leaseExpiresAt = patch.leaseExpiresAt;
  if (patch.createdAt !== undefined) set.createdAt = patch.createdAt;
  return set;
}

export function setCacheStatement(ctx: WriteContext, key: string, value: unknown, ttlMs?: number) {
  // JSON text, so null stays distinguishable from an absent row (getCache → undefined).
  const json = JSON.stringify(wellFormedDeep(value)) ?? "null";
  const expiresAt = ttlMs === undefined ? null : ctx.now + ttlMs;
  return ctx.db
    .insert(cache)
    .values({ key, value: json, expiresAt })
    .onConflictDoUpdate({ target: cache.key, set: { value: json, expiresAt } });
}

/** One StorageOp as D1 statements (createMemory is one; none needs more). */
export function opStatement(ctx: WriteContext, op: StorageOp): Statement {
  const { db } = ctx;
  switch (op.op) {
    case "ensureWorld":
      return db.insert(worlds).values(worldRow(op.world)).onConflictDoNothing();
    case "ensureRoom":
      return db.insert(rooms).values(roomRow(op.room)).onConflictDoNothing();
    case "ensureEntity":
      return db.insert(entities).values(entityRow(op.entity)).onConflictDoNothing();
    case "ensureParticipant":
      return db
        .insert(participants)
        .values(participantRow(ctx, op.entityId, op.roomId))
        .onConflictDoNothing();
    case "createMemory":
      return insertMemory(ctx, memoryRow(ctx, op.memory, op.tableName));
    case "deleteMemory":
      return db.delete(memories).where(eq(memories.id, op.memoryId));
    case "createTask":
      return db.insert(tasks).values(taskRow(ctx, op.task));
    case "updateTask":
      return db.update(tasks).set(taskPatch(ctx, op.task)).where(eq(tasks.id, op.id));
    case "deleteTask":
      return db.delete(tasks).where(eq(tasks.id, op.id));
    case "setCache":
      return setCacheStatement(ctx, op.key, op.value, op.ttlMs);
    case "deleteCache":
      return db.delete(cache).where(eq(cache.key, op.key));
    default: {
      const unknown: never = op;
      throw new StorageError("INVALID_BATCH", `unknown batch op ${JSON.stringify(unknown)}`);
    }
  }
}

/** `sql` for "the JSON array in `column` holds `value`", matched exactly (no LIKE). */
export function jsonArrayHas(column: AnyColumn, value: string) {
  return sql`exists (select 1 from json_each(${column}) where json_each.value = ${value})`;
}
