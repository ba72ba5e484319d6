// What is particular to DynamoDB, on real DynamoDB Local: the 100-action transaction limit,
// unprocessed BatchWrite/BatchGet items retried, failures mapped to UNAVAILABLE, retried
// writes recognised as our own, lease races across clients, the TTL read filter, the
// search candidate bound, and the create-table CLI.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from "@aws-sdk/client-dynamodb";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import {
  createDynamoStorage,
  type DynamoStorage,
  MAX_ITEM_BYTES,
  MAX_TRANSACT_ACTIONS,
} from "../../adapters/dynamodb/index.ts";
import { stringToUuid } from "../../core/kernel/ids/uuid.ts";
import type { StorageOp } from "../../core/kernel/storage/contract.ts";
import type { Memory, UUID } from "../../core/kernel/types/domain.ts";
import { expectStorageError, FakeClock } from "../storage/fixtures.ts";
import { localClient } from "../support/dynamodb-local.ts";

const endpoint = inject("dynamodbEndpoint");
const AGENT = stringToUuid("ddb:agent");
const ROOM = stringToUuid("ddb:room");
let tables = 0;

const ids = (label: string, n: number): UUID[] =>
  Array.from({ length: n }, (_, i) => stringToUuid(`ddb:${label}:${i}`));

const memory = (id: UUID, overrides: Partial<Memory> = {}): Memory => ({
  id,
  entityId: AGENT,
  roomId: ROOM,
  content: { text: id },
  ...overrides,
});

type RealSend = (command: unknown) => Promise<unknown>;
/** Intercepts the client's send: `intercept` may answer itself or call the real send. */
function wrapSend(
  client: DynamoDBClient,
  intercept: (command: unknown, real: RealSend) => Promise<unknown>,
): void {
  const real = client.send.bind(client) as unknown as RealSend;
  client.send = ((command: unknown) => intercept(command, real)) as DynamoDBClient["send"];
}

