// batch(ops) as one TransactWriteItems: all land or none do. DynamoDB allows at most 100
// actions and no item twice in one transaction, and this adapter does not split a batch,
// since splitting would break the atomicity the contract promises: a batch over the limit
// is refused with INVALID_BATCH before anything is written. Repeated ensure* ops on one row
// are the exception: the second is a no-op after the first, so it is dropped.
import { type TransactWriteItem, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";
import {
  assertEmbeddingDimension,
  StorageError,
  type StorageOp,
  type UUID,
} from "../../core/kernel/index.ts";
import { type Item, toAttributes, toJson } from "./attributes.ts";
import { cancellationCodes, isTransactionCanceled } from "./errors.ts";
import { Expression, updateExpression } from "./expression.ts";
import { cacheItem } from "./items/cache.ts";
import { entityDoc } from "./items/entities.ts";
import { type Fields, fields } from "./items/item.ts";
import { memoryItem } from "./items/memories.ts";
import { participantItem, roomGsis, worldGsis } from "./items/rooms.ts";
import { taskItem, taskPatch } from "./items/tasks.ts";
import { type Key, keys } from "./keys.ts";
import { assertItemFits, itemBytes, MAX_TRANSACT_ACTIONS, MAX_TRANSACT_BYTES } from "./limits.ts";
import { backoff, type Table } from "./table.ts";

/** What a failed condition on an action means. */
type OnConditionFailed =
  /** A create hit an existing id: the batch fails with CONFLICT. */
  | "conflict"
  /** An update of a row that is gone: the op is dropped and the rest retried (as in SQL). */
  | "drop";

export interface TransactAction {
  index: number;
  op: StorageOp["op"];
  key: Key;
  write: TransactWriteItem;
  bytes: number;
  onConditionFailed?: OnConditionFailed;
}

export interface BatchContext {
  table: Table;
  now: number;
  newId: () => UUID;
  /** The pinned width, or undefined while none is pinned. */
  dimension: number | undefined;
}

/** Transient reasons a transaction is cancelled: another transaction or throttling. */
const TRANSIENT = new Set([
  "TransactionConflict",
  "ThrottlingError",
  "ProvisionedThroughputExceeded",
]);
const TRANSACTION_ATTEMPTS = 6;

export function buildTransaction(ops: readonly StorageOp[], ctx: BatchContext): TransactAction[] {
  const actions: TransactAction[] = [];
  const seen = new Map<string, TransactAction>();
  for (const [index, op] of ops.entries()) {
    const action = toAction(op, index, ctx);
    const id = `${action.key.pk}\u0000${action.key.sk}`;
    const earlier = seen.get(id);
    if (earlier) {
      if (earlier.op === op.op && op.op.startsWith("ensure")) continue;
      throw new StorageError(
        "INVALID_BATCH",
        `batch ops ${earlier.index} (${earlier.op}) and ${index} (${op.op}) touch the same item; ` +
          "a DynamoDB transaction may touch each item once",
      );
    }
    seen.set(id, action);
    actions.push(action);
  }
  if (actions.length > MAX_TRANSACT_ACTIONS) {
    throw new StorageError(
      "INVALID_BATCH",
      `batch has ${actions.length} actions; a DynamoDB transaction takes at most ${MAX_TRANSACT_ACTIONS}`,
    );
  }
  const bytes = actions.reduce((sum, a) => sum + a.bytes, 0);
  if (bytes > MAX_TRANSACT_BYTES) {
    throw new StorageError(
      "INVALID_BATCH",
      `batch writes ${bytes} bytes; a DynamoDB transaction takes at most ${MAX_TRANSACT_BYTES}`,
    );
  }
  return actions;
}

/**
 * Runs the actions as one transaction. Each attempt carries its own ClientRequestToken, so
 * the SDK's retry of an attempt that did commit is answered as a success, not a conflict.
 */
export async function runTransaction(table: Table, actions: TransactAction[]): Promise<void> {
  let pending = actions;
  for (let attempt = 0; pending.length > 0; attempt++) {
    try {
      await table.send(
        new TransactWriteItemsCommand({
          TransactItems: pending.map((a) => a.write),
          ClientRequestToken: crypto.randomUUID(),
        }),
      );
      return;
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const codes = cancellationCodes(error);
      const failed = pending.filter((_, i) => codes[i] === "ConditionalCheckFailed");
      const conflict = failed.find((a) => a.onConditionFailed === "conflict");
      if (conflict) {
        throw new StorageError(
          "CONFLICT",
          `batch op ${conflict.index} (${conflict.op}): a row with this id already exists`,
          { cause: error },
        );
      }
      const unexpected = failed.find((a) => a.onConditionFailed !== "drop");
      if (unexpected) throw error;
      const transient = codes.some((code) => TRANSIENT.has(code));
      if (failed.length === 0 && !transient) throw error;
      if (attempt + 1 >= TRANSACTION_ATTEMPTS) {
        throw new StorageError(
          "UNAVAILABLE",
          `DynamoDB kept cancelling the batch (${codes.join(", ")})`,
          { cause: error },
        );
      }
      pending = pending.filter((a) => !failed.includes(a));
      if (transient) await backoff(attempt + 1);
    }
  }
}

/** A Put of `item` as action `index`; with onConditionFailed, only where the key is absent. */
export function putAction(
  tableName: string,
  index: number,
  op: StorageOp["op"],
  key: Key,
  item: Item,
  what: string,
  onConditionFailed?: OnConditionFailed,
): TransactAction {
  assertItemFits(item, what);
  return {
    index,
    op,
    key,
    bytes: itemBytes(item),
    write: {
      Put: {
        TableName: tableName,
        Item: item,
        ...(onConditionFailed ? { ConditionExpression: "attribute_not_exists(pk)" } : {}),
      },
    },
    ...(onConditionFailed ? { onConditionFailed } : {}),
  };
}

function toAction(op: StorageOp, index: number, ctx: BatchContext): TransactAction {
  const TableName = ctx.table.name;
  const put = (key: Key, item: Item, what: string, onConditionFailed?: OnConditionFailed) =>
    putAction(TableName, index, op.op, key, item, what, onConditionFailed);
  const del = (key: Key) => ({
    index,
    op: op.op,
    key,
    bytes: 0,
    write: { Delete: { TableName, Key: ctx.table.key(key) } },
  });
  // Insert-if-absent without failing the transaction: every attribute is if_not_exists, and
  // the row's fields live in one `doc`, so an existing row is left exactly as it was.
  const ensure = (key: Key, values: Fields, what: string) => {
    const expr = new Expression();
    const update = updateExpression(expr, values, { ifNotExists: true });
    const full = toAttributes(fields(key, {}, values));
    assertItemFits(full, what);
    return {
      index,
      op: op.op,
      key,
      bytes: itemBytes(full),
      write: {
        Update: { TableName, Key: ctx.table.key(key), UpdateExpression: update, ...expr.params() },
      },
    };
  };

  switch (op.op) {
    case "ensureWorld": {
      const key = keys.world(op.world.id);
      const values = fields(key, worldGsis(op.world), { doc: toJson(op.world) });
      return ensure(key, withoutKey(values), `world ${op.world.id}`);
    }
    case "ensureRoom": {
      const key = keys.room(op.room.id);
      const values = fields(key, roomGsis(op.room), { doc: toJson(op.room) });
      return ensure(key, withoutKey(values), `room ${op.room.id}`);
    }
    case "ensureEntity": {
      const key = keys.entity(op.entity.id);
      return ensure(key, { doc: toJson(entityDoc(op.entity)) }, `entity ${op.entity.id}`);
    }
    case "ensureParticipant": {
      const key = keys.participant(op.roomId, op.entityId);
      const item = participantItem(ctx.newId(), op.entityId, op.roomId);
      const values: Fields = {};
      for (const [name, value] of Object.entries(item)) {
        if (name !== "pk" && name !== "sk") values[name] = value.S;
      }
      return ensure(key, values, "participant");
    }
    case "createMemory": {
      const memory = op.memory;
      if (memory.embedding !== undefined) {
        assertEmbeddingDimension(memory.embedding, ctx.dimension);
      }
      const item = memoryItem(
        {
          ...memory,
          createdAt: memory.createdAt ?? ctx.now,
          unique: memory.unique ?? false,
        },
        op.tableName,
      );
      return put(keys.memory(memory.id), item, `memory ${memory.id}`, "conflict");
    }
    case "deleteMemory":
      return del(keys.memory(op.memoryId));
    case "createTask":
      return put(
        keys.task(op.task.id),
        taskItem(op.task, ctx.now),
        `task ${op.task.id}`,
        "conflict",
      );
    case "updateTask": {
      const key = keys.task(op.id);
      const expr = new Expression();
      const { id: _id, ...patch } = op.task;
      const values = taskPatch(op.id, patch, ctx.now);
      const update = updateExpression(expr, values);
      return {
        index,
        op: op.op,
        key,
        bytes: itemBytes(toAttributes(values)),
        onConditionFailed: "drop",
        write: {
          Update: {
            TableName,
            Key: ctx.table.key(key),
            UpdateExpression: update,
            ConditionExpression: "attribute_exists(pk)",
            ...expr.params(),
          },
        },
      };
    }
    case "deleteTask":
      return del(keys.task(op.id));
    case "setCache": {
      const expiresAt = op.ttlMs === undefined ? null : ctx.now + op.ttlMs;
      return put(keys.cache(op.key), cacheItem(op.key, op.value, expiresAt), "cache entry");
    }
    case "deleteCache":
      return del(keys.cache(op.key));
    default:
      throw new StorageError(
        "INVALID_BATCH",
        `unknown batch op ${JSON.stringify((op as { op?: unknown }).op)}`,
      );
  }
}

function withoutKey(values: Fields): Fields {
  const { pk: _pk, sk: _sk, ...rest } = values;
  return rest;
}
