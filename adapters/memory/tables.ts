// The in-memory "database": one Map per table. Stored rows are never mutated in place (every
// write replaces the row), so a batch can work on a shallow copy of the maps and commit by
// swapping them in, or drop the copy to roll back.
import type {
  Agent,
  Component,
  Entity,
  Log,
  Memory,
  ParticipantState,
  Relationship,
  Room,
  Task,
  UUID,
  World,
} from "../../core/types.ts";

export interface StoredMemory extends Memory {
  id: UUID;
  tableName: string;
  createdAt: number;
  unique: boolean;
}

export interface StoredParticipant {
  id: UUID;
  entityId: UUID;
  roomId: UUID;
  state: ParticipantState;
}

export interface StoredCacheEntry {
  value: unknown;
  /** Ms since epoch; null never expires. */
  expiresAt: number | null;
}

export interface Tables {
  agents: Map<UUID, Agent>;
  entities: Map<UUID, Entity & { id: UUID }>;
  components: Map<UUID, Component>;
  memories: Map<UUID, StoredMemory>;
  worlds: Map<UUID, World>;
  rooms: Map<UUID, Room>;
  /** Keyed by participantKey(roomId, entityId). */
  participants: Map<string, StoredParticipant>;
  /** Keyed by relationshipKey(source, target). */
  relationships: Map<string, Relationship>;
  cache: Map<string, StoredCacheEntry>;
  /** claimOnce keys and when each claim expires. Apart from the cache, so names never clash. */
  claims: Map<string, number>;
  logs: Map<UUID, Log>;
  tasks: Map<UUID, Task & { id: UUID }>;
}

export function emptyTables(): Tables {
  return {
    agents: new Map(),
    entities: new Map(),
    components: new Map(),
    memories: new Map(),
    worlds: new Map(),
    rooms: new Map(),
    participants: new Map(),
    relationships: new Map(),
    cache: new Map(),
    claims: new Map(),
    logs: new Map(),
    tasks: new Map(),
  };
}

/** New maps over the same (immutable) rows: cheap, and enough to roll a batch back. */
export function copyTables(tables: Tables): Tables {
  const copy = {} as Record<keyof Tables, Map<unknown, unknown>>;
  for (const [name, map] of Object.entries(tables) as [keyof Tables, Map<unknown, unknown>][]) {
    copy[name] = new Map(map);
  }
  return copy as unknown as Tables;
}

export function participantKey(roomId: UUID, entityId: UUID): string {
  return `${roomId}|${entityId}`;
}

export function relationshipKey(sourceEntityId: UUID, targetEntityId: UUID): string {
  return `${sourceEntityId}|${targetEntityId}`;
}
