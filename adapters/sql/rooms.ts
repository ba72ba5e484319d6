// Worlds, rooms and their participants (with FOLLOWED/MUTED state).
import { type AnyColumn, and, eq, inArray, type SQL } from "drizzle-orm";
import type { Participant, ParticipantState, Room, UUID, World } from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import type { SqlDb, Statement } from "./driver.ts";
import { SqlEntities } from "./entities.ts";
import { toRoom, toWorld } from "./rows.ts";

export abstract class SqlRooms extends SqlEntities {
  // worlds

  protected insertWorld(world: World & { id: UUID }): Statement {
    const { worlds } = this.tables;
    const row = { ...worldFields(world), id: world.id, createdAt: this.now() };
    return (db) => db.insert(worlds).values(row).onConflictDoNothing();
  }

  async createWorld(world: World): Promise<UUID> {
    const id = world.id ?? randomUuid();
    await this.atomic([this.insertWorld({ ...world, id })]);
    return id;
  }

  async getWorld(id: UUID): Promise<World | null> {
    const { worlds } = this.tables;
    const [row] = await this.run(() => this.db.select().from(worlds).where(eq(worlds.id, id)));
    return row ? toWorld(row) : null;
  }

  async getAllWorlds(): Promise<World[]> {
    const { worlds } = this.tables;
    return (await this.run(() => this.db.select().from(worlds))).map(toWorld);
  }

  async updateWorld(world: World): Promise<void> {
    const { worlds } = this.tables;
    await this.run(() =>
      this.db.update(worlds).set(worldFields(world)).where(eq(worlds.id, world.id)),
    );
  }

  async removeWorld(id: UUID): Promise<void> {
    const { worlds } = this.tables;
    await this.run(() => this.db.delete(worlds).where(eq(worlds.id, id)));
  }

  // rooms

  protected insertRooms(list: (Room & { id: UUID })[]): Statement[] {
    const { rooms } = this.tables;
    const now = this.now();
    const rows = list.map((room) => ({ ...roomFields(room), id: room.id, createdAt: now }));
    return this.chunked(rows, 11, (db, part) =>
      db.insert(rooms).values(part).onConflictDoNothing(),
    );
  }

  async createRooms(list: Room[]): Promise<UUID[]> {
    const withIds = list.map((room) => ({ ...room, id: room.id ?? randomUuid() }));
    await this.atomic(this.insertRooms(withIds));
    return withIds.map((room) => room.id);
  }

  async getRoomsByIds(roomIds: UUID[]): Promise<Room[]> {
    const { rooms } = this.tables;
    const rows = await this.selectIn(roomIds, (db, part) =>
      db.select().from(rooms).where(inArray(rooms.id, part)),
    );
    return rows.map(toRoom);
  }

  async getRoomsByWorld(worldId: UUID): Promise<Room[]> {
    const { rooms } = this.tables;
    const rows = await this.run(() =>
      this.db.select().from(rooms).where(eq(rooms.worldId, worldId)),
    );
    return rows.map(toRoom);
  }

  async updateRoom(room: Room): Promise<void> {
    const { rooms } = this.tables;
    await this.run(() => this.db.update(rooms).set(roomFields(room)).where(eq(rooms.id, room.id)));
  }

  /** The room with its memories and participants, in one atomic unit. */
  async deleteRoom(roomId: UUID): Promise<void> {
    await this.atomic(this.deleteRooms((column) => eq(column, roomId)));
  }

  async deleteRoomsByWorldId(worldId: UUID): Promise<void> {
    const { rooms } = this.tables;
    await this.atomic(
      this.deleteRooms((column, db) =>
        inArray(column, db.select({ id: rooms.id }).from(rooms).where(eq(rooms.worldId, worldId))),
      ),
    );
  }

  /** Deletes, in order, the memories, participants and rooms whose room column matches. */
  private deleteRooms(inRooms: (roomColumn: AnyColumn, db: SqlDb) => SQL): Statement[] {
    const { rooms, memories, participants } = this.tables;
    return [
      (db) => db.delete(memories).where(inRooms(memories.roomId, db)),
      (db) => db.delete(participants).where(inRooms(participants.roomId, db)),
      (db) => db.delete(rooms).where(inRooms(rooms.id, db)),
    ];
  }

