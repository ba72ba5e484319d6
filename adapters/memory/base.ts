// The in-memory backend: tests and ALLOW_NO_DATABASE runs. Every method does its work
// synchronously before its promise settles, so a check and the write that depends on it can
// never interleave with another caller: claimOnce, leases and batch are atomic for free.
//
// The implementation is a chain of classes, one concern a file, each extending the one
// before: base.ts (this: the tables, the clock, copying in and out), entities.ts, rooms.ts, memories.ts,
// relationships.ts, cache.ts, logs.ts, tasks.ts, and storage.ts, the exported MemoryStorage
// (lifecycle and batch). Each concern's synchronous writes are protected methods, so batch
// can run them back to back without yielding.

import {
  assertValidDimension,
  randomUuid,
  type UUID,
  wellFormed,
  wellFormedDeep,
} from "../../core/kernel/index.ts";
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
 * A value on its way into a table: copied, so the caller keeps no handle on what is stored.
 * The copy goes through JSON, as every other backend's storage does, so a test on memory sees
 * what D1 or Postgres would hand back (a Date comes back a string, undefined fields vanish, a
 * lone surrogate comes back U+FFFD: core/kernel/validation/well-formed.ts). Stored rows are therefore JSON data
 * and are never changed in place (tables.ts).
 */
export const stored = <T>(value: T): T => {
  if (value === undefined) return value;
  // Most rows are plain JSON data already: copied in one walk, as the round trip would give
  // them back (a turn stores several rows, and printing and parsing each was a tenth of its
  // CPU). Anything the walk cannot vouch for goes through JSON itself.
  const copy = jsonCopy(value, 0);
  return (copy === NOT_PLAIN ? JSON.parse(JSON.stringify(wellFormedDeep(value))) : copy) as T;
};

/**
 * stored(row) without its `omit` field: what `const { [omit]: _, ...rest } = stored(row)`
 * gives, in one copy instead of two (a memory's similarity is never stored).
 */
export function storedWithout<T extends object, K extends keyof T>(row: T, omit: K): Omit<T, K> {
  const copy = jsonCopy(row, 0, omit as string);
  if (copy !== NOT_PLAIN) return copy as Omit<T, K>;
  const { [omit]: _omitted, ...rest } = JSON.parse(JSON.stringify(wellFormedDeep(row))) as T;
  return rest;
}

const NOT_PLAIN = Symbol("not plain JSON data");
/** wellFormedDeep's own depth: deeper strings are left to the round trip, exactly as before. */
const PLAIN_DEPTH = 64;

/**
 * What JSON.parse(JSON.stringify(wellFormedDeep(value))) gives for plain JSON data: strings
 * well formed, -0 as 0, undefined fields dropped. NOT_PLAIN for anything else (a Date or any
 * object with toJSON, a class instance, NaN, a function, a bigint, a `__proto__` key, a cycle
 * or a nesting past PLAIN_DEPTH), so the caller takes the round trip and its exact result.
 */
function jsonCopy(value: unknown, depth: number, omit?: string): unknown {
  switch (typeof value) {
    case "string":
      return wellFormed(value);
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value + 0 : NOT_PLAIN;
    case "object":
      break;
    default:
      return NOT_PLAIN;
  }
  if (value === null) return null;
  if (depth >= PLAIN_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (item === undefined) return NOT_PLAIN;
      const copy = jsonCopy(item, depth + 1);
      if (copy === NOT_PLAIN) return NOT_PLAIN;
      out[i] = copy;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  // for-in with an own check rather than Object.keys: V8 answers the check from the loop's
  // own cache, and no array of keys is made per object (a turn copies a few dozen).
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || key === omit) continue;
    if (key === "__proto__" || !wellFormedKey(key)) return NOT_PLAIN;
    const copy = jsonCopy(item, depth + 1);
    if (copy === NOT_PLAIN) return NOT_PLAIN;
    out[key] = copy;
  }
  return out;
}

const wellFormedKey = (key: string) => wellFormed(key) === key;
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A stored row on its way out: a deep copy, so a caller changing what it got (elizaOS code
 * does, e.g. pushing a name onto an entity before updateEntity) never changes the store. The
 * row is JSON data already (stored() made it), so copying its objects and arrays gives what a
 * JSON round trip would, without printing and parsing it: about ten times faster, and fifty
 * for a row with an embedding.
 */
export function detached<T>(row: T): T {
  return detach(row, 0) as T;
}

/**
 * A stored memory as callers see it: detached, without the table it lives in. The field is
 * named here (not passed in) so the copy is one fast clone of the row's fields.
 */
export function detachedMemory<T extends { tableName: string }>(row: T): Omit<T, "tableName"> {
  const { tableName: _tableName, ...copy } = row;
  return detachFields(copy, row, 0);
}

/** Past this depth the rest goes through JSON, as it came in, so nothing deeper than JSON allows is walked here. */
const DETACH_DEPTH = 256;

function detach(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depth > DETACH_DEPTH) return JSON.parse(JSON.stringify(value));
  if (Array.isArray(value)) {
    const out = value.slice();
    for (let i = 0; i < out.length; i++) {
      const item = out[i];
      if (typeof item === "object" && item !== null) out[i] = detach(item, depth + 1);
    }
    return out;
  }
  return detachFields({ ...value }, value, depth);
}

/**
 * `copy`, a spread of `row` (one clone of a stored row's fields, several times quicker than
 * setting them one by one), with each object field replaced by its own copy. Stored rows are
 * JSON data: string keys only, no accessors. A "__proto__" key is an own field of `copy`
 * (a spread defines it), so setting it sets the field, not the prototype.
 */
function detachFields<T extends object>(copy: T, row: object, depth: number): T {
  for (const key in row) {
    const item = (row as Record<string, unknown>)[key];
    if (typeof item === "object" && item !== null && hasOwn.call(row, key)) {
      (copy as Record<string, unknown>)[key] = detach(item, depth + 1);
    }
  }
  return copy;
}

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
    return row ? detached(row) : null;
  }

  /** Copies of the rows with these ids, in the order asked, skipping ids not stored. */
  protected copiesOf<T>(table: ReadonlyMap<UUID, T>, ids: readonly UUID[]): T[] {
    return ids.flatMap((id) => {
      const row = table.get(id);
      return row ? [detached(row)] : [];
    });
  }
}
