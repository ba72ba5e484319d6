// PGlite's hot statements kept prepared (adapters/postgres/pglite-prepared.mjs): the same
// answers as PGlite's query(), one call into PGlite per run once a text is hot, and the
// session's transactions, errors and schema changes handled as query() handles them.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedClient } from "../../adapters/postgres/pglite-prepared.mjs";

let pg: PGlite;
let calls: Record<string, number>;

beforeAll(async () => {
  pg = await PGlite.create({ extensions: { vector } });
  await pg.exec(`
    create extension if not exists vector;
    create table t (id int primary key, body jsonb, tags text[], at timestamptz, v vector(3), note text);
  `);
  calls = { query: 0, execProtocol: 0 };
  for (const name of ["query", "execProtocol"] as const) {
    const real = pg[name].bind(pg) as (...args: unknown[]) => unknown;
    (pg as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls[name] = (calls[name] ?? 0) + 1;
      return real(...args);
    };
  }
}, 60_000);

afterAll(async () => {
  await pg.close();
});

const insert = "insert into t (id, body, tags, at, v, note) values ($1, $2, $3, $4, $5, $6)";
const select = "select id, body, tags, at, v, note from t where id >= $1 order by id";

describe("PGlite statements kept prepared", () => {
  it("answers what query() answers, in both row modes", async () => {
    const client = preparedClient(pg);
    const row = (id: number) => [
      id,
      { a: [1, "x"] },
      ["a", 'b"c', "d,e"],
      new Date(0),
      "[1,2,3]",
      null,
    ];
    for (let id = 1; id <= 3; id++) await client.query(insert, row(id));
    for (const rowMode of ["array", "object"] as const) {
      const expected = await pg.query(select, [1], { rowMode });
      for (let run = 0; run < 3; run++) {
        const answered = await client.query(select, [1], { rowMode });
        expect(answered.rows).toEqual(expected.rows);
        expect(answered.fields).toEqual(expected.fields);
      }
    }
  });

  it("runs a hot statement in one call into PGlite", async () => {
    const client = preparedClient(pg);
    await client.query(select, [2]);
    await client.query(select, [2]);
    const before = { ...calls };
    await client.query(select, [2]);
    expect(calls.query).toBe(before.query);
    expect(calls.execProtocol).toBe((before.execProtocol ?? 0) + 1);
  });

  it("keeps names apart when one session is wrapped twice (a recording proxy and PGlite)", async () => {
    const wrapped = new Proxy(pg, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const clients = [preparedClient(pg), preparedClient(wrapped)];
    const text = "select id from t where id = $1";
    for (let run = 0; run < 3; run++) {
      for (const client of clients) expect((await client.query(text, [1])).rows).toHaveLength(1);
    }
  });

  it("keeps a transaction's statements in it: a rollback undoes them", async () => {
    const client = preparedClient(pg);
    const count = "select count(*)::int as n from t where note = $1";
    await expect(
      client.transaction(async (tx) => {
        for (let id = 10; id < 13; id++) {
          await tx.query(insert, [id, {}, [], new Date(), null, "rolled back"]);
        }
        expect((await tx.query<{ n: number }>(count, ["rolled back"])).rows[0]?.n).toBe(3);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect((await client.query<{ n: number }>(count, ["rolled back"])).rows[0]?.n).toBe(0);
  });

  it("fails a statement with Postgres's error and keeps the session usable", async () => {
    const client = preparedClient(pg);
    const row = [1, {}, [], new Date(), null, "duplicate"];
    await expect(client.query(insert, row)).rejects.toMatchObject({ code: "23505" });
    await expect(client.query(insert, row)).rejects.toMatchObject({ code: "23505" });
    expect((await client.query(select, [3])).rows).toHaveLength(1);
  });

  it("parses a statement again when the rows it answers change shape", async () => {
    const client = preparedClient(pg);
    const star = "select * from t where id = $1";
    await client.query(star, [1]);
    await client.query(star, [1]);
    await pg.exec("alter table t add column extra text default 'new'");
    const [row] = (await client.query<{ extra: string }>(star, [1])).rows;
    expect(row?.extra).toBe("new");
  });
});
