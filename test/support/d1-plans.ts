// Query plans of what the D1 storage really sends: a D1 binding that records every statement
// (alone or in a batch) with its bound values, and EXPLAIN QUERY PLAN of a recorded statement
// run against the same database, so a test asserts the plan of the SQL the code builds rather
// than of a hand-written copy.
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";

export interface RecordedStatement {
  sql: string;
  params: unknown[];
}

export interface RecordingD1 {
  db: D1Database;
  /** Statements sent since the last take(), in order; take() clears the record. */
  take(): RecordedStatement[];
}

export function recordingD1(real: D1Database): RecordingD1 {
  let recorded: RecordedStatement[] = [];
  const original = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string, params: unknown[]) => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "bind") {
          return (...values: unknown[]) => wrap(value.apply(target, values), sql, values);
        }
        if (key === "run" || key === "all" || key === "first" || key === "raw") {
          return (...args: unknown[]) => {
            recorded.push({ sql, params });
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    original.set(proxy, statement);
    PARTS.set(proxy, { sql, params });
    return proxy;
  };
  const db = new Proxy(real, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "prepare") return (sql: string) => wrap(value.call(target, sql), sql, []);
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          for (const s of statements) recorded.push(PARTS.get(s) ?? { sql: "?", params: [] });
          return value.call(
            target,
            statements.map((s) => original.get(s) ?? s),
          );
        };
      }
      return value.bind(target);
    },
  });
  return {
    db,
    take() {
      const taken = recorded;
      recorded = [];
      return taken;
    },
  };
}

const PARTS = new WeakMap<object, RecordedStatement>();

/** One line of EXPLAIN QUERY PLAN: SCAN, SEARCH ... USING INDEX, USE TEMP B-TREE FOR ... */
export type PlanLine = string;

/** EXPLAIN QUERY PLAN of `statement` on `db`, one detail line per step, in plan order. */
export async function explain(db: D1Database, statement: RecordedStatement): Promise<PlanLine[]> {
  const { results } = await db
    .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/**
 * What is wrong with a plan on a table that grows with traffic: a full SCAN of one of `big`
 * (a covering-index scan included), or a temp B-tree for ORDER BY / GROUP BY / DISTINCT.
 * Empty when every step is a SEARCH on an index (or a constant-size subquery).
 */
export function planProblems(plan: PlanLine[], big: readonly string[]): string[] {
  return plan.filter((line) => {
    const scanned = /^SCAN (\w+)/.exec(line)?.[1];
    if (scanned && big.includes(scanned)) return true;
    return /USE TEMP B-TREE/.test(line);
  });
}

/**
 * Rows D1 read to answer a recorded SELECT (its `meta.rows_read`), by running it again; index
 * entries walked count, so a read that walks past other rooms' rows shows here even when its
 * plan names the right index. Undefined for statements that write.
 */
export async function rowsRead(
  db: D1Database,
  statement: RecordedStatement,
): Promise<number | undefined> {
  if (!/^\s*(select|with)\b/i.test(statement.sql)) return undefined;
  const result = await db
    .prepare(statement.sql)
    .bind(...statement.params)
    .all();
  return result.meta.rows_read;
}
