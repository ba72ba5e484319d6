// The in-memory "database": one Map per table. Stored rows are never mutated in place (every
// write replaces the row), so undoing a write is putting the previous row back.
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
/**
 * The same tables, with every set and delete recording how to undo it in `undo` (newest
 * last), so a batch can write in place and still roll back without copying whole tables.
 */
export function journaled(tables: Tables, undo: (() => void)[]): Tables {
  const view = {} as Record<keyof Tables, Map<unknown, unknown>>;
  for (const [name, map] of Object.entries(tables) as [keyof Tables, Map<unknown, unknown>][]) {
    view[name] = new Proxy(map, {
      get(target, key) {
        if (key === "set") {
          return (k: unknown, v: unknown) => {
            const had = target.has(k);
            const previous = target.get(k);
            undo.push(() => (had ? target.set(k, previous) : target.delete(k)));
            return target.set(k, v);
          };
        }
        if (key === "delete") {
          return (k: unknown) => {
            if (target.has(k)) {
              const previous = target.get(k);
              undo.push(() => target.set(k, previous));
            }
            return target.delete(k);
          };
        }
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }
  return view as unknown as Tables;
}

export function participantKey(roomId: UUID, entityId: UUID): string {
  return `${roomId}|${entityId}`;
}

export function relationshipKey(sourceEntityId: UUID, targetEntityId: UUID): string {
  return `${sourceEntityId}|${targetEntityId}`;
}
