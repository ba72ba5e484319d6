// The Worker that owns `env.DB` for Node tests: it runs each statement or batch that
// test/support/d1-over-fetch.ts sends it as JSON, on the real D1 binding inside workerd, and
// answers the result (or the error's name, message and causes) as JSON. Plain JavaScript,
// because Miniflare runs it as given.

/** Host the bridge is routed on; `dispatchFetch` to any other host reaches the app Worker. */
export const D1_BRIDGE_HOST = "d1-bridge.test";

// JSON has no NaN/Infinity and no bytes: both directions tag them (see d1-over-fetch.ts).
export const D1_BRIDGE_WORKER = /* js */ `
const replace = (_key, value) =>
  typeof value === "number" && !Number.isFinite(value) ? { $number: String(value) }
  : value instanceof ArrayBuffer ? { $bytes: Array.from(new Uint8Array(value)) }
  : value;
const revive = (_key, value) =>
  value !== null && typeof value === "object" && typeof value.$number === "string"
    ? Number(value.$number) : value;
const describe = (error, depth = 0) =>
  error instanceof Error && depth < 5
    ? { name: error.name, message: error.message, cause: describe(error.cause, depth + 1) }
    : error === undefined ? undefined : { name: "Error", message: String(error) };

export default {
  async fetch(request, env) {
    const call = JSON.parse(await request.text(), revive);
    const statement = (s) => env.DB.prepare(s.sql).bind(...s.params);
    let reply;
    try {
      let value;
      if (call.op === "batch") value = await env.DB.batch(call.statements.map(statement));
      else if (call.op === "exec") value = await env.DB.exec(call.sql);
      else if (call.op === "first" && call.column !== undefined)
        value = await statement(call.statement).first(call.column);
      else if (call.op === "raw") value = await statement(call.statement).raw(call.options);
      else if (["first", "all", "run"].includes(call.op)) value = await statement(call.statement)[call.op]();
      else throw new Error("d1 bridge: unknown op " + call.op);
      reply = { ok: true, value };
    } catch (error) {
      reply = { ok: false, error: describe(error) };
    }
    return new Response(JSON.stringify(reply, replace), {
      headers: { "content-type": "application/json" },
    });
  },
};
`;