describe("dynamodb specifics", () => {
  const clock = new FakeClock();
  let tableName: string;
  let client: DynamoDBClient;
  let storage: DynamoStorage;
  const extra: DynamoStorage[] = [];

  beforeEach(async () => {
    clock.reset();
    tableName = `specifics-${process.pid}-${++tables}`;
    client = localClient(endpoint);
    storage = createDynamoStorage({ tableName, client, now: clock.now, createTable: true });
    await storage.init();
    await storage.ensureEmbeddingDimension(4);
  });

  afterEach(async () => {
    await Promise.all(extra.splice(0).map((s) => s.close()));
    const admin = localClient(endpoint);
    await admin.send(new DeleteTableCommand({ TableName: tableName }));
    admin.destroy();
    client.destroy();
  });

  const another = (options: { client?: DynamoDBClient } = {}) => {
    const s = createDynamoStorage({ tableName, endpoint, now: clock.now, ...options });
    extra.push(s);
    return s;
  };

  it("reports kind dynamodb", () => {
    expect(storage.kind).toBe("dynamodb");
  });

  describe("batch as one transaction", () => {
    it("refuses a batch over 100 actions clearly and writes nothing", async () => {
      const ops: StorageOp[] = Array.from({ length: MAX_TRANSACT_ACTIONS + 1 }, (_, i) => ({
        op: "setCache",
        key: `k${i}`,
        value: i,
      }));
      const error = await expectStorageError(storage.batch(ops), "INVALID_BATCH");
      expect(error.message).toMatch(/101 actions.*at most 100/);
      expect(await storage.getCache("k0")).toBeUndefined();
      expect(await storage.getCache("k100")).toBeUndefined();

      await storage.batch(ops.slice(0, MAX_TRANSACT_ACTIONS));
      expect(await storage.getCache("k99")).toBe(99);
    });

    it("refuses two ops on one item, but lets a repeated ensure through", async () => {
      const error = await expectStorageError(
        storage.batch([
          { op: "setCache", key: "same", value: 1 },
          { op: "deleteCache", key: "same" },
        ]),
        "INVALID_BATCH",
      );
      expect(error.message).toMatch(/ops 0 \(setCache\) and 1 \(deleteCache\)/);

      const entity = { id: AGENT, agentId: AGENT, names: ["A"] };
      await storage.batch([
        { op: "ensureEntity", entity },
        { op: "ensureEntity", entity: { ...entity, names: ["B"] } },
        { op: "ensureParticipant", entityId: AGENT, roomId: ROOM },
      ]);
      expect((await storage.getEntitiesByIds([AGENT]))[0]?.names).toEqual(["A"]);
    });

    it("rejects an oversized memory inside a batch and applies nothing", async () => {
      await expectStorageError(
        storage.batch([
          { op: "setCache", key: "before", value: 1 },
          {
            op: "createMemory",
            tableName: "messages",
            memory: memory(stringToUuid("ddb:huge"), {
              content: { text: "é".repeat(MAX_ITEM_BYTES / 2) },
            }) as Memory & { id: UUID },
          },
        ]),
        "TOO_LARGE",
      );
      expect(await storage.getCache("before")).toBeUndefined();
    });
  });

  describe("unprocessed items and failures", () => {
    it("retries the items a BatchWriteItem leaves unprocessed", async () => {
      const memoryIds = ids("unprocessed-write", 10);
      for (const id of memoryIds) await storage.createMemory(memory(id), "messages");
      let batchWrites = 0;
      wrapSend(client, async (command, real) => {
        if (!(command instanceof BatchWriteItemCommand)) return real(command);
        batchWrites++;
        if (batchWrites > 1) return real(command);
        // The first call: DynamoDB processes three and hands the rest back.
        const requests = command.input.RequestItems![tableName]!;
        await real(
          new BatchWriteItemCommand({ RequestItems: { [tableName]: requests.slice(0, 3) } }),
        );
        return { UnprocessedItems: { [tableName]: requests.slice(3) }, $metadata: {} };
      });
      await storage.deleteManyMemories(memoryIds);
      expect(batchWrites).toBe(2);
      expect(await storage.getMemoriesByIds(memoryIds)).toEqual([]);
    });

    it("retries the keys a BatchGetItem leaves unprocessed", async () => {
      const memoryIds = ids("unprocessed-get", 6);
      for (const id of memoryIds) await storage.createMemory(memory(id), "messages");
      let batchGets = 0;
      wrapSend(client, async (command, real) => {
        if (!(command instanceof BatchGetItemCommand)) return real(command);
        batchGets++;
        if (batchGets > 1) return real(command);
        const request = command.input.RequestItems![tableName]!;
        const out = (await real(
          new BatchGetItemCommand({
            RequestItems: { [tableName]: { ...request, Keys: request.Keys!.slice(0, 2) } },
          }),
        )) as { Responses: Record<string, unknown[]> };
        return {
          Responses: out.Responses,
          UnprocessedKeys: { [tableName]: { ...request, Keys: request.Keys!.slice(2) } },
          $metadata: {},
        };
      });
      const found = await storage.getMemoriesByIds(memoryIds);
      expect(batchGets).toBe(2);
      expect(found.map((m) => m.id)).toEqual(memoryIds);
    });

    it("gives up on items that stay unprocessed with UNAVAILABLE", async () => {
      const memoryIds = ids("throttled", 3);
      wrapSend(client, async (command, real) => {
        if (!(command instanceof BatchWriteItemCommand)) return real(command);
        return { UnprocessedItems: command.input.RequestItems, $metadata: {} };
      });
      await expectStorageError(storage.deleteManyMemories(memoryIds), "UNAVAILABLE");
    });

    it("maps persistent throttling and an unreachable endpoint to UNAVAILABLE", async () => {
      wrapSend(client, async () => {
        throw Object.assign(new Error("Rate of requests exceeds the allowed throughput."), {
          name: "ProvisionedThroughputExceededException",
          $metadata: { httpStatusCode: 400 },
        });
      });
      await expectStorageError(storage.getAgent(AGENT), "UNAVAILABLE");

      const unreachable = localClient("http://127.0.0.1:9");
      const offline = createDynamoStorage({ tableName, client: unreachable });
      await expectStorageError(offline.getCache("k"), "UNAVAILABLE");
      unreachable.destroy();
    });

    it("names the missing table and the command that creates it", async () => {
      const missing = createDynamoStorage({ tableName: "no-such-table", endpoint });
      const error = await expectStorageError(missing.getAgent(AGENT), "UNAVAILABLE");
      expect(error.message).toMatch(/no-such-table.*dynamodb:create-table/);
      await missing.close();
    });

    it("recognises its own conditional write when the SDK resent one that had landed", async () => {
      // A response lost after DynamoDB applied the write: the SDK sends the same request again.
      wrapSend(client, async (command, real) => {
        if (!(command instanceof PutItemCommand)) return real(command);
        await real(command);
        return real(command);
      });
      const id = await storage.createMemory(memory(stringToUuid("ddb:resent")), "messages");
      expect((await storage.getMemoryById(id))?.content.text).toBe(id);
      expect(await storage.claimOnce("resent-claim", 60_000)).toBe(true);
      expect(await storage.claimOnce("resent-claim", 60_000)).toBe(false);
      expect(await storage.createAgent({ id: AGENT, name: "A" })).toBe(true);
      await expectStorageError(storage.createMemory(memory(id), "messages"), "CONFLICT");
    });
  });

  describe("leases across clients", () => {
    it("never hands a task to two of 10 clients claiming at once, and drains the queue", async () => {
      const now = clock.now();
      const taskIds: UUID[] = [];
      for (const [i, id] of ids("lease", 30).entries()) {
        taskIds.push(
          await storage.createTask({ id, name: `T${i}`, tags: [], dueAt: now - 1_000 + i }),
        );
      }
      const clients = Array.from({ length: 10 }, () => another());
      const owners = new Map<string, string>();
      for (let round = 0; round < 20 && owners.size < taskIds.length; round++) {
        const results = await Promise.all(
          clients.map((c, i) =>
            c.claimDueTasks({ now, limit: 4, owner: `client-${i}`, leaseMs: 60_000 }),
          ),
        );
        results.forEach((tasks, i) => {
          for (const t of tasks) {
            expect(owners.has(t.id!), `task ${t.name} claimed twice`).toBe(false);
            owners.set(t.id!, `client-${i}`);
          }
        });
      }
      expect([...owners.keys()].sort()).toEqual([...taskIds].sort());
      for (const [id, owner] of owners)
        expect((await storage.getTask(id as UUID))?.leaseOwner).toBe(owner);
    });

    it("lets another client take an expired lease and refuses the first owner's release", async () => {
      const now = clock.now();
      const id = await storage.createTask({ name: "SLOW", tags: [], dueAt: now });
      const [a, b] = [another(), another()];
      expect((await a.claimDueTasks({ now, limit: 1, owner: "a", leaseMs: 1_000 })).length).toBe(1);
      expect(
        await b.claimDueTasks({ now: now + 999, limit: 1, owner: "b", leaseMs: 1_000 }),
      ).toEqual([]);
      const taken = await b.claimDueTasks({
        now: now + 1_000,
        limit: 1,
        owner: "b",
        leaseMs: 1_000,
      });
      expect(taken.map((t) => t.id)).toEqual([id]);
      expect(await a.releaseTaskLease(id, "a")).toBe(false);
      expect(await b.releaseTaskLease(id, "b", { dueAt: null })).toBe(true);
    });
  });

  describe("TTL", () => {
    const raw = (pk: string, sk: string) =>
      client.send(
        new GetItemCommand({
          TableName: tableName,
          Key: { pk: { S: pk }, sk: { S: sk } },
          ConsistentRead: true,
        }),
      );

    it("filters a cache entry that expired on the clock but that DynamoDB still returns", async () => {
      await storage.setCache("session", { v: 1 }, { ttlMs: 1_000 });
      clock.advance(5_000);
      const item = (await raw("CACHE#session", "CACHE")).Item;
      expect(item).toBeDefined();
      // Epoch seconds, rounded up: DynamoDB never deletes before the entry expires.
      expect(item?.ttl?.N).toBe(String(Math.ceil((FakeClock.START + 1_000) / 1000)));
      expect(await storage.getCache("session")).toBeUndefined();
      expect(await storage.deleteCache("session")).toBe(false);
    });

    it("takes over an expired claim that DynamoDB has not deleted yet", async () => {
      expect(await storage.claimOnce("update:1", 1_000)).toBe(true);
      clock.advance(1_000);
      expect((await raw("CLAIM#update:1", "CLAIM")).Item).toBeDefined();
      expect(await storage.claimOnce("update:1", 1_000)).toBe(true);
      expect(await storage.claimOnce("update:1", 1_000)).toBe(false);
    });
  });

  describe("embedding width and search", () => {
    it("enforces the width pinned in the table from a cold instance that never pinned it", async () => {
      const cold = another();
      await expectStorageError(
        cold.createMemory(memory(stringToUuid("ddb:narrow"), { embedding: [1, 0] }), "messages"),
        "EMBEDDING_DIMENSION_MISMATCH",
      );
      await expectStorageError(
        another().searchMemories({ tableName: "messages", embedding: [1, 0, 0] }),
        "EMBEDDING_DIMENSION_MISMATCH",
      );
    });

    it("scores only the newest searchCandidates embedded memories of the scope", async () => {
      const bounded = createDynamoStorage({
        tableName,
        client,
        now: clock.now,
        searchCandidates: 5,
      });
      for (const [i, id] of ids("scan", 7).entries()) {
        await storage.createMemory(
          // The oldest is the best match, but falls outside the scanned window.
          memory(id, { embedding: i === 0 ? [1, 0, 0, 0] : [0, 1, 0, 0], createdAt: i }),
          "messages",
        );
      }
      await storage.createMemory(memory(stringToUuid("ddb:bare"), { createdAt: 99 }), "messages");
      const query = { tableName: "messages", embedding: [1, 0, 0, 0], match_threshold: 0.5 };
      expect(await bounded.searchMemories(query)).toEqual([]);
      expect((await storage.searchMemories(query)).map((m) => m.id)).toEqual([ids("scan", 1)[0]]);
    });

    it("keeps an agent's candidates when another agent's newer rows outnumber the window", async () => {
      const mine = stringToUuid("ddb:agent-mine");
      const theirs = stringToUuid("ddb:agent-theirs");
      const scoped = createDynamoStorage({
        tableName,
        client,
        now: clock.now,
        searchCandidates: 3,
        agentId: mine,
      });
      const own = stringToUuid("ddb:own-knowledge");
      await storage.createMemory(
        memory(own, { agentId: mine, embedding: [1, 0, 0, 0], createdAt: 1 }),
        "knowledge",
      );
      // Ten newer, equally good rows of another agent: more than the 3-row window.
      for (const [i, id] of ids("theirs", 10).entries()) {
        await storage.createMemory(
          memory(id, { agentId: theirs, embedding: [1, 0, 0, 0], createdAt: 10 + i }),
          "knowledge",
        );
      }
      const found = await scoped.searchMemories({
        tableName: "knowledge",
        embedding: [1, 0, 0, 0],
        match_threshold: 0.5,
      });
      expect(found.map((m) => m.id)).toEqual([own]);
    });
  });
});

