// DynamoDB's hard limits (docs.aws.amazon.com/amazondynamodb/latest/developerguide/
// ServiceQuotas.html) and the guards that keep every request inside them.
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { StorageError } from "../../core/kernel/index.ts";
import type { Item } from "./attributes.ts";
import { utf8Bytes } from "./keys.ts";

/**
 * The largest item this adapter writes: DynamoDB's 400 KB, counted as DynamoDB counts it
 * (attribute names plus values; see itemBytes). A memory's text, metadata and embedding
 * share it, so content over roughly 390 KB is refused with TOO_LARGE rather than split.
 */
export const MAX_ITEM_BYTES = 400 * 1024;

/** Actions in one TransactWriteItems, so in one `batch(ops)`. */
export const MAX_TRANSACT_ACTIONS = 100;

/** Total size of one TransactWriteItems request. */
export const MAX_TRANSACT_BYTES = 4 * 1024 * 1024;

/** Keys per BatchGetItem. */
export const MAX_BATCH_GET = 100;

/** Writes per BatchWriteItem. */
export const MAX_BATCH_WRITE = 25;

/**
 * An item's size by DynamoDB's accounting: UTF-8 name and string bytes, binary bytes,
 * about one byte per two digits of a number plus one, three bytes plus one per element
 * of a list or map. Numbers are over-estimated a little so the guard errs on the safe side.
 */
export function itemBytes(item: Item): number {
  let total = 0;
  for (const [name, value] of Object.entries(item)) total += utf8Bytes(name) + valueBytes(value);
  return total;
}

function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return utf8Bytes(value.S);
  if (value.N !== undefined) return Math.ceil(value.N.length / 2) + 1;
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.L !== undefined) {
    return 3 + value.L.reduce((sum, element) => sum + 1 + valueBytes(element), 0);
  }
  if (value.M !== undefined) {
    return 3 + itemBytes(value.M) + Object.keys(value.M).length;
  }
  return 0;
}

/** Throws TOO_LARGE when an item would not fit (what: "memory <id>", for the message). */
export function assertItemFits(item: Item, what: string): void {
  const bytes = itemBytes(item);
  if (bytes > MAX_ITEM_BYTES) {
    throw new StorageError(
      "TOO_LARGE",
      `${what} is ${bytes} bytes; a DynamoDB item holds at most ${MAX_ITEM_BYTES}`,
    );
  }
}

/** The item, once assertItemFits passed: for writes built inline. */
export function checked(item: Item, what: string): Item {
  assertItemFits(item, what);
  return item;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
