// Worlds, rooms and participants: documents. A participant lives in its room's partition.
import type {
  Participant,
  ParticipantState,
  Room,
  UUID,
  World,
} from "../../../core/kernel/index.ts";
import { type Item, str, toJson } from "../attributes.ts";
import { type GsiKeys, keys, partitions } from "../keys.ts";
import { doc, item } from "./item.ts";

export function worldGsis(world: World): GsiKeys {
  return { gsi1: { pk: partitions.worlds(), sk: world.id } };
}

export function worldItem(world: World): Item {
  return item(keys.world(world.id), worldGsis(world), { doc: toJson(world) });
}

export function roomGsis(room: Room): GsiKeys {
  return room.worldId ? { gsi1: { pk: partitions.roomsOfWorld(room.worldId), sk: room.id } } : {};
}

export function roomItem(room: Room): Item {
  return item(keys.room(room.id), roomGsis(room), { doc: toJson(room) });
}

export function participantItem(id: UUID, entityId: UUID, roomId: UUID): Item {
  return item(
    keys.participant(roomId, entityId),
    { gsi1: { pk: partitions.roomsOfEntity(entityId), sk: roomId } },
    { doc: toJson({ id, entityId, roomId } satisfies Participant) },
  );
}

export function toParticipant(row: Item): Participant {
  return doc<Participant>(row);
}

export function participantState(row: Item | undefined): ParticipantState {
  const state = row ? str(row, "state") : undefined;
  return state === "FOLLOWED" || state === "MUTED" ? state : null;
}
