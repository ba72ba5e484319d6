// Rows for the scale benches, made deterministically from a seed and written in bulk: large
// multi-row INSERTs where the storage speaks SQL (a 100k-row room in seconds), contract
// batches elsewhere.

import { SqlStorage } from "../../adapters/sql/storage.ts";
import type { Memory, StorageAdapter, StorageOp, UUID } from "../../core/index.ts";

/** Writes `memories` under `tableName`, in chunks of `chunkRows`. */
export async function writeMemories(
  storage: StorageAdapter,
  tableName: string,
  memories: (Memory & { id: UUID; createdAt: number })[],
  chunkRows = 500,
): Promise<void> {
  // The bench backends may wrap the storage in a counting Proxy; instanceof sees through it.
  if (storage instanceof SqlStorage) {
    const { memories: table } = storage.tables;
    for (let i = 0; i < memories.length; i += chunkRows) {
      const rows = memories.slice(i, i + chunkRows).map((memory) => ({
        id: memory.id,
        tableName,
        entityId: memory.entityId,
        agentId: memory.agentId ?? null,
        roomId: memory.roomId,
        worldId: memory.worldId ?? null,
        content: memory.content,
        embedding: memory.embedding ?? null,
        unique: false,
        metadata: memory.metadata ?? null,
        createdAt: memory.createdAt,
      }));
      await storage.driver.db.insert(table).values(rows);
    }
    return;
  }
  // DynamoDB transactions hold at most 100 actions (and 4 MB).
  for (let i = 0; i < memories.length; i += 50) {
    const ops: StorageOp[] = memories
      .slice(i, i + 50)
      .map((memory) => ({ op: "createMemory", tableName, memory }));
    await storage.batch(ops);
  }
}
