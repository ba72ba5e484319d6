// A real D1 (workerd's, through Miniflare 4) for Node tests, with the adapter's migrations
// applied the way `wrangler d1 migrations apply` applies them: every .sql file in
// adapters/d1/migrations in name order, each as one batch, recorded in `d1_migrations`.
//
// Why `db` is not Miniflare's `getD1Database()`: that proxy makes its synchronous calls
// (`prepare`, `bind`, every first property read and first call of a method) through
// Miniflare's SynchronousFetcher, a worker thread that answers by `postMessage` and then
// `Atomics.store` + `Atomics.notify`. If that thread is preempted between its store and its
// notify, the caller has already read reply k (its wait saw the flag and returned), posts
// request k+1, and the late notify of k wakes it before reply k+1 exists:
// `assert(message?.id === id)` fails and the proxy stays out of step for the rest of the
// instance. A busy CI machine does exactly that (cloudflare/workers-sdk#15552 fixes it in
// Miniflare releases that need Node 22; we pin Miniflare 4.20260426 for Node 20). Retrying
// would only hide it. So the database is owned by a small bridge Worker in the same workerd
// (d1-bridge-worker.ts, bound to the same D1 database as the app Worker) and `db` sends it
// each statement or batch as one asynchronous `dispatchFetch` (d1-over-fetch.ts): nothing
// blocks, there is no message id to lose, and every query still runs in workerd's D1.
// Running the suites inside workerd (@cloudflare/vitest-pool-workers 0.23, peer vitest ^4.1)
// was the alternative; it is deprecated, pulls a Miniflare 5 alpha and its own wrangler next
// to our pins, and cannot host the PGlite and esbuild parts these files share with D1 cases.
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { D1Database, Vectorize } from "@cloudflare/workers-types";
import {
  Miniflare,
  type MiniflareOptions,
  type SharedOptions,
  type WorkerOptions,
} from "miniflare";
import { bundleForWorkers } from "./bundle-check.ts";
import { D1_BRIDGE_HOST, D1_BRIDGE_WORKER } from "./d1-bridge-worker.ts";
import { d1OverFetch } from "./d1-over-fetch.ts";
import {
  VECTORIZE_BRIDGE_HOST,
  VECTORIZE_BRIDGE_WORKER,
  vectorizeOverFetch,
} from "./vectorize-bridge.ts";

export const D1_MIGRATIONS_DIR = fileURLToPath(
  new URL("../../adapters/d1/migrations/", import.meta.url),
);

export interface MiniflareD1 {
  db: D1Database;
  /** workerd's Vectorize binding (`env.VECTORIZE`), when started with a `vectorize` URL. */
  vectorize?: Vectorize;
  /** A request to the Worker (the `script` given, else one answering 404), run in workerd. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Deletes every row of every migrated table, keeping the schema (fast per-test reset). */
  reset(): Promise<void>;
  dispose(): Promise<void>;
}

export interface MiniflareD1Options {
  /** An ES module Worker, already bundled, with the database bound as `env.DB`. */
  script?: string;
  /**
   * A Vectorize service's URL (test/fakes/vectorize/server.ts): the Worker gets workerd's own
   * Vectorize binding as `env.VECTORIZE`, its requests forwarded there by Miniflare's proxy.
   */
  vectorize?: string;
}

