// MemoryStorage, the last of the chain (base.ts says how it reads): lifecycle, and batch(ops)
// applied in place with a journal to undo it.
import {
  answerRead,
  assertValidDimension,
  type StorageAdapter,
  StorageError,
  type StorageOp,
  type StorageRead,
  type StorageReadResult,
  wellFormed,
} from "../../core/kernel/index.ts";
import type { MemoryStorageOptions } from "./base.ts";
import { journaled } from "./tables.ts";
import { MemoryTasks } from "./tasks.ts";

export type { MemoryStorageOptions } from "./base.ts";

export class MemoryStorage extends MemoryTasks implements StorageAdapter {
  readonly kind = "memory";

  async init(): Promise<void> {}

  async close(): Promise<void> {}

  async ping(): Promise<void> {}

  async ensureEmbeddingDimension(dimension: number): Promise<void> {
    assertValidDimension(dimension);
    this.dimension = dimension;
  }

  async batch(ops: StorageOp[], reads: readonly StorageRead[] = []): Promise<StorageReadResult[]> {
    // Apply in place, journalling how to undo each write; a failing op undoes the ones before
    // it. Nothing awaits in between, so no other caller sees a half-applied batch.
    const committed = this.db;
    const undo: (() => void)[] = [];
    this.db = journaled(committed, undo);
    try {
      for (const op of ops) this.apply(op);
    } catch (error) {
      for (const step of undo.reverse()) step();
      throw error;
    } finally {
      this.db = committed;
    }
    // Answered before anything else can run: the reads see exactly the batch's writes.
    return Promise.all(reads.map((read) => answerRead(this, read)));
  }

  /** One op through its concern's synchronous write, so batch never yields mid-way. */
  private apply(op: StorageOp): void {
    switch (op.op) {
      case "ensureWorld":
        this.insertWorldIfAbsent(op.world);
        return;
      case "ensureRoom":
        this.insertRoomIfAbsent(op.room);
        return;
      case "ensureEntity":
        this.insertEntityIfAbsent(op.entity);
        return;
      case "ensureParticipant":
        this.insertParticipantIfAbsent(op.entityId, op.roomId);
        return;
      case "createMemory":
        this.insertMemory(op.memory, op.tableName);
        return;
      case "deleteMemory":
        this.db.memories.delete(op.memoryId);
        return;
      case "createTask":
        this.insertTask(op.task);
        return;
      case "updateTask":
        this.patchTask(op.id, op.task);
        return;
      case "deleteTask":
        this.db.tasks.delete(op.id);
        return;
      case "setCache":
        this.putCache(op.key, op.value, op.ttlMs);
        return;
      case "deleteCache":
        this.db.cache.delete(wellFormed(op.key));
        return;
      default:
        throw new StorageError(
          "INVALID_BATCH",
          `unknown batch op ${JSON.stringify((op as { op?: unknown }).op)}`,
        );
    }
  }
}

export function createMemoryStorage(options: MemoryStorageOptions = {}): MemoryStorage {
  return new MemoryStorage(options);
}
