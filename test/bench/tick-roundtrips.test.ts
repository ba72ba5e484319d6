// Round trips per tick are a count, not a time, so they are asserted: a tick pays one claim
// and one ending (the releases, finishes and run-log rows of a batch together) per batch of
// 25 tasks, one read more per batch when the endings build on stored rows (repeat tasks and
// failures), and its two sweeps, however many tasks a batch holds. A change that puts a round
// trip back on every task fails here before it slows every tick at the edge. DynamoDB has no
// multi-item conditional write, so there each task costs two requests (its lease and its
// ending), sent in parallel: what is asserted there is the number of rounds.
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDynamoStorage } from "../../adapters/dynamodb/index.ts";
import { type BackendName, backends } from "../../bench/backends.ts";
import type { CountedStorage } from "../../bench/roundtrips/measure.ts";
import {
  AgentRuntime,
  parseCharacter,
  type RunDueTasksOptions,
  runDueTasks,
  type StorageOp,
  type UUID,
} from "../../core/index.ts";
import { type DynamoDbLocal, localClient, startDynamoDbLocal } from "../support/dynamodb-local.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const BATCH = 25;
/** Two sweeps end every tick: expired claims and cache (one statement), old run logs. */
const SWEEPS = 2;

type Kind = "one-shot" | "repeat";

/** Seeds `count` due tasks, runs one tick over them, and returns what the counter moved by. */
async function tick(
  counted: CountedStorage,
  count: number,
  kind: Kind,
  options: RunDueTasksOptions = { concurrency: 1 },
  read = counted.read,
): Promise<number> {
  const { storage } = counted;
  const runtime = new AgentRuntime({
    character: parseCharacter({ name: "Ticks" }),
    storage,
    logger: quiet,
  });
  runtime.registerTaskWorker({ name: "NOOP", execute: async () => {} });
  const now = Date.now();
  const ops: StorageOp[] = Array.from({ length: count }, (_, i) => ({
    op: "createTask",
    task: {
      id: crypto.randomUUID() as UUID,
      name: "NOOP",
      agentId: runtime.agentId,
      tags: kind === "repeat" ? ["queue", "repeat"] : ["queue"],
      metadata: kind === "repeat" ? { updateInterval: 60 * 60_000, updatedAt: now } : {},
      dueAt: now - count + i,
    },
  }));
  for (let i = 0; i < ops.length; i += 50) await storage.batch(ops.slice(i, i + 50));
  const before = read();
  const report = await runDueTasks(runtime, { limit: 1000, ...options });
  const moved = read() - before;
  expect(report).toMatchObject({ succeeded: count, failed: 0, skipped: 0 });
  // The tasks were ended: one-shots deleted, repeats released and due in an hour.
  const left = await storage.getTasks({});
  if (kind === "one-shot") expect(left).toEqual([]);
  else {
    expect(left).toHaveLength(count);
    for (const task of left) expect(task).toMatchObject({ leaseOwner: null });
    for (const task of left) expect(task.dueAt).toBeGreaterThan(now);
    await storage.batch(left.map((task) => ({ op: "deleteTask", id: task.id as UUID })));
  }
  return moved;
}

const batches = (count: number) => Math.ceil(count / BATCH);

/**
 * PGlite has no autovacuum, so its sweep also looks after the planner's statistics (flush the
 * counts, read them, ANALYZE the tables a tick's writes moved past autovacuum's threshold): up
 * to three in-process queries a tick, however many tasks it ran. Housekeeping per tick, never
 * per task: the upper bound is what this test guards.
 */
const STATISTICS: Partial<Record<BackendName, { least: number; most: number }>> = {
  pglite: { least: 0, most: 3 },
};

function expectTrips(name: BackendName, trips: number, expected: number, label: string) {
  const statistics = STATISTICS[name] ?? { least: 0, most: 0 };
  expect(trips, label).toBeGreaterThanOrEqual(expected + statistics.least);
  expect(trips, label).toBeLessThanOrEqual(expected + statistics.most);
}

describe.each(["memory", "pglite", "d1", "neon-http"] as BackendName[])(
  "round trips per tick: %s",
  (name) => {
    let counted: CountedStorage;
    beforeAll(async () => {
      counted = await backends[name]();
    });
    afterAll(async () => {
      await counted?.close();
    });

    it("one claim and one ending per batch of 25 one-shot tasks, whatever the batch holds", async () => {
      // The claims: one per batch, and the empty one that ends the tick.
      for (const count of [1, 10, 25, 60]) {
        const expected = batches(count) + 1 + batches(count) + SWEEPS;
        expectTrips(name, await tick(counted, count, "one-shot"), expected, `${count} tasks`);
      }
    });

    it("one read more per batch when the endings build on stored rows (repeat tasks)", async () => {
      for (const count of [10, 60]) {
        const expected = batches(count) + 1 + 2 * batches(count) + SWEEPS;
        expectTrips(name, await tick(counted, count, "repeat"), expected, `${count} tasks`);
      }
    });

    it("with four runs at once, at most three more endings: slots that run out of work end what is done", async () => {
      const count = 60;
      const least = batches(count) + 1 + batches(count) + SWEEPS;
      const trips = await tick(counted, count, "one-shot", { concurrency: 4 });
      expect(trips).toBeGreaterThanOrEqual(least);
      expect(trips).toBeLessThanOrEqual(least + 3 + (STATISTICS[name]?.most ?? 0));
    });
  },
);

describe("round trips per tick: dynamodb", () => {
  let local: DynamoDbLocal;
  let client: DynamoDBClient;
  let counted: CountedStorage;
  // Requests, and rounds: a round starts when a request goes out with none in flight.
  const wire = { requests: 0, rounds: 0, inFlight: 0 };

  beforeAll(async () => {
    local = await startDynamoDbLocal();
    client = localClient(local.endpoint);
    client.middlewareStack.add(
      (next) => async (args) => {
        wire.requests++;
        if (wire.inFlight++ === 0) wire.rounds++;
        try {
          return await next(args);
        } finally {
          wire.inFlight--;
        }
      },
      { step: "deserialize", name: "countRounds" },
    );
    const storage = createDynamoStorage({ tableName: "ticks", client, createTable: true });
    await storage.init();
    counted = { storage, read: () => wire.requests, close: () => storage.close() };
  });
  afterAll(async () => {
    await counted?.close();
    client?.destroy();
    await local?.stop();
  });

  it("three rounds per batch of 25 one-shots: the candidates, their leases, their endings", {
    timeout: 120_000,
  }, async () => {
    for (const count of [10, 60]) {
      const requests = await tick(counted, count, "one-shot");
      // Each task: its lease (UpdateItem) and its finish (DeleteItem). Each batch: a Query for
      // candidates and a BatchWriteItem of the log rows; the empty claim and the log sweep's
      // Query end the tick (expired claims and cache are DynamoDB's TTL's to delete).
      expect(requests, `${count} requests`).toBe(2 * count + 2 * batches(count) + 1 + 1);
      const rounds = await tick(counted, count, "one-shot", undefined, () => wire.rounds);
      expect(rounds, `${count} rounds`).toBe(3 * batches(count) + 1 + 1);
    }
  });

  it("one round more per batch for repeat tasks: the stored rows, in one BatchGetItem", {
    timeout: 120_000,
  }, async () => {
    const count = 60;
    const requests = await tick(counted, count, "repeat");
    expect(requests).toBe(2 * count + 3 * batches(count) + 1 + 1);
    const rounds = await tick(counted, count, "repeat", undefined, () => wire.rounds);
    expect(rounds).toBe(4 * batches(count) + 1 + 1);
  });
});
