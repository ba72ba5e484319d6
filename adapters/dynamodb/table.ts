// The calls this adapter makes, on one table: every request goes through `send`, which maps
// errors; multi-item reads and writes retry what DynamoDB leaves unprocessed, with backoff.
import {
  type AttributeValue,
  BatchGetItemCommand,
  BatchWriteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  QueryCommand,
  type QueryCommandInput,
  type WriteRequest,
} from "@aws-sdk/client-dynamodb";
import { StorageError } from "../../core/kernel/index.ts";
import { type Item, toAttribute } from "./attributes.ts";
import { toStorageError } from "./errors.ts";
import type { Key } from "./keys.ts";
import { chunk, MAX_BATCH_GET, MAX_BATCH_WRITE } from "./limits.ts";

/** Attempts for a BatchGet/BatchWrite whose items keep coming back unprocessed. */
export const UNPROCESSED_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 25;
const BACKOFF_CAP_MS = 1_000;

/** Any DynamoDB command; outputs are typed by the caller, which knows what it sent. */
type AnyCommand = { readonly input: object };

export class Table {
  constructor(
    readonly client: DynamoDBClient,
    readonly name: string,
  ) {}

  async send<Output>(command: AnyCommand): Promise<Output> {
    try {
      return (await this.client.send(command as Parameters<DynamoDBClient["send"]>[0])) as Output;
    } catch (error) {
      throw toStorageError(error, this.name);
    }
  }

  key(key: Key): Item {
    return { pk: toAttribute(key.pk), sk: toAttribute(key.sk) };
  }

  /** One item by key, read consistently (a read after a write sees it, as in SQL). */
  async get(key: Key): Promise<Item | undefined> {
    const out = await this.send<{ Item?: Item }>(
      new GetItemCommand({ TableName: this.name, Key: this.key(key), ConsistentRead: true }),
    );
    return out.Item;
  }

  /**
   * Pages through a Query until `max` items matched or the partition ends. `Limit` caps what
   * each page reads before filtering, so a filtered query may need several pages for `max`.
   */
  async query(
    input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">,
    max = Number.POSITIVE_INFINITY,
  ): Promise<Item[]> {
    const items: Item[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await this.send<{
        Items?: Item[];
        LastEvaluatedKey?: Record<string, AttributeValue>;
      }>(
        new QueryCommand({
          ...input,
          TableName: this.name,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start && items.length < max);
    return items.length > max ? items.slice(0, max) : items;
  }

  /** How many items a Query matches (Select COUNT, every page). */
  async count(input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey" | "Select">) {
    let total = 0;
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await this.send<{
        Count?: number;
        LastEvaluatedKey?: Record<string, AttributeValue>;
      }>(
        new QueryCommand({
          ...input,
          Select: "COUNT",
          TableName: this.name,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      total += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    return total;
  }

  /** Items by key, 100 per BatchGetItem in parallel, unprocessed keys retried. */
  async batchGet(keys: readonly Key[]): Promise<Item[]> {
    const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
    const pages = await Promise.all(
      chunk(unique, MAX_BATCH_GET).map((part) => this.batchGetChunk(part.map((k) => this.key(k)))),
    );
    return pages.flat();
  }

  private async batchGetChunk(keys: Item[]): Promise<Item[]> {
    const found: Item[] = [];
    let pending: Item[] = keys;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= UNPROCESSED_ATTEMPTS) throw this.stillUnprocessed("BatchGetItem", pending);
      if (attempt > 0) await backoff(attempt);
      const out = await this.send<{
        Responses?: Record<string, Item[]>;
        UnprocessedKeys?: Record<string, { Keys?: Item[] }>;
      }>(
        new BatchGetItemCommand({
          RequestItems: { [this.name]: { Keys: pending, ConsistentRead: true } },
        }),
      );
      found.push(...(out.Responses?.[this.name] ?? []));
      pending = out.UnprocessedKeys?.[this.name]?.Keys ?? [];
    }
    return found;
  }

  /** Puts and deletes, 25 per BatchWriteItem in parallel, unprocessed items retried. */
  async batchWrite(requests: readonly WriteRequest[]): Promise<void> {
    await Promise.all(chunk(requests, MAX_BATCH_WRITE).map((part) => this.batchWriteChunk(part)));
  }

  async batchDelete(keys: readonly Key[]): Promise<void> {
    const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
    await this.batchWrite(unique.map((k) => ({ DeleteRequest: { Key: this.key(k) } })));
  }

  private async batchWriteChunk(requests: WriteRequest[]): Promise<void> {
    let pending = requests;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= UNPROCESSED_ATTEMPTS) throw this.stillUnprocessed("BatchWriteItem", pending);
      if (attempt > 0) await backoff(attempt);
      const out = await this.send<{ UnprocessedItems?: Record<string, WriteRequest[]> }>(
        new BatchWriteItemCommand({ RequestItems: { [this.name]: pending } }),
      );
      pending = out.UnprocessedItems?.[this.name] ?? [];
    }
  }

  private stillUnprocessed(call: string, pending: readonly unknown[]): StorageError {
    return new StorageError(
      "UNAVAILABLE",
      `DynamoDB left ${pending.length} item(s) of a ${call} unprocessed after ${UNPROCESSED_ATTEMPTS} attempts (throttled)`,
    );
  }
}

/** Exponential backoff with full jitter (AWS's recommendation for unprocessed items). */
export function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

export function keyOf(item: Item): Key {
  return { pk: item.pk?.S ?? "", sk: item.sk?.S ?? "" };
}
