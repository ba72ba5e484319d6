// The storage contract on one DynamoDB table (single-table design: keys.ts). Reads by key
// are strongly consistent; lists through a GSI are eventually consistent, as every GSI is.
// Whatever must be decided atomically is one conditional write (claims, leases, creates),
// and batch(ops) is one TransactWriteItems (batch.ts).
//
// The implementation is a chain of classes, one concern a file, each extending the one
// before: base.ts (this: the table, the clock, the writes every concern makes), entities.ts,
// rooms.ts, memories.ts, relationships.ts, cache.ts, logs.ts, tasks.ts, and storage.ts, the
// exported DynamoStorage (lifecycle and batch). items/ maps each concern's rows to items.
import {
  DeleteItemCommand,
  type DynamoDBClient,
  PutItemCommand,
  type QueryCommandInput,
  UpdateItemCommand,
  type UpdateItemCommandInput,
} from "@aws-sdk/client-dynamodb";
import {
  assertValidDimension,
  randomUuid,
  StorageError,
  type UUID,
} from "../../core/kernel/index.ts";
import { type Item, num } from "./attributes.ts";
import { createDynamoClient, type DynamoTimeouts } from "./client.ts";
import { isConditionFailed, oldItem } from "./errors.ts";
import { Expression, updateExpression } from "./expression.ts";
import type { Fields } from "./items/item.ts";
import { type GsiName, gsiPk, type Key, keys } from "./keys.ts";
import { checked } from "./limits.ts";
import { Table } from "./table.ts";
import { SEARCH_CANDIDATES } from "./vector-search.ts";

/** With the bounded waits of client.ts (ignored when `client` is given). */
export interface DynamoStorageOptions extends DynamoTimeouts {
  /** The table (DYNAMODB_TABLE), created by `npm run dynamodb:create-table` or the stack. */
  tableName: string;
  /** A client to use; the storage then leaves it open on close(). */
  client?: DynamoDBClient;
  /** DYNAMODB_ENDPOINT, e.g. DynamoDB Local; ignored when `client` is given. */
  endpoint?: string;
  /** AWS_REGION; defaults to the SDK's own lookup, or us-east-1 for a local endpoint. */
  region?: string;
  /** Defaults to the SDK's provider chain, or dummy keys for a localhost endpoint. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** The clock, in ms since epoch: createdAt defaults, cache TTL, claimOnce. */
  now?: () => number;
  /**
   * The agent this store serves: relationships are recorded under it and memory reads see
   * only its memories. Absent: relationships get the nil UUID and reads span every agent.
   */
  agentId?: UUID;
  /**
   * The pinned width (EMBEDDING_DIMENSION) when known from configuration. Otherwise the
   * width recorded by ensureEmbeddingDimension is read once, on the first vector write.
   */
  embeddingDimension?: number;
  /** Id generator; default crypto.randomUUID. */
  generateId?: () => UUID;
  /** Candidates one searchMemories scores; default SEARCH_CANDIDATES. */
  searchCandidates?: number;
  /** init() creates the table (GSIs, TTL) when it is missing: local runs and tests. */
  createTable?: boolean;
}

const NIL_UUID = "00000000-0000-0000-0000-000000000000" as UUID;

/** A conditional write's outcome: the item it returned, or the old one the condition saw. */
type Conditional = { ok: true; item: Item | undefined } | { ok: false; old: Item | undefined };

export abstract class DynamoBase {
  readonly tableName: string;
  protected readonly table: Table;
  protected readonly ownsClient: boolean;
  protected readonly now: () => number;
  protected readonly agentId: UUID;
  /** The memory reads' default agent scope (the agentId option, when given). */
  protected readonly scope: UUID | undefined;
  protected readonly newId: () => UUID;
  protected readonly candidates: number;
  protected readonly createTableOnInit: boolean;
  protected dimension: number | undefined;
  protected dimensionLoaded = false;