  // participants

  protected insertParticipants(entityIds: UUID[], roomId: UUID): Statement[] {
    const { participants } = this.tables;
    const now = this.now();
    const rows = [...new Set(entityIds)].map((entityId) => ({
      id: randomUuid(),
      entityId,
      roomId,
      userState: null,
      createdAt: now,
    }));
    return this.chunked(rows, 5, (db, part) =>
      db.insert(participants).values(part).onConflictDoNothing(),
    );
  }

  async addParticipantsRoom(entityIds: UUID[], roomId: UUID): Promise<boolean> {
    await this.atomic(this.insertParticipants(entityIds, roomId));
    return true;
  }

  async getRoomsForParticipant(entityId: UUID): Promise<UUID[]> {
    const { participants } = this.tables;
    const rows = await this.run(() =>
      this.db
        .select({ roomId: participants.roomId })
        .from(participants)
        .where(eq(participants.entityId, entityId)),
    );
    return rows.map((row) => row.roomId as UUID);
  }

  async getRoomsForParticipants(entityIds: UUID[]): Promise<UUID[]> {
    const { participants } = this.tables;
    const rows = await this.selectIn(entityIds, (db, part) =>
      db
        .selectDistinct({ roomId: participants.roomId })
        .from(participants)
        .where(inArray(participants.entityId, part)),
    );
    return [...new Set(rows.map((row) => row.roomId as UUID))];
  }

  async getParticipantsForEntity(entityId: UUID): Promise<Participant[]> {
    const { participants } = this.tables;
    const rows = await this.run(() =>
      this.db
        .select({
          id: participants.id,
          entityId: participants.entityId,
          roomId: participants.roomId,
        })
        .from(participants)
        .where(eq(participants.entityId, entityId)),
    );
    return rows as Participant[];
  }

  async getParticipantsForRoom(roomId: UUID): Promise<UUID[]> {
    const { participants } = this.tables;
    const rows = await this.run(() =>
      this.db
        .select({ entityId: participants.entityId })
        .from(participants)
        .where(eq(participants.roomId, roomId)),
    );
    return rows.map((row) => row.entityId as UUID);
  }

  async isRoomParticipant(roomId: UUID, entityId: UUID): Promise<boolean> {
    const rows = await this.run(() =>
      this.db
        .select({ id: this.tables.participants.id })
        .from(this.tables.participants)
        .where(this.participant(roomId, entityId))
        .limit(1),
    );
    return rows.length > 0;
  }

  async removeParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    const { participants } = this.tables;
    const deleted = await this.run(() =>
      this.db
        .delete(participants)
        .where(this.participant(roomId, entityId))
        .returning({ id: participants.id }),
    );
    return deleted.length > 0;
  }

  async getParticipantUserState(roomId: UUID, entityId: UUID): Promise<ParticipantState> {
    const { participants } = this.tables;
    const [row] = await this.run(() =>
      this.db
        .select({ state: participants.userState })
        .from(participants)
        .where(this.participant(roomId, entityId)),
    );
    const state = row?.state;
    return state === "FOLLOWED" || state === "MUTED" ? state : null;
  }

  async setParticipantUserState(
    roomId: UUID,
    entityId: UUID,
    state: ParticipantState,
  ): Promise<void> {
    const { participants } = this.tables;
    await this.run(() =>
      this.db
        .update(participants)
        .set({ userState: state })
        .where(this.participant(roomId, entityId)),
    );
  }

  private participant(roomId: UUID, entityId: UUID) {
    const { participants } = this.tables;
    return and(eq(participants.roomId, roomId), eq(participants.entityId, entityId));
  }
}

/** A world's columns, absent fields as NULL (a create or a full update). */
function worldFields(world: World) {
  return {
    agentId: world.agentId,
    name: world.name ?? null,
    serverId: world.serverId ?? null,
    metadata: world.metadata ?? null,
  };
}

function roomFields(room: Room) {
  return {
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
