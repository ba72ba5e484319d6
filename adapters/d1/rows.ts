// Rows as drizzle reads them → the contract's domain objects. Absent (NULL) optional fields
// are left out rather than set to null, as the memory backend returns them.
import type {
  Agent,
  ChannelType,
  Component,
  Entity,
  Log,
  Memory,
  Relationship,
  Room,
  Task,
  UUID,
  World,
} from "../../core/types.ts";
import type {
  agents,
  components,
  entities,
  logs,
  memories,
  relationships,
  rooms,
  tasks,
  worlds,
} from "./schema.ts";

type Row<T extends { $inferSelect: unknown }> = T["$inferSelect"];

export function toAgent(row: Row<typeof agents>): Agent {
  const agent: Agent = {
    id: row.id as UUID,
    name: row.name,
    enabled: row.enabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  if (row.character != null) agent.character = row.character;
  return agent;
}

export function toEntity(row: Row<typeof entities>): Entity {
  const entity: Entity = { id: row.id as UUID, agentId: row.agentId as UUID, names: row.names };
  if (row.metadata != null) entity.metadata = row.metadata;
  return entity;
}

export function toComponent(row: Row<typeof components>): Component {
  return {
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    agentId: row.agentId as UUID,
    roomId: row.roomId as UUID,
    worldId: row.worldId as UUID,
    sourceEntityId: row.sourceEntityId as UUID,
    type: row.type,
    createdAt: row.createdAt,
    data: row.data,
  };
}

export function toWorld(row: Row<typeof worlds>): World {
  const world: World = { id: row.id as UUID, agentId: row.agentId as UUID };
  if (row.name != null) world.name = row.name;
  if (row.serverId != null) world.serverId = row.serverId;
  if (row.metadata != null) world.metadata = row.metadata;
  return world;
}

export function toRoom(row: Row<typeof rooms>): Room {
  const room: Room = { id: row.id as UUID, source: row.source, type: row.type as ChannelType };
  if (row.agentId != null) room.agentId = row.agentId as UUID;
  if (row.name != null) room.name = row.name;
  if (row.channelId != null) room.channelId = row.channelId;
  if (row.serverId != null) room.serverId = row.serverId;
  if (row.worldId != null) room.worldId = row.worldId as UUID;
  if (row.metadata != null) room.metadata = row.metadata;
  return room;
}

export function toMemory(row: Row<typeof memories>): Memory {
  const memory: Memory = {
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    roomId: row.roomId as UUID,
    content: row.content,
    createdAt: row.createdAt,
    unique: row.unique,
  };
  if (row.agentId != null) memory.agentId = row.agentId as UUID;
  if (row.worldId != null) memory.worldId = row.worldId as UUID;
  if (row.embedding != null) memory.embedding = row.embedding;
  if (row.metadata != null) memory.metadata = row.metadata;
  return memory;
}

export function toRelationship(row: Row<typeof relationships>): Relationship {
  return {
    id: row.id as UUID,
    sourceEntityId: row.sourceEntityId as UUID,
    targetEntityId: row.targetEntityId as UUID,
    agentId: row.agentId as UUID,
    tags: row.tags,
    metadata: row.metadata,
    createdAt: row.createdAt,
  };
}

export function toLog(row: Row<typeof logs>): Log {
  const log: Log = {
    id: row.id as UUID,
    entityId: row.entityId as UUID,
    type: row.type,
    body: row.body,
    createdAt: row.createdAt,
  };
  if (row.roomId != null) log.roomId = row.roomId as UUID;
  return log;
}

export function toTask(row: Row<typeof tasks>): Task {
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
  if (row.metadata != null) task.metadata = row.metadata;
  return task;
}
