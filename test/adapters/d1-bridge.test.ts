// The D1 that the Node tests use (test/support/d1-over-fetch.ts through the bridge Worker)
// must behave as workerd's own binding does, or the D1 suites would test something else:
// each case runs the same statements inside a Worker on `env.DB` and through the bridge.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type MiniflareD1, startMiniflareD1 } from "../support/miniflare-d1.ts";

// Runs `CASES[name]` on the Worker's own binding; the Node side runs the same code on d1.db.
const CASES = {
  values: async (db: D1Like) => {
    await db
      .prepare("INSERT INTO t (id, s, r, b) VALUES (?, ?, ?, ?), (?, ?, ?, ?)")
      .bind(1, "nul\u0000 lone\ud800 é", 1.5e300, new Uint8Array([0, 1, 255]), 2, null, true, [7])
      .run();
    const all = await db.prepare("SELECT * FROM t ORDER BY id").all();
    const raw = await db.prepare("SELECT id, s FROM t ORDER BY id").raw({ columnNames: true });
    const first = await db.prepare("SELECT s FROM t WHERE id = ?").bind(2).first("s");
    const none = await db.prepare("SELECT s FROM t WHERE id = ?").bind(3).first();
    return { rows: all.results, raw, first, none, changes: all.meta.changes };
  },
  errors: async (db: D1Like) => {
    // Whether it throws at the call (sync) or rejects, and with which messages.
    const caught = async (run: () => unknown) => {
      const describe = (error: unknown, sync: boolean) => {
        const e = error as Error & { cause?: Error };
        return { sync, message: e.message, cause: e.cause?.message };
      };
      let pending: unknown;
      try {
        pending = run();
      } catch (error) {
        return describe(error, true);
      }
      try {
        await pending;
        return "no error";
      } catch (error) {
        return describe(error, false);
      }
    };
    return {
      undefinedValue: await caught(() => db.prepare("SELECT ?").bind(undefined)),
      objectValue: await caught(() => db.prepare("SELECT ?").bind({ a: 1 })),
      conflict: await caught(() =>
        db.batch([
          db.prepare("INSERT INTO t (id) VALUES (10)"),
          db.prepare("INSERT INTO t (id) VALUES (10)"),
        ]),
      ),
      rolledBack: (await db.prepare("SELECT count(*) AS n FROM t").first("n")) as number,
      missingColumn: await caught(() => db.prepare("SELECT 1 AS a").first("b")),
      badSql: await caught(() => db.prepare("SELEKT 1").all()),
    };
  },
};

type D1Like = {
  prepare(sql: string): {
    bind(...values: unknown[]): ReturnType<D1Like["prepare"]>;
    all(): Promise<{ results: unknown[]; meta: { changes: number } }>;
    run(): Promise<unknown>;
    raw(options: { columnNames: true }): Promise<unknown[]>;
    first(column?: string): Promise<unknown>;
  };
  batch(statements: unknown[]): Promise<unknown>;
};

const WORKER = `
const CASES = { ${Object.entries(CASES)
  .map(([name, fn]) => `${name}: ${fn.toString()}`)
  .join(",\n")} };
export default {
  async fetch(request, env) {
    const name = new URL(request.url).pathname.slice(1);
    return new Response(JSON.stringify(await CASES[name](env.DB)));
  },
};`;

let d1: MiniflareD1;
beforeAll(async () => {
  d1 = await startMiniflareD1({ script: WORKER });
});
afterAll(async () => {
  await d1?.dispose();
});
beforeEach(async () => {
  await d1.db.exec("DROP TABLE IF EXISTS t");
  await d1.db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT, r REAL, b BLOB)");
});

describe("the bridged D1 binding", () => {
  for (const name of Object.keys(CASES) as (keyof typeof CASES)[]) {
    it(`${name}: answers as workerd's binding does`, async () => {
      const inWorker = await (await d1.fetch(`http://app.test/${name}`)).text();
      await d1.db.exec("DELETE FROM t");
      const bridged = JSON.stringify(await CASES[name](d1.db as unknown as D1Like));
      expect(JSON.parse(bridged)).toEqual(JSON.parse(inWorker));
    });
  }

  it("keeps each of many concurrent queries' own answer", async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => d1.db.prepare("SELECT ? AS i").bind(i).first("i")),
    );
    expect(answers).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });
});
