// The Postgres adapter on PGlite in a worker thread (the Node server's storage): the
// conformance suite, as for PGlite in-process (postgres-pglite.test.ts), and the one session
// shared safely: atomic units and interactive transactions never interleave with other
// statements. A crash, a stall and shutdown are tested on the server (test/targets/).

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresStorage } from "../../adapters/postgres/index.ts";
import {
  createPgliteWorkerStorage,
  type PgliteWorkerDriver,
} from "../../adapters/postgres/pglite-worker-driver.ts";
import { StorageError } from "../../core/kernel/index.ts";
import { describeStorageConformance } from "../storage/conformance.ts";

describeStorageConformance("postgres (pglite in a worker thread)", {
  create: ({ now }) => createPgliteWorkerStorage({ now }),
  reset: (storage) => (storage as PostgresStorage).reset(),
  capabilities: {
    // A second adapter over the same worker; closing it leaves the database open.
    agentClient: async (storage, agentId, { now }) =>
      new PostgresStorage(
        { ...(storage as PostgresStorage).driver, close: async () => {} },
        { now, agentId, migrate: false },
      ),
  },
});

describe("one PGlite session shared through the worker", () => {
  let storage: PostgresStorage;
  let driver: PgliteWorkerDriver;
  const count = async (k: number) => {
    const result = await driver.db.execute(
      sql`select count(*)::int as n from pairs where k = ${k}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  beforeAll(async () => {
    storage = await createPgliteWorkerStorage({ migrate: false });
    driver = storage.driver as PgliteWorkerDriver;
    await driver.execute(sql`create table pairs (k int not null, part int not null)`);
  });
  afterAll(() => storage?.close());

  it("runs concurrent atomic units whole: a read sent between them sees each unit all or none", async () => {
    const units: Promise<unknown>[] = [];
    const reads: Promise<unknown>[] = [];
    for (let k = 0; k < 30; k++) {
      units.push(
        driver.atomic([
          (db) => db.execute(sql`insert into pairs values (${k}, 1)`),
          (db) => db.execute(sql`insert into pairs values (${k}, 2)`),
        ]),
      );
      reads.push(driver.db.execute(sql`select k, count(*)::int as n from pairs group by k`));
    }
    await Promise.all(units);
    for (const read of await Promise.all(reads)) {
      for (const row of (read as { rows: { n: number }[] }).rows) expect(row.n).toBe(2);
    }
    for (let k = 0; k < 30; k++) expect(await count(k)).toBe(2);
  });

  it("undoes a failing unit whole while the units beside it commit, and names the SQL error", async () => {
    const outcomes = await Promise.allSettled(
      [40, 41, 42].map((k) =>
        driver.atomic([
          (db) => db.execute(sql`insert into pairs values (${k}, 1)`),
          (db) =>
            k === 41
              ? db.execute(sql`insert into pairs values (${k}, ${"not a number"}::int)`)
              : db.execute(sql`insert into pairs values (${k}, 2)`),
        ]),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const failure = await storage
      .run(() => Promise.reject((outcomes[1] as PromiseRejectedResult).reason))
      .catch((e) => e);
    expect(failure).toBeInstanceOf(StorageError);
    expect((failure as StorageError).code).toBe("INVALID_INPUT");
    expect([await count(40), await count(41), await count(42)]).toEqual([2, 0, 2]);
  });

  it("holds the session for an interactive transaction: other statements wait until it commits", async () => {
    const events: string[] = [];
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const transaction = driver.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pairs values (50, 1)`);
      entered();
      await finished;
      await tx.execute(sql`insert into pairs values (50, 2)`);
      events.push("transaction");
    });
    await inside;
    const read = count(50).then((n) => {
      events.push("read");
      return n;
    });
    const unit = driver
      .atomic([(db) => db.execute(sql`insert into pairs values (51, 1)`)])
      .then(() => events.push("unit"));
    // Both are sent and waiting; a session that let them through would answer them now.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([]);
    finish();
    await Promise.all([transaction, unit]);
    expect(await read).toBe(2);
    expect(events[0]).toBe("transaction");
  });

  it("rolls an interactive transaction back when it throws; a read waiting on it sees nothing of it", async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const transaction = driver.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pairs values (60, 1)`);
      entered();
      await finished;
      throw new Error("changed my mind");
    });
    await inside;
    const read = count(60);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    finish();
    await expect(transaction).rejects.toThrow("changed my mind");
    expect(await read).toBe(0);
  });
  it("runs a nested transaction as a savepoint: its failure undoes only itself", async () => {
    await driver.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pairs values (70, 1)`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into pairs values (70, 2)`);
          throw new Error("inner changed its mind");
        }),
      ).rejects.toThrow("inner changed its mind");
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into pairs values (70, 3)`);
        await inner.transaction(async (innermost) => {
          await innermost.execute(sql`insert into pairs values (70, 4)`);
        });
      });
    });
    const parts = await driver.db.execute(sql`select part from pairs where k = 70 order by part`);
    expect((parts as unknown as { rows: { part: number }[] }).rows.map((r) => r.part)).toEqual([
      1, 3, 4,
    ]);
  });

  it("applies a transaction's isolation options", async () => {
    const level = await driver.db.transaction(
      async (tx) => {
        const result = await tx.execute(sql`show transaction_isolation`);
        return (result as unknown as { rows: { transaction_isolation: string }[] }).rows[0]
          ?.transaction_isolation;
      },
      { isolationLevel: "serializable" },
    );
    expect(level).toBe("serializable");
  });
});
