// The rest of elizaOS's IDatabaseAdapter on the runtime (see database.ts): worlds, rooms,
// participants, relationships, cache and tasks, forwarded to our storage with elizaOS's shapes.

import {
  type Entity,
  type Metadata,
  type Participant,
  type ParticipantState,
  type Relationship,
  type Room,
  randomUuid,
  type Task,
  type UUID,
  type World,
} from "../../kernel/index.ts";
import { RuntimeStorage } from "./database.ts";

/** elizaOS's Participant is `{id, entity}`; ours carries entityId and roomId too. */
export type RuntimeParticipant = Participant & { entity: Entity | null };

export class RuntimeDatabase extends RuntimeStorage {
  // worlds and rooms
  createWorld(world: World): Promise<UUID> {
    return this.storage.createWorld({
      ...world,
      agentId: world.agentId ?? this.agentId,
      serverId: world.serverId ?? world.messageServerId,
    });
  }
  async getWorld(id: UUID): Promise<World | null> {
    const world = await this.storage.getWorld(id);
    return world && withMessageServerId(world);
  }
  removeWorld(id: UUID): Promise<void> {
    return this.storage.removeWorld(id);
  }
  async getAllWorlds(): Promise<World[]> {
    return (await this.storage.getAllWorlds()).map(withMessageServerId);
  }
  updateWorld(world: World): Promise<void> {
    return this.storage.updateWorld({
      ...world,
      serverId: world.serverId ?? world.messageServerId,
    });
  }
  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    return (await this.storage.getRoomsByIds(roomIds)).map(withMessageServerId);
  }
  async getRoom(roomId: UUID): Promise<Room | null> {
    const [room] = await this.getRoomsByIds([roomId]);
    return room ?? null;
  }
  getRooms(worldId: UUID): Promise<Room[]> {
    return this.getRoomsByWorld(worldId);
  }
  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    return (await this.storage.getRoomsByWorld(worldId)).map(withMessageServerId);
  }
  createRooms(rooms: Room[]): Promise<UUID[]> {
    return this.storage.createRooms(rooms.map((r) => normalizeRoom(r, this.agentId)));
  }
  /** elizaOS: one room; its worldId is required. */
  async createRoom(room: Omit<Room, "id"> & { id?: UUID }): Promise<UUID> {
    if (!room.worldId) throw new Error("createRoom: worldId is required");
    const [id] = await this.createRooms([{ ...room, id: room.id ?? randomUuid() }]);
    if (!id) throw new Error("createRoom: the room was not created");
    return id;
  }
  deleteRoom(roomId: UUID): Promise<void> {
    return this.storage.deleteRoom(roomId);
  }
  deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    return this.storage.deleteRoomsByWorldId(worldId);
  }
  updateRoom(room: Room): Promise<void> {
    return this.storage.updateRoom(normalizeRoom(room, this.agentId));
  }

  // participants
  getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return this.storage.getRoomsForParticipant(entityId);
  }
  getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    return this.storage.getRoomsForParticipants(entityIds);
  }
  /** elizaOS's `{id, entity}` shape, with our entityId and roomId kept alongside. */
  async getParticipantsForEntity(entityId: UUID): Promise<RuntimeParticipant[]> {
    const participants = await this.storage.getParticipantsForEntity(entityId);
    if (participants.length === 0) return [];
    const [entity] = await this.storage.getEntitiesByIds([entityId]);
    return participants.map((p) => ({ ...p, entity: entity ?? null }));
  }
  getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    return this.storage.getParticipantsForRoom(roomId);
  }
  isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return this.storage.isRoomParticipant(roomId, entityId);
  }
  addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    return this.storage.addParticipantsRoom(entityIds, roomId);
  }
  addParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.storage.addParticipantsRoom([entityId], roomId);
  }
  removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.storage.removeParticipant(entityId, roomId);
  }
  getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    return this.storage.getParticipantUserState(roomId, entityId);
  }
  setParticipantUserState(roomId: UUID, entityId: UUID, state: ParticipantState): Promise<void> {
    return this.storage.setParticipantUserState(roomId, entityId, state);
  }

  // relationships
  createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    return this.storage.createRelationship(params);
  }
  updateRelationship(relationship: Relationship): Promise<void> {
    return this.storage.updateRelationship(relationship);
  }
  getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null> {
    return this.storage.getRelationship(params);
  }
  getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    return this.storage.getRelationships(params);
  }

  // cache
  getCache<T>(key: string): Promise<T | undefined> {
    return this.storage.getCache<T>(key);
  }
  setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean> {
    return this.storage.setCache(key, value, options);
  }
  deleteCache(key: string): Promise<boolean> {
    return this.storage.deleteCache(key);
  }

  // tasks; elizaOS tasks may omit tags and agentId
  createTask(task: Omit<Task, "tags"> & { tags?: string[] }): Promise<UUID> {
    return this.storage.createTask({
      ...task,
      tags: task.tags ?? [],
      agentId: task.agentId ?? this.agentId,
    });
  }
  getTasks(params: { roomId?: UUID; tags?: string[]; entityId?: UUID }): Promise<Task[]> {
    return this.storage.getTasks(params);
  }
  getTask(id: UUID): Promise<Task | null> {
    return this.storage.getTask(id);
  }
  getTasksByName(name: string): Promise<Task[]> {
    return this.storage.getTasksByName(name);
  }
  updateTask(id: UUID, task: Partial<Task>): Promise<void> {
    return this.storage.updateTask(id, task);
  }
  deleteTask(id: UUID): Promise<void> {
    return this.storage.deleteTask(id);
  }
}

/**
 * elizaOS 1.7 reads a room's or world's server as `messageServerId` (plugin-bootstrap's role
 * and settings code reads nothing else); our rows keep `serverId`, so reads carry both.
 */
function withMessageServerId<T extends { serverId?: string; messageServerId?: string }>(row: T): T {
  if (row.serverId === undefined || row.serverId === null || row.messageServerId !== undefined) {
    return row;
  }
  return { ...row, messageServerId: row.serverId };
}

/** elizaOS 1.7 names a room's server `messageServerId`; our rows keep `serverId`. */
function normalizeRoom(room: Room, agentId: UUID): Room {
  return {
    ...room,
    agentId: room.agentId ?? agentId,
    serverId: room.serverId ?? room.messageServerId,
  };
}
