// Rows as drizzle reads them → the contract's objects, for both dialects, and back. The row properties
// are the contract's field names; NULLs are left out, as the memory backend leaves them out,
// so results compare equal across backends (a task keeps its null dueAt and lease, as there).
import type {
  Agent,
  Component,
  Entity,
  Log,
  Memory,
  Metadata,
  Relationship,
  Room,
  Task,
  World,
} from "../../core/kernel/index.ts";
import type { SqlTables } from "./driver.ts";

type Row<K extends keyof SqlTables> = SqlTables[K]["$inferSelect"];

/** The row's non-null fields but `omit` (bookkeeping columns the contract does not show). */
function present<T>(row: object, omit: readonly string[] = []): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value != null && !omit.includes(key)) out[key] = value;
  }
  return out as T;
}

export const toAgent = (row: Row<"agents">) => present<Agent>(row);
export const toEntity = (row: Row<"entities">) => present<Entity>(row, ["createdAt"]);
export const toWorld = (row: Row<"worlds">) => present<World>(row, ["createdAt"]);
export const toRoom = (row: Row<"rooms">) => present<Room>(row, ["createdAt"]);
export const toMemory = (row: Row<"memories">) => present<Memory>(row, ["tableName", "seq"]);
export const toLog = (row: Row<"logs">) => present<Log>(row, ["seq"]);

export const toComponent = (row: Row<"components">) =>
  ({ ...row, data: (row.data ?? {}) as Metadata }) as Component;

export const toRelationship = (row: Row<"relationships">) =>
  ({ ...row, metadata: (row.metadata ?? {}) as Metadata }) as Relationship;

export const toTask = (row: Row<"tasks">): Task => ({
  ...present<Task>(row),
  dueAt: row.dueAt,
  leaseOwner: row.leaseOwner,
  leaseExpiresAt: row.leaseExpiresAt,
});

/** The fields of a partial object that are not undefined, but `except` (null clears a column). */
export function definedFields<T extends object>(patch: T, except: readonly (keyof T)[] = []) {
  const set: Partial<T> = {};
  for (const key of Object.keys(patch) as (keyof T)[]) {
    if (patch[key] !== undefined && !except.includes(key)) set[key] = patch[key];
  }
  return set;
}
