// The worker thread that runs PGlite for the Node server (pglite-thread.ts starts it; the
// messages are pglite-protocol.ts's). SQL executes here, so the server's own thread keeps
// reading requests, serialising JSON and running turns while a statement runs. PGlite is one
// session: requests are answered one at a time, in the order they came, and a batch marked as
// a transaction runs whole inside PGlite's transaction, nothing else between its statements.
// Plain JavaScript, so the same file runs from the sources and from dist/ without a loader.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { preparedClient } from "./pglite-prepared.mjs";

/** drizzle maps dates and intervals from their text, as drizzle-orm/pglite asks PGlite to. */
const asText = (/** @type {string} */ value) => value;
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};
const OPTIONS = {
  all: { rowMode: /** @type {const} */ ("array"), parsers },
  execute: { rowMode: /** @type {const} */ ("object"), parsers },
};

/** An error as plain data: its message and its string fields (SQLSTATE `code`, `detail`, ...). */
function toWireError(/** @type {unknown} */ error) {
  /** @type {Record<string, string>} */
  const fields = {};
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === "string" && key !== "message" && key !== "stack") fields[key] = value;
    }
  }
  return { message: error instanceof Error ? error.message : String(error), fields };
}

/**
 * Rows as arrays for drizzle to map (`all`), or PGlite's whole result (`execute`); `db` is
 * PGlite or its transaction, hot statements prepared (pglite-prepared.mjs).
 */
async function run(db, query) {
  const result = await db.query(query.sql, query.params, OPTIONS[query.method]);
  return query.method === "all" ? result.rows : result;
}

/** Every statement's result in order; a failure carries the index of its statement. */
async function runAll(db, queries) {
  const results = [];
  for (const [index, query] of queries.entries()) {
    try {
      results.push(await run(db, query));
    } catch (error) {
      throw { index, error };
    }
  }
  return results;
}

const reply = (message) => parentPort?.postMessage(message);

async function answer(pg, message) {
  try {
    if (message.kind === "close") {
      await pg.close();
      reply({ id: message.id, ok: true, results: [] });
      parentPort?.close();
      return;
    }
    if (message.kind === "exec") {
      await pg.exec(message.sql);
      reply({ id: message.id, ok: true, results: [] });
      return;
    }
    const results = message.transaction
      ? await prepared.transaction((tx) => runAll(tx, message.queries))
      : await runAll(prepared, message.queries);
    reply({ id: message.id, ok: true, results });
  } catch (caught) {
    const index = typeof caught?.index === "number" ? caught.index : undefined;
    const error = index === undefined ? caught : caught.error;
    reply({ id: message.id, ok: false, error: toWireError(error), index });
  }
}

let pg;
try {
  pg = await PGlite.create({
    dataDir: workerData.dataDir,
    extensions: { vector },
    ...(workerData.seed ? { loadDataDir: new Blob([workerData.seed]) } : {}),
  });
} catch (error) {
  reply({ kind: "failed", error: toWireError(error) });
  parentPort?.close();
}
const prepared = pg && preparedClient(pg);
if (pg) {
  let queue = Promise.resolve();
  parentPort?.on("message", (message) => {
    queue = queue.then(() => answer(pg, message));
  });
  reply({ kind: "ready" });
}
