// The in-memory "database": one Map per table. Stored rows are never mutated in place (every
// write replaces the row), so undoing a write is putting the previous row back.
import {
  type Agent,
  type Component,
  type Entity,
  type Log,
  type Memory,
  type PackedUnits,
  type ParticipantState,
  type Relationship,
  type Room,
  type Task,
  type UnitEmbedding,
  type UUID,
  unitVector,
  type World,
} from "../../core/kernel/index.ts";
import { RoomVectors } from "./room-vectors.ts";

const NO_ROWS: readonly StoredMemory[] = Object.freeze([]);

/** Where MemoryRows keeps a stored row's unit vector, on the row itself. */
const VECTOR = Symbol("unit vector");

export interface StoredMemory extends Memory {
  id: UUID;
  tableName: string;
  createdAt: number;
  unique: boolean;
  /** Set by MemoryRows.set for a row with an embedding. */
  readonly [VECTOR]?: UnitEmbedding;
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

/**
 * The memories table, with each room's rows kept in time order, so a room's recent messages
 * are read from the end of one list instead of by sorting every stored memory, and each
 * embedded row's unit vector, so a search scores it without normalising it again. Both
 * follow every set and delete, including a batch's undo.
 */
export class MemoryRows extends Map<UUID, StoredMemory> {
  /** Ascending by (createdAt, first-insertion order). */
  private readonly byRoom = new Map<UUID, StoredMemory[]>();
  /**
   * One string object per distinct table name and id the rows hold: a search compares each
   * row's scope with pointer-equal strings instead of reading two equal ones character by
   * character (a fifth of a search's time over 100,000 rows).
   */
  private readonly strings = new Map<string, string>();
  /** When each id was first stored; breaks ties between equal times (later first). */
  private readonly order = new Map<UUID, number>();
  private inserted = 0;
  /** Each searched room's embedded rows of one width, packed (room-vectors.ts). */
  private readonly packed = new Map<UUID, RoomVectors<StoredMemory>>();

  override set(id: UUID, row: StoredMemory): this {
    row.tableName = this.intern(row.tableName);
    row.roomId = this.intern(row.roomId);
    row.entityId = this.intern(row.entityId);
    if (row.agentId !== undefined) row.agentId = this.intern(row.agentId);
    if (row.worldId !== undefined) row.worldId = this.intern(row.worldId);
    const previous = super.get(id);
    if (previous) this.unindex(previous);
    if (!this.order.has(id)) this.order.set(id, ++this.inserted);
    let room = this.byRoom.get(row.roomId);
    if (!room) {
      room = [];
      this.byRoom.set(row.roomId, room);
    }
    const at = this.position(room, row);
    room.splice(at, 0, row);
    if (row.embedding && row[VECTOR]?.embedding !== row.embedding) {
      // Not enumerable: spreads, Object.keys and JSON never see it, so no read hands it out
      // and a row rebuilt from this one ({...row, ...patch}) gets a vector of its own here.
      Object.defineProperty(row, VECTOR, {
        value: { embedding: row.embedding, unit: unitVector(row.embedding) },
      });
    }
    const packed = this.packed.get(row.roomId);
    // Rows mostly arrive newest: one more at the end of the room joins its packed vectors;
    // anywhere else the room's are packed again at its next search.
    if (packed && at === room.length - 1) packed.append(row, row[VECTOR]);
    else if (packed) this.packed.delete(row.roomId);
    return super.set(id, row);
  }

  /** The room's rows with embeddings `width` wide, packed for search (oldest first). */
  packedRoom(roomId: UUID, width: number): PackedUnits<StoredMemory> {
    const held = this.packed.get(roomId);
    if (held?.width === width) return held;
    const packed = new RoomVectors<StoredMemory>(width);
    for (const row of this.byRoom.get(roomId) ?? []) packed.append(row, row[VECTOR]);
    this.packed.set(roomId, packed);
    return packed;
  }

  /** The string object rows hold for `value`, or `value` itself when no row holds it. */
  interned<T extends string | undefined>(value: T): T {
    return value === undefined ? value : ((this.strings.get(value) ?? value) as T);
  }

