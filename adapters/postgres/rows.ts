// Rows to contract objects. Optional fields that are NULL in SQL are left out, as the memory
// adapter leaves them out, so results compare equal across backends.
import type {
  Agent,
  ChannelType,
  Component,
  Entity,
  Log,
  Memory,
  Metadata,
  Relationship,
  Room,
  Task,
  UUID,
  World,
} from "../../core/types.ts";
import type * as schema from "./schema.ts";

type Select<T extends { $inferSelect: unknown }> = T["$inferSelect"];

function present<T extends object>(object: T): T {
  for (const key of Object.keys(object) as (keyof T)[]) {
    if (object[key] === null || object[key] === undefined) delete object[key];
  }
  return object;
}

const asUuid = (value: string | null) => (value ?? undefined) as UUID | undefined;
const asMetadata = (value: unknown) => (value ?? undefined) as Metadata | undefined;

export function toAgent(row: Select<typeof schema.agents>): Agent {
  return present({
    id: row.id as UUID,
    name: row.name,
    enabled: row.enabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    character: asMetadata(row.character),
  });
}

export function toEntity(row: Select<typeof schema.entities>): Entity {
  return present({
    id: row.id as UUID,
    agentId: row.agentId as UUID,
    names: row.names,
    metadata: asMetadata(row.metadata),
  });
}

export function toComponent(row: Select<typeof schema.components>): Component {
  return {
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    agentId: row.agentId as UUID,
    roomId: row.roomId as UUID,
    worldId: row.worldId as UUID,
    sourceEntityId: row.sourceEntityId as UUID,
    type: row.type,
    createdAt: row.createdAt,
    data: (row.data ?? {}) as Metadata,
  };
}

export function toMemory(row: Select<typeof schema.memories>): Memory {
  return present({
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    agentId: asUuid(row.agentId),
    roomId: row.roomId as UUID,
    worldId: asUuid(row.worldId),
    content: row.content as Memory["content"],
    embedding: row.embedding ?? undefined,
    createdAt: row.createdAt,
    unique: row.unique,
    metadata: asMetadata(row.metadata),
  });
}

export function toWorld(row: Select<typeof schema.worlds>): World {
  return present({
    id: row.id as UUID,
    agentId: row.agentId as UUID,
    name: row.name ?? undefined,
    serverId: row.serverId ?? undefined,
    metadata: asMetadata(row.metadata),
  });
}

export function toRoom(row: Select<typeof schema.rooms>): Room {
  return present({
    id: row.id as UUID,
    name: row.name ?? undefined,
    agentId: asUuid(row.agentId),
    source: row.source,
    type: row.type as ChannelType,
    channelId: row.channelId ?? undefined,
    serverId: row.serverId ?? undefined,
    worldId: asUuid(row.worldId),
    metadata: asMetadata(row.metadata),
  });
}

export function toRelationship(row: Select<typeof schema.relationships>): Relationship {
  return {
    id: row.id as UUID,
    sourceEntityId: row.sourceEntityId as UUID,
    targetEntityId: row.targetEntityId as UUID,
    agentId: row.agentId as UUID,
    tags: row.tags,
    metadata: (row.metadata ?? {}) as Metadata,
    createdAt: row.createdAt,
  };
}

export function toLog(row: Select<typeof schema.logs>): Log {
  return present({
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    roomId: asUuid(row.roomId),
    type: row.type,
    body: row.body as Metadata,
    createdAt: row.createdAt,
  });
}

export function toTask(row: Select<typeof schema.tasks>): Task {
  return present({
    id: row.id as UUID,
    name: row.name,
    description: row.description ?? undefined,
    agentId: asUuid(row.agentId),
    roomId: asUuid(row.roomId),
    worldId: asUuid(row.worldId),
    entityId: asUuid(row.entityId),
    tags: row.tags,
    metadata: asMetadata(row.metadata),
    dueAt: row.dueAt,
    leaseOwner: row.leaseOwner,
    leaseExpiresAt: row.leaseExpiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
}

type TaskRow = typeof schema.tasks.$inferInsert;

/** A task patch as a row patch: only the fields given; null clears dueAt and the lease. */
export function taskPatch(task: Partial<Task>): Partial<TaskRow> {
  const patch: Partial<TaskRow> = {};
  if (task.name !== undefined) patch.name = task.name;
  if (task.description !== undefined) patch.description = task.description;
  if (task.agentId !== undefined) patch.agentId = task.agentId;
  if (task.roomId !== undefined) patch.roomId = task.roomId;
  if (task.worldId !== undefined) patch.worldId = task.worldId;
  if (task.entityId !== undefined) patch.entityId = task.entityId;
  if (task.tags !== undefined) patch.tags = task.tags;
  if (task.metadata !== undefined) patch.metadata = task.metadata;
  if (task.dueAt !== undefined) patch.dueAt = task.dueAt;
  if (task.leaseOwner !== undefined) patch.leaseOwner = task.leaseOwner;
  if (task.leaseExpiresAt !== undefined) patch.leaseExpiresAt = task.leaseExpiresAt;
  return patch;
}
