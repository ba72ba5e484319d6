// Worlds, rooms and participants. Deleting a room takes its memories and participants along.

import {
  type Participant,
  type ParticipantState,
  type Room,
  StorageError,
  type UUID,
  type World,
} from "../../core/kernel/index.ts";
import { detached, stored } from "./base.ts";
import { MemoryEntities } from "./entities.ts";
import { participantKey, type StoredParticipant } from "./tables.ts";

export abstract class MemoryRooms extends MemoryEntities {
  // worlds

  async createWorld(world: World): Promise<UUID> {
    if (this.db.worlds.has(world.id)) {
      throw new StorageError("CONFLICT", `world ${world.id} already exists`);
    }
    this.db.worlds.set(world.id, stored(world));
    return world.id;
  }

  async getWorld(id: UUID): Promise<World | null> {
    return this.copyOf(this.db.worlds, id);
  }

  async getAllWorlds(): Promise<World[]> {
    return [...this.db.worlds.values()].map(detached);
  }

  async updateWorld(world: World): Promise<void> {
    if (this.db.worlds.has(world.id)) this.db.worlds.set(world.id, stored(world));
  }

  async removeWorld(id: UUID): Promise<void> {
    this.db.worlds.delete(id);
  }

  // rooms

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    return this.copiesOf(this.db.rooms, roomIds);
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    return [...this.db.rooms.values()].filter((r) => r.worldId === worldId).map(detached);
  }

  async createRooms(rooms: Room[]): Promise<UUID[]> {
    const seen = new Set<UUID>();
    for (const room of rooms) {
      if (this.db.rooms.has(room.id) || seen.has(room.id)) {
        throw new StorageError("CONFLICT", `room ${room.id} already exists`);
      }
      seen.add(room.id);
    }
    for (const room of rooms) this.db.rooms.set(room.id, stored(room));
    return rooms.map((r) => r.id);
  }

  async updateRoom(room: Room): Promise<void> {
    if (this.db.rooms.has(room.id)) this.db.rooms.set(room.id, stored(room));
  }

  async deleteRoom(roomId: UUID): Promise<void> {
    this.removeRoom(roomId);
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    for (const room of [...this.db.rooms.values()]) {
      if (room.worldId === worldId) this.removeRoom(room.id);
    }
  }

  // participants

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return this.participantsWhere((p) => p.entityId === entityId).map((p) => p.roomId);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    const wanted = new Set(entityIds);
    const rooms = this.participantsWhere((p) => wanted.has(p.entityId)).map((p) => p.roomId);
    return [...new Set(rooms)];
  }

  async getParticipantsForEntity(entityId: UUID): Promise<Participant[]> {
    return this.participantsWhere((p) => p.entityId === entityId).map(
      ({ id, entityId: e, roomId }) => ({ id, entityId: e, roomId }),
    );
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    return this.participantsWhere((p) => p.roomId === roomId).map((p) => p.entityId);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return this.db.participants.has(participantKey(roomId, entityId));
  }

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    for (const entityId of entityIds) this.insertParticipantIfAbsent(entityId, roomId);
    return true;
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.db.participants.delete(participantKey(roomId, entityId));
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    return this.db.participants.get(participantKey(roomId, entityId))?.state ?? null;
  }

  async setParticipantUserState(
    roomId: UUID,
    entityId: UUID,
    state: ParticipantState,
  ): Promise<void> {
    const key = participantKey(roomId, entityId);
    const current = this.db.participants.get(key);
    if (current) this.db.participants.set(key, { ...current, state });
  }

  /** The batch's ensureWorld: an existing world is left as it is. */
  protected insertWorldIfAbsent(world: World): void {
    if (!this.db.worlds.has(world.id)) this.db.worlds.set(world.id, stored(world));
  }

  /** The batch's ensureRoom: an existing room is left as it is. */
  protected insertRoomIfAbsent(room: Room): void {
    if (!this.db.rooms.has(room.id)) this.db.rooms.set(room.id, stored(room));
  }

  /** addParticipantsRoom and the batch's ensureParticipant. */
  protected insertParticipantIfAbsent(entityId: UUID, roomId: UUID): void {
    const key = participantKey(roomId, entityId);
    if (this.db.participants.has(key)) return;
    this.db.participants.set(key, { id: this.newId(), entityId, roomId, state: null });
  }

  private participantsWhere(predicate: (p: StoredParticipant) => boolean): StoredParticipant[] {
    return [...this.db.participants.values()].filter(predicate);
  }

  private removeRoom(roomId: UUID): void {
    this.db.rooms.delete(roomId);
    for (const [id, m] of this.db.memories) if (m.roomId === roomId) this.db.memories.delete(id);
    for (const [key, p] of this.db.participants) {
      if (p.roomId === roomId) this.db.participants.delete(key);
    }
  }
}
