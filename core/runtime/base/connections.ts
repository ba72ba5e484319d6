// The world, room, entity and participant rows a conversation needs. Everything is written
// as insert-if-absent StorageOps in atomic batches: one round trip for a message's connection,
// and nothing overwritten when two requests ensure the same rows at once.

import {
  ChannelType,
  createUniqueUuid,
  type Entity,
  type EventName,
  EventType,
  type Room,
  type StorageAdapter,
  type StorageOp,
  type StorageRead,
  type StorageReadResult,
  type UUID,
  type World,
} from "../../kernel/index.ts";

/** eliza-edge's connection fields, and elizaOS's ensureConnection object (both accepted). */
/** What connection rows need of the runtime: whose they are, where they go, who is told. */
export interface ConnectionHost {
  readonly agentId: UUID;
  readonly character: { name: string };
  readonly storage: StorageAdapter;
  emitEvent(event: EventName, params?: Record<string, unknown>): Promise<void>;
}

export interface ConnectionParams {
  entityId: UUID;
  roomId: UUID;
  worldId?: UUID;
  userName?: string;
  name?: string;
  /** Where the conversation is (telegram, discord, api ...); elizaOS may omit it. */
  source?: string;
  /** A ChannelType; elizaOS callers may pass any string. */
  type?: ChannelType | string;
  channelId?: string;
  serverId?: string;
  /** elizaOS 1.7's name for the server id. */
  messageServerId?: string;
  worldName?: string;
  /** elizaOS: the user id on the platform; stored in the entity's metadata. */
  userId?: UUID;
  /** elizaOS: extra entity metadata for this source (a username, an avatar). */
  metadata?: Record<string, unknown>;
}

/** The most ops one batch carries: DynamoDB's TransactWriteItems allows 100. */
const MAX_BATCH_OPS = 90;

export function connectionOps(runtime: ConnectionHost, params: ConnectionParams): StorageOp[] {
  const serverId = params.serverId ?? params.messageServerId;
  const source = params.source ?? "unknown";
  const worldId = params.worldId ?? createUniqueUuid(runtime, serverId ?? "default-world");
  const names = [params.name, params.userName].filter((n): n is string => !!n);
  return [
    {
      op: "ensureWorld",
      world: {
        id: worldId,
        name: params.worldName ?? serverId ?? "default",
        agentId: runtime.agentId,
        serverId,
      },
    },
    {
      op: "ensureRoom",
      room: {
        id: params.roomId,
        agentId: runtime.agentId,
        source,
        type: (params.type ?? ChannelType.DM) as ChannelType,
        channelId: params.channelId,
        serverId,
        worldId,
      },
    },
    {
      op: "ensureEntity",
      entity: {
        id: params.entityId,
        names: names.length ? names : [String(params.entityId)],
        agentId: runtime.agentId,
        metadata: {
          [source]: {
            ...params.metadata,
            name: params.name,
            userName: params.userName,
            ...(params.userId ? { id: params.userId } : {}),
          },
        },
      },
    },
    {
      op: "ensureEntity",
      entity: {
        id: runtime.agentId,
        names: [runtime.character.name],
        agentId: runtime.agentId,
        metadata: {},
      },
    },
    { op: "ensureParticipant", entityId: params.entityId, roomId: params.roomId },
    { op: "ensureParticipant", entityId: runtime.agentId, roomId: params.roomId },
  ];
}

/**
 * elizaOS's ensureConnections: the world, every room, every entity, and the entities and the
 * agent as participants of the first room. Written in batches of at most 90 ops.
 */