export async function startMiniflareD1(options: MiniflareD1Options = {}): Promise<MiniflareD1> {
  const compatibilityDate = "2025-01-01";
  const vectorize = options.vectorize && vectorizeBinding(options.vectorize);
  const mf = new Miniflare({
    workers: [
      {
        name: "app",
        modules: true,
        script:
          options.script ??
          "export default { fetch() { return new Response(null, { status: 404 }); } };",
        compatibilityDate,
        d1Databases: { DB: "DB" },
        ...(vectorize ? { vectorize } : {}),
      },
      d1BridgeWorker("DB", compatibilityDate),
      ...(vectorize
        ? [
            {
              name: "vectorize-bridge",
              modules: true,
              script: VECTORIZE_BRIDGE_WORKER,
              compatibilityDate,
              vectorize,
              routes: [`${VECTORIZE_BRIDGE_HOST}/*`],
            },
          ]
        : []),
    ],
  });
  try {
    const db = d1Of(mf);
    await applyD1Migrations(db);
    const tables = await userTables(db);
    const dispatch = (url: string, init: RequestInit) =>
      mf.dispatchFetch(url, init as never) as unknown as Promise<Response>;
    return {
      db,
      ...(vectorize
        ? { vectorize: vectorizeOverFetch(dispatch, `http://${VECTORIZE_BRIDGE_HOST}/`) }
        : {}),
      async reset() {
        await db.batch(tables.map((table) => db.prepare(`DELETE FROM "${table}"`)));
      },
      fetch: async (url, init) => {
        // Miniflare's fetch types come from its bundled undici; the shapes are the same.
        const response = await mf.dispatchFetch(url, init as never);
        return response as unknown as Response;
      },
      dispose: () => mf.dispose(),
    };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

/** What wrangler.toml at the project's root tells workerd: the date and flags a deploy uses. */
export async function wranglerCompatibility(): Promise<{
  compatibilityDate: string;
  compatibilityFlags: string[];
}> {
  const toml = await readFile(new URL("../../wrangler.toml", import.meta.url), "utf8");
  const date = /^compatibility_date = "([\d-]+)"$/m.exec(toml)?.[1];
  if (!date) throw new Error("wrangler.toml has no compatibility_date");
  const flags = /^compatibility_flags = \[(.*)\]$/m.exec(toml)?.[1] ?? "";
  return {
    compatibilityDate: date,
    compatibilityFlags: [...flags.matchAll(/"([^"]+)"/g)].map((match) => match[1]!),
  };
}

export interface D1WorkerOptions {
  /** The Worker, an ES module already bundled; the database is its `env.DB`. */
  script: string;
  compatibilityDate: string;
  bindings?: Record<string, string>;
  /** The Worker's other options (its name, default "worker"; flags, routes, Vectorize). */
  worker?: Omit<WorkerOptions, "script" | "modules" | "compatibilityDate" | "bindings">;
  /** Miniflare's own options (host and port, trigger handlers, persistence). */
  shared?: SharedOptions;
  /** A Worker in front of it, the one `dispatchFetch` reaches (with a service binding to it). */
  front?: WorkerOptions;
}

/** Miniflare's options for a Worker with a D1 database and the bridge that reaches it. */
export function d1WorkerOptions(options: D1WorkerOptions): MiniflareOptions {
  return {
    ...options.shared,
    workers: [
      ...(options.front ? [options.front] : []),
      {
        name: "worker",
        modules: true,
        script: options.script,
        compatibilityDate: options.compatibilityDate,
        d1Databases: ["DB"],
        bindings: options.bindings ?? {},
        ...options.worker,
      },
      d1BridgeWorker("DB", options.compatibilityDate),
    ],
  } as MiniflareOptions;
}

/**
 * A Worker in workerd with a D1 database migrated as `wrangler d1 migrations apply` does
 * (from `migrations`, default the adapter's): the way a deploy meets its database.
 */
export async function startD1Worker(
  options: D1WorkerOptions & { migrations?: string },
): Promise<{ mf: Miniflare; db: D1Database }> {
  const mf = new Miniflare(d1WorkerOptions(options));
  try {
    const db = d1Of(mf);
    await applyD1Migrations(db, options.migrations);
    return { mf, db };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

/**
 * The Worker `wrangler deploy` ships (targets/cloudflare/main.ts, bundled as wrangler does,
 * under wrangler.toml's date and flags) on a migrated D1 database.
 */
export async function startDeployedWorker(
  bindings: Record<string, string>,
  more: Omit<D1WorkerOptions, "script" | "compatibilityDate" | "bindings"> = {},
): Promise<{ mf: Miniflare; db: D1Database }> {
  const [bundle, { compatibilityDate, compatibilityFlags }] = await Promise.all([
    bundleForWorkers(fileURLToPath(new URL("../../targets/cloudflare/main.ts", import.meta.url))),
    wranglerCompatibility(),
  ]);
  return startD1Worker({
    ...more,
    script: bundle.code,
    compatibilityDate,
    bindings,
    worker: { compatibilityFlags, ...more.worker },
  });
}

/**
 * Miniflare's Vectorize binding (workerd's `cloudflare-internal:vectorize-api`, index V2) with
 * its requests sent to `url` rather than to Cloudflare: the remote-bindings proxy Miniflare
 * uses for `wrangler dev --remote` forwards each one as it is.
 */
export function vectorizeBinding(url: string) {
  const remoteProxyConnectionString = new URL(url) as never;
  return { VECTORIZE: { index_name: "memories", remoteProxyConnectionString } };
}

/**
 * The bridge Worker to add to a Miniflare's `workers`, bound to the D1 database `databaseId`
 * (the id the app Worker's `d1Databases` gives, e.g. "DB" for `d1Databases: ["DB"]`).
 */
export function d1BridgeWorker(databaseId: string, compatibilityDate: string): WorkerOptions {
  return {
    name: "d1-bridge",
    modules: true,
    script: D1_BRIDGE_WORKER,
    compatibilityDate,
    d1Databases: { DB: databaseId },
    routes: [`${D1_BRIDGE_HOST}/*`],
  };
}

/** The database of a Miniflare that runs `d1BridgeWorker`, queried without the sync proxy. */
export function d1Of(mf: Miniflare): D1Database {
  return d1OverFetch(
    (url, init) => mf.dispatchFetch(url, init as never) as unknown as Promise<Response>,
    `http://${D1_BRIDGE_HOST}/`,
  );
}

/** Applies pending migrations in order; a file's statements land together or not at all. */
export async function applyD1Migrations(
  db: D1Database,
  dir = D1_MIGRATIONS_DIR,
): Promise<string[]> {
  await db
    .prepare(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)",
    )
    .run();
  const done = new Set(
    (await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map(
      (row) => row.name,
    ),
  );
  const files = (await readdir(dir)).filter((name) => /^\d+_.*\.sql$/.test(name)).sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = await readFile(`${dir}/${name}`, "utf8");
    // drizzle-kit separates statements with this marker; triggers hold `;` inside BEGIN..END,
    // so splitting on `;` would cut them apart.
    const statements = sql
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => statement.replace(/^--.*$/gm, "").trim() !== "");
    await db.batch([
      ...statements.map((statement) => db.prepare(statement)),
      db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name),
    ]);
    applied.push(name);
  }
  return applied;
}

async function userTables(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT GLOB '_cf_*' AND name <> 'd1_migrations'",
    )
    .all<{ name: string }>();
  return results.map((row) => row.name);
}
