// Which database the Node target uses: Postgres when DATABASE_URL is set, memory when
// ALLOW_NO_DATABASE asks for it, else embedded PGlite on disk so conversations survive restarts.
// A PGlite directory is opened by one process at a time (data-dir-lock.ts). Each driver is
// imported when it is chosen: a PGlite start loads neither pg nor the Neon driver, a memory
// start no database code at all. A new PGlite directory starts from the build's seed.
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { StorageAdapter, UUID } from "../../core/index.ts";
import { envSetting } from "../../core/kernel/index.ts";
import { loadDriver } from "../shared/drivers.ts";
import type { NodeEnv } from "./config.ts";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import { pgliteSeedFor } from "./pglite-seed.ts";

export const DEFAULT_PGLITE_DIR = ".eliza-edge/db";

export interface StorageOptions {
  agentId: UUID;
  cwd?: string;
  /** Who opens it, named to a second opener: "start", "tick", "chat", ... Default "start". */
  command?: string;
}

export interface NodeStorage {
  storage: StorageAdapter;
  /** Held while PGlite is open; storage.close() releases it. */
  lock?: DataDirLock;
}

export async function storageFromEnv(
  env: NodeEnv,
  options: StorageOptions,
): Promise<StorageAdapter> {
  return (await openNodeStorage(env, options)).storage;
}

export async function openNodeStorage(env: NodeEnv, options: StorageOptions): Promise<NodeStorage> {
  const { agentId } = options;
  let storage: StorageAdapter;
  let lock: DataDirLock | undefined;
  const databaseUrl = envSetting(env, "DATABASE_URL");
  if (databaseUrl) {
    checkDatabaseUrl(databaseUrl);
    const { createNodePostgresStorage } = await loadDriver(
      "pg",
      () => import("../../adapters/postgres/node-postgres.ts"),
    );
    storage = createNodePostgresStorage({
      connectionString: databaseUrl,
      agentId,
      ...databaseTimeouts(env),
    });
  } else if (env.ALLOW_NO_DATABASE === "true") {
    const { createMemoryStorage } = await import("../../adapters/memory/index.ts");
    storage = createMemoryStorage({ agentId });
  } else {
    const dataDir = pgliteDir(env, options.cwd);
    lock = lockDataDir(dataDir, options.command ?? "start");
    try {
      const loadDataDir = await pgliteSeedFor(dataDir);
      storage = await openPglite(env, { dataDir, agentId, loadDataDir });
    } catch (error) {
      lock.release();
      throw error;
    }
    const close = storage.close.bind(storage);
    const held = lock;
    storage.close = async () => {
      try {
        await close();
      } finally {
        held.release();
      }
    };
  }
  // Creates tables or applies migrations; idempotent, so every start runs it.
  try {
    await storage.init();
  } catch (error) {
    await storage.close().catch(() => {});
    throw error;
  }
  return { storage, lock };
}

/**
 * PGlite in a worker thread (PGLITE_WORKER, default true), so SQL runs beside the server's
 * thread instead of on it; `false` opens it in this thread as library users do. A missing
 * PGlite package is named either way (the worker's import error comes back with its code).
 */
async function openPglite(
  env: NodeEnv,
  options: { dataDir: string; agentId: UUID; loadDataDir?: Blob },
): Promise<StorageAdapter> {
  if (pgliteInWorker(env)) {
    return loadDriver("pglite", async () => {
      const { createPgliteWorkerStorage } = await import(
        "../../adapters/postgres/pglite-worker-driver.ts"
      );
      return createPgliteWorkerStorage({
        ...options,
        queryTimeoutMs: databaseTimeouts(env).queryTimeoutMs,
      });
    });
  }
  const { createPgliteStorage } = await loadDriver(
    "pglite",
    () => import("../../adapters/postgres/pglite.ts"),
  );
  return createPgliteStorage(options);
}

/** PGLITE_WORKER: true (the default) or false. */
export function pgliteInWorker(env: NodeEnv): boolean {
  const raw = env.PGLITE_WORKER?.trim().toLowerCase();
  if (raw === undefined || raw === "" || raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new Error(`PGLITE_WORKER must be true or false, got "${env.PGLITE_WORKER}"`);
}

/** The PGlite directory the env names, resolved against cwd. */
export function pgliteDir(env: NodeEnv, cwd = process.cwd()): string {
  return resolve(cwd, envSetting(env, "PGLITE_DIR") ?? DEFAULT_PGLITE_DIR);
}

/**
 * Creates the directory if needed and takes its lock; a directory that cannot be created or
 * written fails here with one line naming PGLITE_DIR, before PGlite (which would hang) sees it.
 */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  makeDir(dataDir);
  try {
    accessSync(dataDir, constants.W_OK);
    return acquireDataDirLock(dataDir, command);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!code) throw error;
    throw new Error(`PGLITE_DIR ${dataDir} is not writable (${code})`);
  }
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir loops forever where a parent refuses
 * new entries without saying EACCES (PGLITE_DIR=/proc/nope).
 */
function makeDir(dir: string, named = dir): void {
  let code: string | undefined;
  try {
    if (statSync(dir).isDirectory()) return;
    code = "ENOTDIR";
  } catch (error) {
    code = (error as NodeJS.ErrnoException).code;
  }
  if (code !== "ENOENT")
    throw new Error(`PGLITE_DIR ${named} cannot be created (${code} at ${dir})`);
  const parent = dirname(dir);
  if (parent !== dir) makeDir(parent, named);
  try {
    mkdirSync(dir);
  } catch (error) {
    const failed = (error as NodeJS.ErrnoException).code;
    if (failed !== "EEXIST") {
      throw new Error(`PGLITE_DIR ${named} cannot be created (${failed} at ${dir})`);
    }
  }
}

/** `notaurl` reaches pg as a host name ("ENOTFOUND base"); say what is wrong instead. */
export function checkDatabaseUrl(url: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {
    // Not a URL at all.
  }
  if (protocol !== "postgres:" && protocol !== "postgresql:") {
    throw new Error(
      "DATABASE_URL is not a postgres:// URL (expected postgres://user:password@host:5432/database)",
    );
  }
}

/** DATABASE_CONNECT_TIMEOUT_MS and DATABASE_QUERY_TIMEOUT_MS; unset ones are the defaults. */
export function databaseTimeouts(env: NodeEnv): {
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
} {
  return {
    connectTimeoutMs: timeoutSetting(env, "DATABASE_CONNECT_TIMEOUT_MS"),
    queryTimeoutMs: timeoutSetting(env, "DATABASE_QUERY_TIMEOUT_MS"),
  };
}

/** A positive whole number of ms, or undefined for the adapter's default. */
function timeoutSetting(
  env: NodeEnv,
  name: "DATABASE_CONNECT_TIMEOUT_MS" | "DATABASE_QUERY_TIMEOUT_MS",
): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number of milliseconds, got "${raw}"`);
  }
  return value;
}