export async function ensureConnectionsOps(
  runtime: ConnectionHost,
  entities: Entity[],
  rooms: Room[],
  source: string,
  world: World,
): Promise<void> {
  const first = rooms[0];
  if (!entities || !first) return;
  const serverId = world.serverId ?? (world as { messageServerId?: string }).messageServerId;
  const ops: StorageOp[] = [
    { op: "ensureWorld", world: { ...world, agentId: runtime.agentId, serverId } },
    ...rooms.map(
      (room): StorageOp => ({
        op: "ensureRoom",
        room: {
          ...room,
          worldId: world.id,
          serverId: room.serverId ?? serverId,
          source,
          agentId: runtime.agentId,
          type: room.type ?? ChannelType.GROUP,
        },
      }),
    ),
  ];
  const withIds = entities.filter((e): e is Entity & { id: UUID } => !!e.id);
  for (const entity of withIds) {
    ops.push({
      op: "ensureEntity",
      entity: { ...entity, agentId: runtime.agentId, metadata: entity.metadata ?? {} },
    });
  }
  ops.push({
    op: "ensureEntity",
    entity: {
      id: runtime.agentId,
      names: [runtime.character.name],
      agentId: runtime.agentId,
      metadata: {},
    },
  });
  ops.push({ op: "ensureParticipant", entityId: runtime.agentId, roomId: first.id });
  for (const entity of withIds) {
    ops.push({ op: "ensureParticipant", entityId: entity.id, roomId: first.id });
  }
  await batchInChunks(runtime, ops);
}

export async function batchInChunks(runtime: ConnectionHost, ops: StorageOp[]): Promise<void> {
  for (let i = 0; i < ops.length; i += MAX_BATCH_OPS) {
    await runtime.storage.batch(ops.slice(i, i + MAX_BATCH_OPS));
  }
}

/**
 * elizaOS's WORLD_JOINED {world, rooms, entities}, ROOM_JOINED and ENTITY_JOINED {entityId,
 * worldId, roomId, metadata} for a connection just ensured, built from the rows written.
 * The caller emits them the first time this isolate ensures the connection: a batch of
 * insert-if-absent ops cannot tell cheaply which rows were new on D1/DynamoDB, so a cold
 * isolate announces a known connection again (listeners must be idempotent, as elizaOS's are).
 */
export async function announceJoined(
  runtime: ConnectionHost,
  params: ConnectionParams,
  ops: StorageOp[],
): Promise<void> {
  let world: World | undefined;
  let room: Room | undefined;
  const entities: Entity[] = [];
  for (const op of ops) {
    if (op.op === "ensureWorld") world = op.world;
    else if (op.op === "ensureRoom") room = op.room;
    else if (op.op === "ensureEntity" && op.entity.id === params.entityId) entities.push(op.entity);
  }
  if (!world || !room) return;
  const source = params.source ?? "unknown";
  const base = { source, worldId: world.id, roomId: room.id };
  await runtime.emitEvent(EventType.WORLD_JOINED, {
    ...base,
    world,
    rooms: [room],
    entities,
  });
  await runtime.emitEvent(EventType.ROOM_JOINED, { ...base, room, world, entities });
  // No metadata.type: plugin-bootstrap's ENTITY_JOINED handler would then re-derive room and
  // world ids from these (already hashed) ids and write a second, phantom room.
  await runtime.emitEvent(EventType.ENTITY_JOINED, {
    ...base,
    entityId: params.entityId,
    metadata: {
      originalId: params.userId ?? params.entityId,
      username: params.userName ?? params.name ?? "",
      displayName: params.name ?? params.userName,
    },
  });
}

/** Connections ensured before, per isolate: more than this and the set starts over. */
const CONNECTION_CACHE_LIMIT = 5000;

/**
 * What this isolate ensured already, so a warm isolate sends only the caller's ops: the rows of
 * a conversation, with `extraOps` (the message service's message) in the same atomic batch, and
 * `reads` answered in that batch too (the message's context).
 */
export class EnsuredConnections {
  private readonly seen = new Set<string>();

  async ensure(
    runtime: ConnectionHost,
    params: ConnectionParams,
    extraOps: StorageOp[],
    reads: readonly StorageRead[],
  ): Promise<StorageReadResult[]> {
    const key = `${params.roomId}|${params.entityId}`;
    const known = this.seen.has(key);
    const rows = known ? [] : connectionOps(runtime, params);
    const ops = [...rows, ...extraOps];
    const answers = ops.length || reads.length ? await runtime.storage.batch(ops, reads) : [];
    if (!known) {
      if (this.seen.size >= CONNECTION_CACHE_LIMIT) this.seen.clear();
      this.seen.add(key);
      // First time this isolate ensures it (the batch cannot say whether rows were new).
      await announceJoined(runtime, params, rows);
    }
    return answers;
  }

  clear(): void {
    this.seen.clear();
  }
}
