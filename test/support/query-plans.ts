// The plans Postgres picks for the storage's own queries: a PGlite client that records each
// statement the storage sends (text and parameters), and EXPLAIN of a recorded statement as
// a flat list of plan nodes, so a test can assert "an index range scan of this index, no Sort".
import type { PGlite } from "@electric-sql/pglite";

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface PlanNode {
  type: string;
  index?: string;
  relation?: string;
  /** An INSERT ... ON CONFLICT's unique indexes (the arbiters of the conflict). */
  arbiters?: string[];
  /** How deep in the tree (0: the top). */
  depth: number;
}

export interface RecordingClient {
  client: PGlite;
  /** The statements sent since the last take(), oldest first. */
  take(): Statement[];
}

/**
 * Records what goes through `query`, on the client and inside its transactions (drizzle's
 * pglite driver sends every statement there).
 */
export function recordingClient(db: PGlite): RecordingClient {
  let sent: Statement[] = [];
  const recording = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(inner, key) {
        const value = Reflect.get(inner, key, inner);
        if (typeof value !== "function") return value;
        if (key === "query") {
          return (sql: string, params: unknown[] = [], ...rest: unknown[]) => {
            sent.push({ sql, params });
            return value.call(inner, sql, params, ...rest);
          };
        }
        if (key === "transaction") {
          return (work: (tx: object) => unknown) =>
            value.call(inner, (tx: object) => work(recording(tx)));
        }
        return value.bind(inner);
      },
    });
  const client = recording(db);
  return {
    client,
    take() {
      const taken = sent;
      sent = [];
      return taken;
    },
  };
}

interface RawNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Conflict Arbiter Indexes"?: string[];
  Plans?: RawNode[];
}

/** EXPLAIN (without running it) of `statement`, as nodes in depth-first order. */
export async function plan(db: PGlite, statement: Statement): Promise<PlanNode[]> {
  const result = await db.query<{ "QUERY PLAN": [{ Plan: RawNode }] }>(
    `explain (format json) ${statement.sql}`,
    statement.params,
  );
  const nodes: PlanNode[] = [];
  const walk = (node: RawNode, depth: number) => {
    nodes.push({
      type: node["Node Type"],
      ...(node["Index Name"] ? { index: node["Index Name"] } : {}),
      ...(node["Relation Name"] ? { relation: node["Relation Name"] } : {}),
      ...(node["Conflict Arbiter Indexes"] ? { arbiters: node["Conflict Arbiter Indexes"] } : {}),
      depth,
    });
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  const top = result.rows[0]?.["QUERY PLAN"][0]?.Plan;
  if (top) walk(top, 0);
  return nodes;
}

/** One line per node, indented: what a failing assertion shows. */
export function describePlan(nodes: PlanNode[]): string {
  return nodes
    .map((n) => {
      const using = n.index ? ` using ${n.index}` : "";
      const on = n.relation ? ` on ${n.relation}` : "";
      const arbiters = n.arbiters ? ` (conflict arbiter ${n.arbiters.join(", ")})` : "";
      return `${"  ".repeat(n.depth)}${n.type}${using}${on}${arbiters}`;
    })
    .join("\n");
}
