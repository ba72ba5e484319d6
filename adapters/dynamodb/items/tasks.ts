// Tasks: top-level attributes (patched field by field), indexed by room (gsi1), by exact
// name (gsi2) and on the schedule (gsi4, due tasks first by dueAt: keys.ts taskScheduleKey).
import type { Task, UUID } from "../../../core/kernel/index.ts";
import { type Item, json, num, str, strList, toJson } from "../attributes.ts";
import { gsiPk, gsiSk, keys, partitions, taskScheduleKey } from "../keys.ts";
import { type Fields, item } from "./item.ts";

export function taskItem(task: Task & { id: UUID }, now: number): Item {
  return item(
    keys.task(task.id),
    {
      ...(task.roomId ? { gsi1: { pk: partitions.tasksOfRoom(task.roomId), sk: task.id } } : {}),
      gsi2: { pk: partitions.tasksNamed(task.name), sk: task.id },
      gsi4: { pk: partitions.tasks(), sk: taskScheduleKey(task.id, task.dueAt) },
    },
    {
      id: task.id,
      name: task.name,
      description: task.description,
      agentId: task.agentId,
      roomId: task.roomId,
      worldId: task.worldId,
      entityId: task.entityId,
      tags: task.tags ?? [],
      metadata: toJson(task.metadata),
      ...pausedAttribute(task.metadata),
      dueAt: task.dueAt,
      leaseOwner: task.leaseOwner,
      leaseExpiresAt: task.leaseExpiresAt,
      createdAt: task.createdAt ?? now,
      updatedAt: now,
    },
  );
}

/**
 * metadata.paused copied to a top-level attribute: metadata is stored as a JSON string, and
 * releaseTaskLease's condition (a pause during a run wins) needs to read the flag.
 */
function pausedAttribute(metadata: Task["metadata"]): { paused?: true } {
  return (metadata as { paused?: unknown } | null | undefined)?.paused === true
    ? { paused: true }
    : {};
}

/** The fields a partial task update sets or removes, with the GSI keys they move. */
export function taskPatch(id: UUID, patch: Partial<Task>, now: number): Fields {
  const out: Fields = {
    description: patch.description,
    agentId: patch.agentId,
    worldId: patch.worldId,
    entityId: patch.entityId,
    tags: patch.tags === undefined ? undefined : (patch.tags ?? []),
    metadata: patch.metadata === undefined ? undefined : (toJson(patch.metadata) ?? null),
    ...(patch.metadata === undefined
      ? {}
      : { paused: pausedAttribute(patch.metadata).paused ?? null }),
    leaseOwner: patch.leaseOwner,
    leaseExpiresAt: patch.leaseExpiresAt,
    createdAt: patch.createdAt,
    updatedAt: now,
  };
  if (patch.name !== undefined) {
    out.name = patch.name;
    out[gsiPk("gsi2")] = partitions.tasksNamed(patch.name);
    out[gsiSk("gsi2")] = id;
  }
  if (patch.roomId !== undefined) {
    out.roomId = patch.roomId;
    out[gsiPk("gsi1")] = patch.roomId === null ? null : partitions.tasksOfRoom(patch.roomId);
    out[gsiSk("gsi1")] = patch.roomId === null ? null : id;
  }
  if (patch.dueAt !== undefined) {
    out.dueAt = patch.dueAt;
    out[gsiSk("gsi4")] = taskScheduleKey(id, patch.dueAt);
  }
  return out;
}

export function toTask(row: Item): Task {
  const optional = (name: string) => {
    const value = str(row, name);
    return value !== undefined ? { [name]: value } : {};
  };
  return {
    id: str(row, "id") as UUID,
    name: str(row, "name") ?? "",
    ...optional("description"),
    ...optional("agentId"),
    ...optional("roomId"),
    ...optional("worldId"),
    ...optional("entityId"),
    tags: strList(row, "tags") ?? [],
    metadata: json<Task["metadata"]>(row, "metadata") ?? {},
    dueAt: num(row, "dueAt") ?? null,
    leaseOwner: str(row, "leaseOwner") ?? null,
    leaseExpiresAt: num(row, "leaseExpiresAt") ?? null,
    createdAt: num(row, "createdAt"),
    updatedAt: num(row, "updatedAt"),
  };
}
