// Memories: top-level attributes (patched field by field), in up to four GSIs, one per scope
// a list can be asked for (room, world, entity, table); the embedding as float32 bytes.
import type { Memory, UUID } from "../../../core/kernel/index.ts";
import {
  bin,
  bool,
  decodeEmbedding,
  encodeEmbedding,
  type Item,
  json,
  num,
  str,
  toJson,
} from "../attributes.ts";
import { type GsiKeys, keys, memorySortKey, partitions, sortable } from "../keys.ts";
import { item } from "./item.ts";

export interface StoredMemory extends Memory {
  id: UUID;
  createdAt: number;
  unique: boolean;
}

export function memoryGsis(
  memory: { id: UUID; roomId: UUID; entityId: UUID; worldId?: UUID; createdAt: number },
  tableName: string,
): GsiKeys {
  const sk = memorySortKey(tableName, memory.createdAt, memory.id);
  return {
    gsi1: { pk: partitions.memoriesOfRoom(memory.roomId), sk },
    ...(memory.worldId ? { gsi2: { pk: partitions.memoriesOfWorld(memory.worldId), sk } } : {}),
    gsi3: { pk: partitions.memoriesOfEntity(memory.entityId), sk },
    gsi4: {
      pk: partitions.memoriesOfTable(tableName),
      sk: `${sortable(memory.createdAt)}#${memory.id}`,
    },
  };
}

export function memoryItem(memory: StoredMemory, tableName: string): Item {
  return item(keys.memory(memory.id), memoryGsis(memory, tableName), {
    id: memory.id,
    entityId: memory.entityId,
    agentId: memory.agentId,
    roomId: memory.roomId,
    worldId: memory.worldId,
    content: toJson(memory.content ?? {}),
    embedding: memory.embedding ? encodeEmbedding(memory.embedding) : undefined,
    createdAt: memory.createdAt,
    unique: memory.unique,
    metadata: toJson(memory.metadata),
    table: tableName,
  });
}

export function toMemory(row: Item): Memory {
  const embedding = bin(row, "embedding");
  const metadata = json<Memory["metadata"]>(row, "metadata");
  const agentId = str(row, "agentId");
  const worldId = str(row, "worldId");
  return {
    id: str(row, "id") as UUID,
    entityId: str(row, "entityId") as UUID,
    ...(agentId !== undefined ? { agentId: agentId as UUID } : {}),
    roomId: str(row, "roomId") as UUID,
    ...(worldId !== undefined ? { worldId: worldId as UUID } : {}),
    content: json<Memory["content"]>(row, "content") ?? {},
    ...(embedding ? { embedding: decodeEmbedding(embedding) } : {}),
    createdAt: num(row, "createdAt"),
    unique: bool(row, "unique") ?? false,
    ...(metadata !== undefined ? { metadata } : {}),
  };
}