  private intern<T extends string>(value: T): T {
    const held = this.strings.get(value);
    if (held !== undefined) return held as T;
    this.strings.set(value, value);
    return value;
  }

  /** The row's embedding and its unit vector; undefined when it has no embedding. */
  vectorOf(row: StoredMemory): UnitEmbedding | undefined {
    return row[VECTOR];
  }

  override delete(id: UUID): boolean {
    const previous = super.get(id);
    if (previous) this.unindex(previous);
    return super.delete(id);
  }

  /**
   * The room's rows, oldest first (earlier insertion first among equal times): read it from
   * the end for the newest. The list itself, not a copy: a reader must not change it (and no
   * write may happen while one walks it).
   */
  roomRows(roomId: UUID): readonly StoredMemory[] {
    return this.byRoom.get(roomId) ?? NO_ROWS;
  }

  /** Where `row` goes in `room`; rows mostly arrive newest, so the search starts from the end. */
  private position(room: StoredMemory[], row: StoredMemory): number {
    let lo = 0;
    let hi = room.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(room[mid]!, row) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compare(a: StoredMemory, b: StoredMemory): number {
    return a.createdAt - b.createdAt || (this.order.get(a.id) ?? 0) - (this.order.get(b.id) ?? 0);
  }

  private unindex(row: StoredMemory): void {
    this.packed.delete(row.roomId);
    const room = this.byRoom.get(row.roomId);
    if (!room) return;
    const at = room.indexOf(row, Math.max(0, this.position(room, row) - 1));
    const index = at === -1 ? room.indexOf(row) : at;
    if (index !== -1) room.splice(index, 1);
    if (room.length === 0) this.byRoom.delete(row.roomId);
  }
}

export interface Tables {
  agents: Map<UUID, Agent>;
  entities: Map<UUID, Entity & { id: UUID }>;
  components: Map<UUID, Component>;
  memories: MemoryRows;
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
    memories: new MemoryRows(),
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

/**
 * The same tables, with every set and delete recording how to undo it in `undo` (newest
 * last), so a batch can write in place and still roll back without copying whole tables.
 */
export function journaled(tables: Tables, undo: (() => void)[]): Tables {
  return new JournaledView(tables, undo) as unknown as Tables;
}

/**
 * A batch touches two or three tables: each table's journaled view is made when the batch
 * first reaches for it (getters on the prototype, defined once), not twelve per batch.
 */
class JournaledView {
  readonly made: Partial<Record<keyof Tables, Map<unknown, unknown>>> = {};
  constructor(
    readonly tables: Tables,
    readonly undo: (() => void)[],
  ) {}
}
for (const name of Object.keys(emptyTables()) as (keyof Tables)[]) {
  Object.defineProperty(JournaledView.prototype, name, {
    get(this: JournaledView) {
      this.made[name] ??= journaledMap(this.tables[name] as Map<unknown, unknown>, this.undo);
      return this.made[name];
    },
  });
}

function journaledMap(map: Map<unknown, unknown>, undo: (() => void)[]): Map<unknown, unknown> {
  const set = (k: unknown, v: unknown) => {
    const had = map.has(k);
    const previous = map.get(k);
    undo.push(() => (had ? map.set(k, previous) : map.delete(k)));
    return map.set(k, v);
  };
  const remove = (k: unknown) => {
    if (map.has(k)) {
      const previous = map.get(k);
      undo.push(() => map.set(k, previous));
    }
    return map.delete(k);
  };
  // Other methods are bound once per view, not on every access.
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(map, {
    get(target, key) {
      if (key === "set") return set;
      if (key === "delete") return remove;
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      let fn = bound.get(key);
      if (fn === undefined) {
        fn = value.bind(target);
        bound.set(key, fn);
      }
      return fn;
    },
  });
}

export function participantKey(roomId: UUID, entityId: UUID): string {
  return `${roomId}|${entityId}`;
}

export function relationshipKey(sourceEntityId: UUID, targetEntityId: UUID): string {
  return `${sourceEntityId}|${targetEntityId}`;
}