  constructor(options: DynamoStorageOptions) {
    if (!options.tableName) throw new TypeError("DynamoStorage needs a tableName (DYNAMODB_TABLE)");
    this.tableName = options.tableName;
    this.ownsClient = !options.client;
    const client = options.client ?? createDynamoClient(options);
    this.table = new Table(client, options.tableName);
    this.now = options.now ?? Date.now;
    this.agentId = options.agentId ?? NIL_UUID;
    this.scope = options.agentId;
    this.newId = options.generateId ?? randomUuid;
    this.candidates = options.searchCandidates ?? SEARCH_CANDIDATES;
    this.createTableOnInit = options.createTable ?? false;
    if (options.embeddingDimension !== undefined) {
      assertValidDimension(options.embeddingDimension);
      this.dimension = options.embeddingDimension;
    }
  }

  /** The pinned width: from options or ensureEmbeddingDimension, else read once from the table. */
  protected async pinnedDimension(): Promise<number | undefined> {
    if (this.dimension !== undefined || this.dimensionLoaded) return this.dimension;
    const row = await this.table.get(keys.embeddingDimension());
    this.dimension = row ? num(row, "value") : undefined;
    this.dimensionLoaded = true;
    return this.dimension;
  }

  protected async put(item: Item, extra: { ConditionExpression?: string } = {}): Promise<void> {
    await this.table.send(new PutItemCommand({ TableName: this.tableName, Item: item, ...extra }));
  }

  /**
   * Insert-if-absent: false when the key exists. A write token recognises our own item when
   * the SDK retried a put that had landed, which would otherwise read as "exists".
   */
  protected putIfAbsent(item: Item): Promise<boolean> {
    const writeToken = { S: crypto.randomUUID() };
    return this.putOnce({ ...item, writeToken }, "writeToken", "attribute_not_exists(pk)");
  }

  /** A create: CONFLICT when the id exists, as a primary key refuses it in SQL. */
  protected async insert(item: Item, what: string): Promise<void> {
    if (!(await this.putIfAbsent(checked(item, what)))) {
      throw new StorageError("CONFLICT", `${what} already exists`);
    }
  }

  /**
   * A put under `condition`; false when the condition failed, unless on our own write: the
   * item's `tokenAttribute` (a fresh UUID) tells it apart when the SDK retried a landed put.
   */
  protected async putOnce(
    item: Item,
    tokenAttribute: string,
    condition: string,
    expr = new Expression(),
  ): Promise<boolean> {
    const token = item[tokenAttribute]?.S;
    try {
      await this.table.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: item,
          ConditionExpression: condition,
          ReturnValuesOnConditionCheckFailure: "ALL_OLD",
          ...expr.params(),
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      return token !== undefined && oldItem(error)?.[tokenAttribute]?.S === token;
    }
  }

  /** Applies `fields` to an existing item; false (nothing written) when there is none. */
  protected async updateIfExists(key: Key, fields: Fields): Promise<boolean>;
  protected async updateIfExists(
    key: Key,
    fields: Fields,
    returning: "ALL_NEW",
  ): Promise<Item | null>;
  protected async updateIfExists(
    key: Key,
    fields: Fields,
    returning?: "ALL_NEW",
  ): Promise<boolean | Item | null> {
    const expr = new Expression();
    const update = updateExpression(expr, fields);
    if (!update) return returning ? this.table.get(key).then((row) => row ?? null) : true;
    const returns = returning ? { ReturnValues: returning } : {};
    const out = await this.updateIf(key, update, "attribute_exists(pk)", expr, returns);
    if (!returning) return out.ok;
    return out.ok ? (out.item ?? null) : null;
  }

