// The runtime reads elizaOS helpers need (getRoom, getWorld, getEntitiesForRoom ...). elizaOS's
// IAgentRuntime has them as methods; eliza-edge's runtime gains them as it implements that
// interface, and until a method is there the helper reads the runtime's storage directly.

import type { Entity, Relationship, Room, UUID, World } from "../kernel/index.ts";
import type { IAgentRuntime } from "../runtime/index.ts";

type Maybe<F> = F | undefined;
interface RuntimeReads {
  getRoom: Maybe<(id: UUID) => Promise<Room | null>>;
  getWorld: Maybe<(id: UUID) => Promise<World | null>>;
  getAllWorlds: Maybe<() => Promise<World[]>>;
  getEntitiesForRoom: Maybe<(roomId: UUID, includeComponents?: boolean) => Promise<Entity[]>>;
  getEntityById: Maybe<(id: UUID) => Promise<Entity | null>>;
  getRelationships: Maybe<(params: { entityId: UUID; tags?: string[] }) => Promise<Relationship[]>>;
}

function reads(runtime: IAgentRuntime): Partial<RuntimeReads> {
  return runtime as unknown as Partial<RuntimeReads>;
}

export async function roomOf(runtime: IAgentRuntime, id: UUID): Promise<Room | null> {
  const own = reads(runtime).getRoom;
  if (own) return own.call(runtime, id);
  const [room] = await runtime.storage.getRoomsByIds([id]);
  return room ?? null;
}

export async function worldOf(runtime: IAgentRuntime, id: UUID): Promise<World | null> {
  const own = reads(runtime).getWorld;
  return own ? own.call(runtime, id) : runtime.storage.getWorld(id);
}

export async function allWorlds(runtime: IAgentRuntime): Promise<World[]> {
  const own = reads(runtime).getAllWorlds;
  return own ? own.call(runtime) : runtime.storage.getAllWorlds();
}

export async function entitiesForRoom(runtime: IAgentRuntime, roomId: UUID): Promise<Entity[]> {
  const own = reads(runtime).getEntitiesForRoom;
  return own ? own.call(runtime, roomId, true) : runtime.storage.getEntitiesForRoom(roomId, true);
}

export async function entityById(runtime: IAgentRuntime, id: UUID): Promise<Entity | null> {
  const own = reads(runtime).getEntityById;
  if (own) return own.call(runtime, id);
  const [entity] = await runtime.storage.getEntitiesByIds([id]);
  return entity ?? null;
}

export async function relationshipsOf(
  runtime: IAgentRuntime,
  entityId: UUID,
): Promise<Relationship[]> {
  const own = reads(runtime).getRelationships;
  return own ? own.call(runtime, { entityId }) : runtime.storage.getRelationships({ entityId });
}
