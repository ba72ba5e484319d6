// Logs: indexed by entity, newest last in the sort key (gsi1).
import type { Log, UUID } from "../../../core/kernel/index.ts";
import { type Item, json, num, str, toJson } from "../attributes.ts";
import { keys, partitions, sortable } from "../keys.ts";
import { item } from "./item.ts";

export function logItem(log: Log): Item {
  return item(
    keys.log(log.id),
    {
      gsi1: {
        pk: partitions.logsOfEntity(log.entityId),
        sk: `${sortable(log.createdAt)}#${log.id}`,
      },
    },
    {
      id: log.id,
      entityId: log.entityId,
      roomId: log.roomId,
      type: log.type,
      body: toJson(log.body),
      createdAt: log.createdAt,
    },
  );
}

export function toLog(row: Item): Log {
  const roomId = str(row, "roomId");
  return {
    id: str(row, "id") as UUID,
    entityId: str(row, "entityId") as UUID,
    ...(roomId !== undefined ? { roomId: roomId as UUID } : {}),
    type: str(row, "type") ?? "",
    body: json<Log["body"]>(row, "body") ?? {},
    createdAt: num(row, "createdAt") ?? 0,
  };
}
