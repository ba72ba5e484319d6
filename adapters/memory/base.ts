// The in-memory backend: tests and ALLOW_NO_DATABASE runs. Every method does its work
// synchronously before its promise settles, so a check and the write that depends on it can
// never interleave with another caller: claimOnce, leases and batch are atomic for free.
//
// The implementation is a chain of classes, one concern a file, each extending the one
// before: base.ts (this: the tables, the clock, copying), entities.ts, rooms.ts, memories.ts,
// relationships.ts, cache.ts, logs.ts, tasks.ts, and storage.ts, the exported MemoryStorage
// (lifecycle and batch). Each concern's synchronous writes are protected methods, so batch
// can run them back to back without yielding.
import type { UUID } from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import { assertValidDimension } from "../../core/vector.ts";
import { wellFormedDeep } from "../../core/well-formed.ts";
import { emptyTables, type Tables } from "./tables.ts";

export interface MemoryStorageOptions {
  /** The clock for createdAt, cache TTL and claimOnce; default Date.now. */
  now?: () => number;
  /**
   * The agent this store serves: relationships are recorded under it and memory reads see
   * only its memories. Absent: relationships get the nil UUID and reads span every agent.
   */
  agentId?: UUID;
  /** Pins the embedding width up front, as ensureEmbeddingDimension would. */
  embeddingDimension?: number;
  /** Id generator; default crypto.randomUUID. */
  generateId?: () => UUID;
}

const NIL_UUID = "00000000-0000-0000-0000-000000000000" as UUID;

/**
 * Values in and out are copied, so callers never share objects with the store. The copy goes
 * through JSON, as every other backend's storage does, so a test on memory sees what D1 or
 * Postgres would hand back (a Date comes back a string, undefined fields vanish, a lone
 * surrogate comes back U+FFFD: core/well-formed.ts).
 */
export const copy = <T>(value: T): T =>
  value === undefined ? value : (JSON.parse(JSON.stringify(wellFormedDeep(value))) as T);

/** Drops keys whose value is undefined, so a partial update never erases a field by omission. */
export function definedFields<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export abstract class MemoryBase {
  /** The committed tables, or, while a batch runs, a journaled view of them (tables.ts). */
  protected db: Tables = emptyTables();
  protected dimension: number | undefined;
  protected readonly now: () => number;
  protected readonly agentId: UUID;
  /** The memory reads' default agent scope (the agentId option, when given). */
  protected readonly scope: UUID | undefined;
  protected readonly newId: () => UUID;

  constructor(options: MemoryStorageOptions = {}) {
    this.now = options.now ?? Date.now;
    this.agentId = options.agentId ?? NIL_UUID;
    this.scope = options.agentId;
    this.newId = options.generateId ?? randomUuid;
    if (options.embeddingDimension !== undefined) {
      assertValidDimension(options.embeddingDimension);
      this.dimension = options.embeddingDimension;
    }
  }

  /** A copy of the row stored under `key`, or null. */
  protected copyOf<K, T>(table: ReadonlyMap<K, T>, key: K): T | null {
    const row = table.get(key);
    return row ? copy(row) : null;
  }

  /** Copies of the rows with these ids, in the order asked, skipping ids not stored. */
  protected copiesOf<T>(table: ReadonlyMap<UUID, T>, ids: readonly UUID[]): T[] {
    return ids.flatMap((id) => {
      const row = table.get(id);
      return row ? [copy(row)] : [];
    });
  }
}
