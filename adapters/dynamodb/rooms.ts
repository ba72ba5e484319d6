// Worlds, rooms and participants. A room's participants share its partition, so one Query
// lists them; deleting a room deletes them and the room's memories with it.

import {
  type Participant,
  type ParticipantState,
  type Room,
  StorageError,
  type UUID,
  type World,
} from "../../core/kernel/index.ts";
import { toJson } from "./attributes.ts";
import { inOrder } from "./base.ts";
import { putAction, runTransaction } from "./batch.ts";
import { DynamoEntities } from "./entities.ts";
import { doc } from "./items/item.ts";
import {
  participantItem,
  participantState,
  roomGsis,
  roomItem,
  toParticipant,
  worldItem,
} from "./items/rooms.ts";
import { gsiPk, gsiSk, keys, PARTICIPANT_SK_PREFIX, partitions } from "./keys.ts";
import { MAX_TRANSACT_ACTIONS } from "./limits.ts";
import { keyOf } from "./table.ts";

export abstract class DynamoRooms extends DynamoEntities {
  // worlds

  async createWorld(world: World): Promise<UUID> {
    await this.insert(worldItem(world), `world ${world.id}`);
    return world.id;
  }

  async getWorld(id: UUID): Promise<World | null> {
    const row = await this.table.get(keys.world(id));
    return row ? doc<World>(row) : null;
  }

  async getAllWorlds(): Promise<World[]> {
    return (await this.queryIndex("gsi1", partitions.worlds())).map(doc<World>);
  }

  async updateWorld(world: World): Promise<void> {
    await this.updateIfExists(keys.world(world.id), { doc: toJson(world) });
  }

  async removeWorld(id: UUID): Promise<void> {
    await this.delete(keys.world(id));
  }

  // rooms

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    const rows = await this.table.batchGet(roomIds.map(keys.room));
    return inOrder(roomIds, rows.map(doc<Room>));
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    const rows = await this.queryIndex("gsi1", partitions.roomsOfWorld(worldId));
    // An ensureRoom over an older room may index it without changing its doc; the doc rules.
    return rows.map(doc<Room>).filter((room) => room.worldId === worldId);
  }

  async createRooms(rooms: Room[]): Promise<UUID[]> {
    const ids = new Set<UUID>();
    for (const room of rooms) {
      if (ids.has(room.id)) throw new StorageError("CONFLICT", `room ${room.id} is listed twice`);
      ids.add(room.id);
    }
    if (rooms.length === 1) {
      const room = rooms[0]!;
      await this.insert(roomItem(room), `room ${room.id}`);
    } else if (rooms.length > 1) {
      // All or none, as one transaction per 100 rooms (atomic only within each 100).
      for (let i = 0; i < rooms.length; i += MAX_TRANSACT_ACTIONS) {
        const actions = rooms
          .slice(i, i + MAX_TRANSACT_ACTIONS)
          .map((room, j) =>
            putAction(
              this.tableName,
              i + j,
              "ensureRoom",
              keys.room(room.id),
              roomItem(room),
              `room ${room.id}`,
              "conflict",
            ),
          );
        await runTransaction(this.table, actions);
      }
    }
    return rooms.map((r) => r.id);
  }

  async updateRoom(room: Room): Promise<void> {
    const gsi1 = roomGsis(room).gsi1;
    await this.updateIfExists(keys.room(room.id), {
      doc: toJson(room),
      [gsiPk("gsi1")]: gsi1?.pk ?? null,
      [gsiSk("gsi1")]: gsi1?.sk ?? null,
    });
  }

  async deleteRoom(roomId: UUID): Promise<void> {
    const [inPartition, memories] = await Promise.all([
      // The room item and its participants share the room's partition.
      this.queryPartition(keys.room(roomId).pk, { keysOnly: true }),
      this.queryIndex("gsi1", partitions.memoriesOfRoom(roomId), { keysOnly: true }),
    ]);
    await this.table.batchDelete([...inPartition, ...memories].map(keyOf));
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    const rooms = await this.getRoomsByWorld(worldId);
    await Promise.all(rooms.map((room) => this.deleteRoom(room.id)));
  }

  // participants

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    return (await this.getParticipantsForEntity(entityId)).map((p) => p.roomId);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    const lists = await Promise.all(
      [...new Set(entityIds)].map((id) => this.getRoomsForParticipant(id)),
    );
    return [...new Set(lists.flat())];
  }

  async getParticipantsForEntity(entityId: UUID): Promise<Participant[]> {
    return (await this.queryIndex("gsi1", partitions.roomsOfEntity(entityId))).map(toParticipant);
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    const rows = await this.queryPartition(keys.room(roomId).pk, {
      skPrefix: PARTICIPANT_SK_PREFIX,
    });
    return rows.map((row) => toParticipant(row).entityId);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return (await this.table.get(keys.participant(roomId, entityId))) !== undefined;
  }

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    await Promise.all(
      [...new Set(entityIds)].map((entityId) =>
        this.putIfAbsent(participantItem(this.newId(), entityId, roomId)),
      ),
    );
    return true;
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return Boolean(await this.deleteReturning(keys.participant(roomId, entityId)));
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    return participantState(await this.table.get(keys.participant(roomId, entityId)));
  }

  async setParticipantUserState(
    roomId: UUID,
    entityId: UUID,
    state: ParticipantState,
  ): Promise<void> {
    await this.updateIfExists(keys.participant(roomId, entityId), { state });
  }
}
