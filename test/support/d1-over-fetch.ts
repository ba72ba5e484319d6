// A D1Database for Node tests whose every query is one asynchronous request to the bridge
// Worker (d1-bridge-worker.ts), which runs it on the real D1 binding in workerd. Why not
// Miniflare's own `getD1Database()` proxy: see the comment in miniflare-d1.ts.
import type {
  D1Database,
  D1ExecResult,
  D1PreparedStatement,
  D1Result,
} from "@cloudflare/workers-types";

type Dispatch = (url: string, init: RequestInit) => Promise<Response>;
type Call =
  | { op: "first" | "all" | "run"; statement: Statement; column?: string }
  | { op: "raw"; statement: Statement; options?: { columnNames?: boolean } }
  | { op: "batch"; statements: Statement[] }
  | { op: "exec"; sql: string };
interface Statement {
  sql: string;
  params: unknown[];
}
interface DescribedError {
  name: string;
  message: string;
  cause?: DescribedError;
}

/** `dispatch` sends a request into workerd (Miniflare's `dispatchFetch`); `url` reaches the bridge. */
export function d1OverFetch(dispatch: Dispatch, url: string): D1Database {
  const send = async (call: Call): Promise<unknown> => {
    const response = await dispatch(url, { method: "POST", body: JSON.stringify(call, replace) });
    const text = await response.text();
    if (!response.ok) throw new Error(`d1 bridge answered ${response.status}: ${text}`);
    const reply = JSON.parse(text, revive) as
      | { ok: true; value: unknown }
      | { ok: false; error: DescribedError };
    if (!reply.ok) throw toError(reply.error);
    return reply.value;
  };

  const statement = (sql: string, params: unknown[]): D1PreparedStatement => {
    const self = { sql, params };
    const prepared = {
      [STATEMENT]: self,
      bind: (...values: unknown[]) => statement(sql, values.map(bindValue)),
      first: (column?: string) => send({ op: "first", statement: self, column }),
      all: () => send({ op: "all", statement: self }),
      run: () => send({ op: "run", statement: self }),
      raw: (options?: { columnNames?: boolean }) => send({ op: "raw", statement: self, options }),
    };
    return prepared as unknown as D1PreparedStatement;
  };

  const db = {
    prepare: (sql: string) => statement(sql, []),
    batch: (statements: D1PreparedStatement[]) =>
      send({ op: "batch", statements: statements.map(unwrap) }) as Promise<D1Result[]>,
    exec: (sql: string) => send({ op: "exec", sql }) as Promise<D1ExecResult>,
    withSession: () => {
      throw new Error("d1OverFetch: withSession is not bridged (the adapter does not use it)");
    },
    dump: () => Promise.reject(new Error("d1OverFetch: dump is not bridged")),
  };
  return db as unknown as D1Database;
}

const STATEMENT = Symbol("d1OverFetch statement");

function unwrap(prepared: D1PreparedStatement): Statement {
  const self = (prepared as unknown as { [STATEMENT]?: Statement })[STATEMENT];
  if (!self) throw new TypeError("D1 batch: a statement from another database");
  return self;
}

/**
 * workerd's `D1PreparedStatement#bind` rules, applied here too so that a bad value throws
 * synchronously at `bind()` as in production; the bridge binds the result again for real.
 */
function bindValue(value: unknown): unknown {
  const type = typeof value;
  if (type === "number" || type === "string") return value;
  if (type === "boolean") return value ? 1 : 0;
  if (type === "object") {
    if (value == null) return value;
    if (Array.isArray(value) && value.every((b) => typeof b === "number" && b >= 0 && b < 256)) {
      return value;
    }
    if (value instanceof ArrayBuffer) return Array.from(new Uint8Array(value));
    if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>);
  }
  throw new Error(`D1_TYPE_ERROR: Type '${type}' not supported for value '${String(value)}'`, {
    cause: new Error(`Type '${type}' not supported for value '${String(value)}'`),
  });
}

function toError(described: DescribedError): Error {
  const cause = described.cause ? toError(described.cause) : undefined;
  const error = new Error(described.message, cause ? { cause } : undefined);
  error.name = described.name;
  return error;
}

// JSON has no NaN/Infinity and no bytes; the bridge Worker uses the same tags.
function replace(_key: string, value: unknown): unknown {
  return typeof value === "number" && !Number.isFinite(value) ? { $number: String(value) } : value;
}

function revive(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const tagged = value as { $number?: unknown; $bytes?: unknown };
  if (typeof tagged.$number === "string") return Number(tagged.$number);
  if (Array.isArray(tagged.$bytes)) return new Uint8Array(tagged.$bytes).buffer;
  return value;
}