  /**
   * One UpdateItem under `condition` (its placeholders in `expr`, with the update's): the
   * item it returned, or, when the condition failed, the old item if `returns` asked for it.
   */
  protected async updateIf(
    key: Key,
    update: string,
    condition: string,
    expr: Expression,
    returns: Pick<
      UpdateItemCommandInput,
      "ReturnValues" | "ReturnValuesOnConditionCheckFailure"
    > = {},
  ): Promise<Conditional> {
    try {
      const out = await this.table.send<{ Attributes?: Item }>(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.table.key(key),
          UpdateExpression: update,
          ConditionExpression: condition,
          ...returns,
          ...expr.params(),
        }),
      );
      return { ok: true, item: out.Attributes };
    } catch (error) {
      if (isConditionFailed(error)) return { ok: false, old: oldItem(error) };
      throw error;
    }
  }

  protected async delete(key: Key): Promise<void> {
    await this.table.send(
      new DeleteItemCommand({ TableName: this.tableName, Key: this.table.key(key) }),
    );
  }

  /** Deletes and returns what was there, if anything. */
  protected async deleteReturning(key: Key): Promise<Item | undefined> {
    const out = await this.table.send<{ Attributes?: Item }>(
      new DeleteItemCommand({
        TableName: this.tableName,
        Key: this.table.key(key),
        ReturnValues: "ALL_OLD",
      }),
    );
    return out.Attributes;
  }

  /** Every item of one GSI partition, in sort-key order. */
  protected queryIndex(index: GsiName, partition: string, options: { keysOnly?: boolean } = {}) {
    const expr = new Expression();
    const input: Omit<QueryCommandInput, "TableName"> = {
      IndexName: index,
      KeyConditionExpression: `${expr.name(gsiPk(index))} = ${expr.value(partition)}`,
      ...(options.keysOnly ? { ProjectionExpression: "pk, sk" } : {}),
      ...expr.params(),
    };
    return this.table.query(input);
  }

  /** Items of one table partition (its sort keys under `skPrefix`), read consistently. */
  protected queryPartition(pk: string, options: { skPrefix?: string; keysOnly?: boolean } = {}) {
    const expr = new Expression();
    let keyCondition = `pk = ${expr.value(pk)}`;
    if (options.skPrefix !== undefined) {
      keyCondition += ` AND begins_with(sk, ${expr.value(options.skPrefix)})`;
    }
    return this.table.query({
      KeyConditionExpression: keyCondition,
      ...(options.keysOnly ? { ProjectionExpression: "pk, sk" } : {}),
      ConsistentRead: true,
      ExpressionAttributeValues: expr.values,
    });
  }

  /**
   * The first `want` items of an index range, newest first. Limit caps what a page reads
   * before the filter runs, so a filtered read asks for pages of at least 100 items.
   */
  protected async queryNewest(
    index: GsiName,
    keyCondition: string,
    filter: string | undefined,
    expr: Expression,
    want: number,
  ): Promise<Item[]> {
    if (want === 0) return [];
    return this.table.query(
      {
        IndexName: index,
        KeyConditionExpression: keyCondition,
        ...(filter ? { FilterExpression: filter } : {}),
        ScanIndexForward: false,
        ...(Number.isFinite(want) ? { Limit: filter ? Math.max(want, 100) : want } : {}),
        ...expr.params(),
      },
      want,
    );
  }
}

/** Rows [offset, offset + count) of a listing: where the page starts, how many rows to read. */
export function pageOf(params: { offset?: number; count?: number }): {
  offset: number;
  want: number;
} {
  const offset = Math.max(0, params.offset ?? 0);
  const want = params.count === undefined ? Number.POSITIVE_INFINITY : offset + params.count;
  return { offset, want };
}

/** Rows in the order their ids were asked for (BatchGetItem answers in any order). */
export function inOrder<T extends { id?: UUID }>(ids: readonly UUID[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const out: T[] = [];
  const seen = new Set<UUID>();
  for (const id of ids) {
    const row = byId.get(id);
    if (row && !seen.has(id)) {
      out.push(row);
      seen.add(id);
    }
  }
  return out;
}
