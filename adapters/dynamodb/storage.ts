// DynamoStorage, the last of the chain (base.ts says how it reads): lifecycle, and batch(ops)
// as one TransactWriteItems (batch.ts), its reads sent beside it (batch-reads.ts).
import {
  answerRead,
  assertValidDimension,
  type StorageAdapter,
  type StorageOp,
  type StorageRead,
  type StorageReadResult,
} from "../../core/kernel/index.ts";
import type { DynamoStorageOptions } from "./base.ts";
import { buildTransaction, runTransaction } from "./batch.ts";
import { withBatchWrites } from "./batch-reads.ts";
import { createTable } from "./create-table.ts";
import { keys } from "./keys.ts";
import { DynamoTasks } from "./tasks.ts";

export type { DynamoStorageOptions } from "./base.ts";

export class DynamoStorage extends DynamoTasks implements StorageAdapter {
  readonly kind = "dynamodb";

  /** The table belongs to the stack or the create-table CLI; created here only on request. */
  async init(): Promise<void> {
    if (this.createTableOnInit) await createTable(this.table.client, this.tableName);
  }

  async close(): Promise<void> {
    if (this.ownsClient) this.table.client.destroy();
  }

  /** One strongly consistent GetItem (half a read unit): the table answers or it does not. */
  async ping(): Promise<void> {
    await this.table.get(keys.embeddingDimension());
  }

  async ensureEmbeddingDimension(dimension: number): Promise<void> {
    assertValidDimension(dimension);
    await this.put({
      ...this.table.key(keys.embeddingDimension()),
      value: { N: String(dimension) },
    });
    this.dimension = dimension;
    this.dimensionLoaded = true;
  }

  async batch(ops: StorageOp[], reads: readonly StorageRead[] = []): Promise<StorageReadResult[]> {
    if (ops.length === 0) return Promise.all(reads.map((read) => answerRead(this, read)));
    const now = this.now();
    // The reads go beside the write (batch-reads.ts merges the batch's rows into them).
    const [, ...answers] = await Promise.all([
      this.write(ops, now),
      ...reads.map((read) => answerRead(this, read)),
    ]);
    return answers.map((answer, i) => withBatchWrites(reads[i]!, answer, ops, now, this.scope));
  }

  /** The ops as one TransactWriteItems; a lone memory as a conditional put (half the cost). */
  private async write(ops: StorageOp[], now: number): Promise<void> {
    const [only] = ops;
    if (ops.length === 1 && only?.op === "createMemory") {
      await this.createMemory(
        { ...only.memory, createdAt: only.memory.createdAt ?? now },
        only.tableName,
      );
      return;
    }
    const vectors = ops.some((op) => op.op === "createMemory" && op.memory.embedding);
    const actions = buildTransaction(ops, {
      table: this.table,
      now,
      newId: this.newId,
      dimension: vectors ? await this.pinnedDimension() : this.dimension,
    });
    await runTransaction(this.table, actions);
  }
}

export function createDynamoStorage(options: DynamoStorageOptions): DynamoStorage {
  return new DynamoStorage(options);
}
