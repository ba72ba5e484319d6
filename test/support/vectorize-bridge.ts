// A Vectorize binding for Node tests and benches that is workerd's own: each call is one
// asynchronous request to a bridge Worker, which makes it on its `env.VECTORIZE` (the binding
// class workerd ships, configured by Miniflare) and answers the result or the error as JSON.
// Why a bridge rather than Miniflare's getBindings() proxy: see miniflare-d1.ts.
import type { Vectorize } from "@cloudflare/workers-types";

/** Host the bridge is routed on. */
export const VECTORIZE_BRIDGE_HOST = "vectorize-bridge.test";

const OPS = ["describe", "query", "queryById", "insert", "upsert", "getByIds", "deleteByIds"];

export const VECTORIZE_BRIDGE_WORKER = /* js */ `
const OPS = ${JSON.stringify(OPS)};
const describe = (error, depth = 0) =>
  error instanceof Error && depth < 5
    ? { name: error.name, message: error.message, cause: describe(error.cause, depth + 1) }
    : error === undefined ? undefined : { name: "Error", message: String(error) };
export default {
  async fetch(request, env) {
    const { op, args } = await request.json();
    try {
      if (!OPS.includes(op)) throw new Error("vectorize bridge: unknown op " + op);
      const value = await env.VECTORIZE[op](...args);
      return Response.json({ ok: true, value });
    } catch (error) {
      return Response.json({ ok: false, error: describe(error) });
    }
  },
};`;

type Dispatch = (url: string, init: RequestInit) => Promise<Response>;
interface DescribedError {
  name: string;
  message: string;
  cause?: DescribedError;
}

export function vectorizeOverFetch(dispatch: Dispatch, url: string): Vectorize {
  const call = async (op: string, args: unknown[]) => {
    const response = await dispatch(url, { method: "POST", body: JSON.stringify({ op, args }) });
    const reply = (await response.json()) as
      | { ok: true; value: unknown }
      | { ok: false; error: DescribedError };
    if (!reply.ok) throw toError(reply.error);
    return reply.value;
  };
  const plain = (values: ArrayLike<number>) => Array.from(values);
  const binding = {
    describe: () => call("describe", []),
    query: (vector: ArrayLike<number>, options?: unknown) =>
      call("query", options === undefined ? [plain(vector)] : [plain(vector), options]),
    queryById: (id: string, options?: unknown) =>
      call("queryById", options === undefined ? [id] : [id, options]),
    insert: (vectors: { values: ArrayLike<number> }[]) =>
      call("insert", [vectors.map((v) => ({ ...v, values: plain(v.values) }))]),
    upsert: (vectors: { values: ArrayLike<number> }[]) =>
      call("upsert", [vectors.map((v) => ({ ...v, values: plain(v.values) }))]),
    getByIds: (ids: string[]) => call("getByIds", [ids]),
    deleteByIds: (ids: string[]) => call("deleteByIds", [ids]),
  };
  return binding as unknown as Vectorize;
}

function toError(described: DescribedError): Error {
  const cause = described.cause ? toError(described.cause) : undefined;
  const error = new Error(described.message, cause ? { cause } : undefined);
  error.name = described.name;
  return error;
}
