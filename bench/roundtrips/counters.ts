// Counting storage round trips at the wire, per backend: what one message costs in network
// calls to the database, the figure that matters at the edge.
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";

export interface Counter {
  count: number;
}

/**
 * Wraps a D1 binding so each call that reaches the database counts once: a statement's
 * run/all/first/raw, a batch, an exec. Statements are unwrapped before a batch, which needs
 * the binding's own objects.
 */
export function countingD1(db: D1Database, counter: Counter): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "bind") {
          return (...args: unknown[]) => wrapStatement(value.apply(target, args));
        }
        if (key === "run" || key === "all" || key === "first" || key === "raw") {
          return (...args: unknown[]) => {
            counter.count++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "prepare") return (sql: string) => wrapStatement(value.call(target, sql));
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          counter.count++;
          return value.call(
            target,
            statements.map((s) => real.get(s) ?? s),
          );
        };
      }
      if (key === "exec") {
        return (sql: string) => {
          counter.count++;
          return value.call(target, sql);
        };
      }
      return value.bind(target);
    },
  });
}

/** Counts adapter method calls: the round trips of a backend whose every method is one call. */
export function countingMethods<T extends object>(target: T, counter: Counter): T {
  return new Proxy(target, {
    get(t, key) {
      const value = Reflect.get(t, key, t);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        counter.count++;
        return value.apply(t, args);
      };
    },
  });
}

/**
 * Counts PGlite's calls as round trips: a statement (query, exec, or a prepared statement's
 * run, which takes PGlite's transaction lock as query does) or a whole transaction, whose
 * statements count with it. PGlite's own calls inside these go to the real object, uncounted.
 */
export function countingPglite<T extends object>(target: T, counter: Counter): T {
  const counted = new Set(["query", "exec", "transaction", "_runExclusiveTransaction"]);
  return new Proxy(target, {
    get(t, key) {
      const value = Reflect.get(t, key, t);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (counted.has(String(key))) counter.count++;
        return value.apply(t, args);
      };
    },
  });
}

/**
 * Counts the round trips of a DynamoDB client, and its requests. The adapter sends independent
 * requests side by side (a batch's write with its reads), so a round trip is a step of the
 * longest chain: a request is one step after the deepest request that had finished when it
 * started. `counter.count` is the chain's length so far; `requests.count` every HTTP request,
 * SDK retries included (a middleware at the deserialize step runs once per attempt).
 */
export function countingDynamo(
  client: DynamoDBClient,
  counter: Counter,
  requests: Counter = { count: 0 },
): DynamoDBClient {
  client.middlewareStack.add(
    (next) => async (args) => {
      requests.count++;
      const depth = counter.count + 1;
      try {
        return await next(args);
      } finally {
        finishedDepth = Math.max(finishedDepth, depth);
        counter.count = finishedDepth;
      }
    },
    { step: "deserialize", name: "countRoundTrips" },
  );
  let finishedDepth = counter.count;
  return client;
}
