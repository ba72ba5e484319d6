// The storage contract over SQL, written once for both dialects: the concerns are the class
// chain in this folder (base.ts says the order); this last link adds the atomic batch and the
// lifecycle. d1/ and postgres/ each give it a driver and a dialect.
import { eq, sql } from "drizzle-orm";
import {
  assertValidDimension,
  type StorageAdapter,
  StorageError,
  type StorageOp,
  type StorageRead,
  type StorageReadResult,
} from "../../core/kernel/index.ts";
import type { ReadPlan } from "./base.ts";
import type { Statement } from "./driver.ts";
import { SqlTasks } from "./tasks.ts";
import type { IndexedMemory } from "./vector-index.ts";

export class SqlStorage extends SqlTasks implements StorageAdapter {
  /** Nothing by default: the schema is applied at deploy time (D1) or by the subclass. */
  async init(): Promise<void> {}

  close(): Promise<void> {
    return this.driver.close();
  }

  async ping(): Promise<void> {
    await this.run(() => this.driver.execute(sql`select 1`));
  }

  /** Pins the width; vectors of another width are then refused (EMBEDDING_DIMENSION_MISMATCH). */
  async ensureEmbeddingDimension(dimension: number): Promise<void> {
    assertValidDimension(dimension);
    const max = Math.min(this.dialect.maxDimension, this.index?.maxDimension ?? Infinity);
    if (dimension > max) {
      const holder = max === this.dialect.maxDimension ? "this database" : "the vector index";
      throw new StorageError(
        "EMBEDDING_DIMENSION_MISMATCH",
        `embedding dimension ${dimension} is over ${holder}'s limit of ${max}`,
      );
    }
    await this.dialect.pinDimension?.(this, dimension);
    this.dimension = dimension;
  }

  /**
   * Applies all ops atomically, in order: every op is built (and checked) before any runs.
   * Reads go in the same atomic unit after the writes: one round trip on D1 and Neon HTTP.
   */
  async batch(ops: StorageOp[], reads: readonly StorageRead[] = []): Promise<StorageReadResult[]> {
    const created: IndexedMemory[] = [];
    const deleted: string[] = [];
    const writes = ops.flatMap((op) => {
      if (op.op === "deleteMemory") deleted.push(op.memoryId);
      if (op.op !== "createMemory") return this.opStatements(op);
      const { row, statement } = this.insertMemory(op.memory, op.tableName);
      created.push(row);
      return [statement];
    });
    const plans: ReadPlan<StorageReadResult>[] = reads.map((read) =>
      read.read === "getMemories"
        ? this.memoriesRead(read.params)
        : this.entitiesRead(read.roomId, read.includeComponents ?? false),
    );
    const statements = [...writes, ...plans.flatMap((plan) => plan.statements)];
    const results = writes.length
      ? await this.atomic(statements)
      : await this.answer({ statements, decode: (all) => all });
    // A memory created and deleted in one batch ends deleted: removals go first.
    await this.syncIndex(
      created.filter((row) => !deleted.includes(row.id)),
      deleted,
    );
    let next = writes.length;
    return plans.map((plan) => {
      const start = next;
      next += plan.statements.length;
      return plan.decode(results.slice(start, next));
    });
  }

  private opStatements(op: Exclude<StorageOp, { op: "createMemory" }>): Statement[] {
    const { memories, tasks, cache } = this;
    switch (op.op) {
      case "ensureWorld":
        return [this.insertWorld(op.world)];
      case "ensureRoom":
        return this.insertRooms([op.room]);
      case "ensureEntity":
        return this.insertEntities([op.entity]);
      case "ensureParticipant":
        return this.insertParticipants([op.entityId], op.roomId);
      case "deleteMemory":
        return [(db) => db.delete(memories).where(eq(memories.id, op.memoryId))];
      case "createTask":
        return [this.insertTask(op.task)];
      case "updateTask":
        return [this.updateTaskStatement(op.id, op.task)];
      case "deleteTask":
        return [(db) => db.delete(tasks).where(eq(tasks.id, op.id))];
      case "setCache":
        return [this.upsertCache(op.key, op.value, op.ttlMs)];
      case "deleteCache":
        return [(db) => db.delete(cache).where(eq(cache.key, op.key))];
      default: {
        const unknown: never = op;
        throw new StorageError("INVALID_BATCH", `unknown batch op ${JSON.stringify(unknown)}`);
      }
    }
  }
}
