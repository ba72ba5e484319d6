// Worlds, rooms and their participants (with FOLLOWED/MUTED state).
import { type AnyColumn, and, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import {
  type Participant,
  type ParticipantState,
  type Room,
  randomUuid,
  type UUID,
  type World,
} from "../../core/kernel/index.ts";
import type { SqlDb, Statement } from "./driver.ts";
import { SqlEntities } from "./entities.ts";
import { toRoom, toWorld } from "./rows.ts";
import { embeddedIds } from "./vector-index.ts";

export abstract class SqlRooms extends SqlEntities {
  protected insertWorld(world: World & { id: UUID }): Statement {
    const row = { ...worldFields(world), id: world.id, createdAt: this.now() };
    return (db) => db.insert(this.worlds).values(row).onConflictDoNothing();
  }

  async createWorld(world: World): Promise<UUID> {
    const id = world.id ?? randomUuid();
    await this.atomic([this.insertWorld({ ...world, id })]);
    return id;
  }

  async getWorld(id: UUID): Promise<World | null> {
    const row = await this.row(this.worlds, eq(this.worlds.id, id));
    return row ? toWorld(row) : null;
  }

  async getAllWorlds(): Promise<World[]> {
    return (await this.rows(this.worlds)).map(toWorld);
  }

  async updateWorld(world: World): Promise<void> {
    await this.update(this.worlds, worldFields(world), eq(this.worlds.id, world.id));
  }

  async removeWorld(id: UUID): Promise<void> {
    await this.remove(this.worlds, eq(this.worlds.id, id));
  }

  protected insertRooms(list: (Room & { id: UUID })[]): Statement[] {
    const now = this.now();
    const rows = list.map((room) => ({ ...roomFields(room), id: room.id, createdAt: now }));
    return this.chunked(rows, 11, (db, part) =>
      db.insert(this.rooms).values(part).onConflictDoNothing(),
    );
  }

  async createRooms(list: Room[]): Promise<UUID[]> {
    const withIds = list.map((room) => ({ ...room, id: room.id ?? randomUuid() }));
    await this.atomic(this.insertRooms(withIds));
    return withIds.map((room) => room.id);
  }

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    return (await this.rowsIn(this.rooms, this.rooms.id, roomIds)).map(toRoom);
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    return (await this.rows(this.rooms, eq(this.rooms.worldId, worldId))).map(toRoom);
  }

  async updateRoom(room: Room): Promise<void> {
    await this.update(this.rooms, roomFields(room), eq(this.rooms.id, room.id));
  }

  /**
   * The room with its memories and participants, in one atomic unit; then the memories'
   * vectors leave the vector index, if there is one.
   */
  async deleteRoom(roomId: UUID): Promise<void> {
    const [gone] = await this.atomic(this.deleteRooms((column) => eq(column, roomId)));
    await this.syncIndex([], embeddedIds(gone));
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    const { rooms } = this;
    const [gone] = await this.atomic(
      this.deleteRooms((column, db) =>
        inArray(column, db.select({ id: rooms.id }).from(rooms).where(eq(rooms.worldId, worldId))),
      ),
    );
    await this.syncIndex([], embeddedIds(gone));
  }

  /** Deletes, in order, the memories, participants and rooms whose room column matches. */
  private deleteRooms(inRooms: (roomColumn: AnyColumn, db: SqlDb) => SQL): Statement[] {
    const { rooms, memories, participants } = this;
    return [
      this.deleteMemoriesWhere((db) => inRooms(memories.roomId, db)),
      (db) => db.delete(participants).where(inRooms(participants.roomId, db)),
      (db) => db.delete(rooms).where(inRooms(rooms.id, db)),
    ];
  }

  /** A DELETE of memories that, when there is a vector index, returns which had a vector. */
  protected deleteMemoriesWhere(where: (db: SqlDb) => SQL | undefined): Statement {
    const { memories } = this;
    return (db) => {
      const query = db.delete(memories).where(where(db));
      if (!this.index) return query;
      return query.returning({ id: memories.id, embedded: isNotNull(memories.embedding) });
    };
  }

  protected insertParticipants(entityIds: UUID[], roomId: UUID): Statement[] {
    const now = this.now();
    const rows = [...new Set(entityIds)].map((entityId) => ({
      id: randomUuid(),
      entityId,
      roomId,
      userState: null,
      createdAt: now,
    }));
    return this.chunked(rows, 5, (db, part) =>
      db.insert(this.participants).values(part).onConflictDoNothing(),
    );
  }

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    await this.atomic(this.insertParticipants(entityIds, roomId));
    return true;
  }

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    const rows = await this.rows(this.participants, eq(this.participants.entityId, entityId));
    return rows.map((row) => row.roomId as UUID);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    const { participants } = this;
    const rows = await this.selectIn(entityIds, (db, part) =>
      db
        .selectDistinct({ roomId: participants.roomId })
        .from(participants)
        .where(inArray(participants.entityId, part)),
    );
    return [...new Set(rows.map((row) => row.roomId as UUID))];
  }

  async getParticipantsForEntity(entityId: UUID): Promise<Participant[]> {
    const rows = await this.rows(this.participants, eq(this.participants.entityId, entityId));
    return rows.map(({ id, entityId, roomId }) => ({ id, entityId, roomId }) as Participant);
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    const rows = await this.rows(this.participants, eq(this.participants.roomId, roomId));
    return rows.map((row) => row.entityId as UUID);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    return (await this.row(this.participants, this.participant(roomId, entityId))) !== undefined;
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    const { participants } = this;
    return this.touched(this.db.delete(participants).where(this.participant(roomId, entityId)));
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    const state = (await this.row(this.participants, this.participant(roomId, entityId)))
      ?.userState;
    return state === "FOLLOWED" || state === "MUTED" ? state : null;
  }

  async setParticipantUserState(
    roomId: UUID,
    entityId: UUID,
    state: ParticipantState,
  ): Promise<void> {
    await this.update(this.participants, { userState: state }, this.participant(roomId, entityId));
  }

  private participant(roomId: UUID, entityId: UUID) {
    const { participants } = this;
    return and(eq(participants.roomId, roomId), eq(participants.entityId, entityId));
  }
}

/** A world's columns, absent fields as NULL (a create or a full update). */
function worldFields(world: World) {
  const { agentId, name = null, serverId = null, metadata = null } = world;
  return { agentId, name, serverId, metadata };
}

function roomFields(room: Room) {
  const { agentId = null, name = null, channelId = null, serverId = null, worldId = null } = room;
  const { source, type, metadata = null } = room;
  return { agentId, name, channelId, serverId, worldId, source, type, metadata };
}