describe("create-table CLI", () => {
  const run = promisify(execFile);
  const cli = (env: Record<string, string>) =>
    run("npx", ["tsx", "adapters/dynamodb/cli/create-table.ts"], {
      env: { ...process.env, ...env },
    });

  it("creates the table with its GSIs and TTL, and is idempotent", async () => {
    const table = `cli-${process.pid}`;
    const env = { DYNAMODB_TABLE: table, DYNAMODB_ENDPOINT: endpoint, AWS_REGION: "eu-west-1" };
    const admin = localClient(endpoint);
    try {
      expect((await cli(env)).stdout).toMatch(`created table ${table}`);
      const { Table } = await admin.send(new DescribeTableCommand({ TableName: table }));
      expect(Table?.KeySchema).toEqual([
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ]);
      expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual([
        "gsi1",
        "gsi2",
        "gsi3",
        "gsi4",
      ]);
      for (const index of Table?.GlobalSecondaryIndexes ?? []) {
        expect(index.Projection?.ProjectionType).toBe("ALL");
      }
      const ttl = await admin.send(new DescribeTimeToLiveCommand({ TableName: table }));
      expect(ttl.TimeToLiveDescription).toMatchObject({
        AttributeName: "ttl",
        TimeToLiveStatus: "ENABLED",
      });
      expect((await cli(env)).stdout).toMatch(`table ${table} already exists`);
    } finally {
      await admin.send(new DeleteTableCommand({ TableName: table })).catch(() => undefined);
      admin.destroy();
    }
  });

  it("exits non-zero without DYNAMODB_TABLE", async () => {
    const error = await cli({ DYNAMODB_TABLE: "", DYNAMODB_ENDPOINT: endpoint }).catch((e) => e);
    expect(error.code).toBe(2);
    expect(error.stderr).toMatch(/DYNAMODB_TABLE is not set/);
  });
});
