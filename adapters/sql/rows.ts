// Rows as drizzle reads them → the contract's objects, for both dialects. Optional fields that
// are NULL in SQL are left out, as the memory backend leaves them out, so results compare equal
// across backends; a task keeps its null dueAt and lease, as there.
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
import type { SqlTables } from "./driver.ts";

type Row<K extends keyof SqlTables> = SqlTables[K]["$inferSelect"];

export function toAgent(row: Row<"agents">): Agent {
  const agent: Agent = {
    id: row.id as UUID,
    name: row.name,
    enabled: row.enabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  if (row.character != null) agent.character = row.character as Metadata;
  return agent;
}

export function toEntity(row: Row<"entities">): Entity {
  const entity: Entity = { id: row.id as UUID, agentId: row.agentId as UUID, names: row.names };
  if (row.metadata != null) entity.metadata = row.metadata as Metadata;
  return entity;
}

export function toComponent(row: Row<"components">): Component {
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

export function toWorld(row: Row<"worlds">): World {
  const world: World = { id: row.id as UUID, agentId: row.agentId as UUID };
  if (row.name != null) world.name = row.name;
  if (row.serverId != null) world.serverId = row.serverId;
  if (row.metadata != null) world.metadata = row.metadata as Metadata;
  return world;
}

export function toRoom(row: Row<"rooms">): Room {
  const room: Room = { id: row.id as UUID, source: row.source, type: row.type as ChannelType };
  if (row.agentId != null) room.agentId = row.agentId as UUID;
  if (row.name != null) room.name = row.name;
  if (row.channelId != null) room.channelId = row.channelId;
  if (row.serverId != null) room.serverId = row.serverId;
  if (row.worldId != null) room.worldId = row.worldId as UUID;
  if (row.metadata != null) room.metadata = row.metadata as Metadata;
  return room;
}

export function toMemory(row: Row<"memories">): Memory {
  const memory: Memory = {
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    roomId: row.roomId as UUID,
    content: row.content as Memory["content"],
    createdAt: row.createdAt,
    unique: row.unique,
  };
  if (row.agentId != null) memory.agentId = row.agentId as UUID;
  if (row.worldId != null) memory.worldId = row.worldId as UUID;
  if (row.embedding != null) memory.embedding = row.embedding;
  if (row.metadata != null) memory.metadata = row.metadata as Metadata;
  return memory;
}

export function toRelationship(row: Row<"relationships">): Relationship {
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

export function toLog(row: Row<"logs">): Log {
  const log: Log = {
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    type: row.type,
    body: row.body as Metadata,
    createdAt: row.createdAt,
  };
  if (row.roomId != null) log.roomId = row.roomId as UUID;
  return log;
}

export function toTask(row: Row<"tasks">): Task {
  const task: Task = {
    id: row.id as UUID,
    name: row.name,
    tags: row.tags,
    dueAt: row.dueAt,
    leaseOwner: row.leaseOwner,
    leaseExpiresAt: row.leaseExpiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  if (row.description != null) task.description = row.description;
  if (row.agentId != null) task.agentId = row.agentId as UUID;
  if (row.roomId != null) task.roomId = row.roomId as UUID;
  if (row.worldId != null) task.worldId = row.worldId as UUID;
  if (row.entityId != null) task.entityId = row.entityId as UUID;
  if (row.metadata != null) task.metadata = row.metadata as Metadata;
  return task;
}
