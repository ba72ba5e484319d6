// Embedded PostgreSQL (PGlite, wasm) with pgvector: the Node target's default store.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { type Db, type PostgresDriver, transactionalDriver } from "./driver.ts";
import { searchSettingsSql } from "./hnsw.ts";
import { preparedClient } from "./pglite-prepared.mjs";
import { PostgresStorage, type PostgresStorageOptions } from "./storage.ts";

export interface PgliteStorageOptions extends PostgresStorageOptions {
  /** Where the data lives (PGLITE_DIR); in memory when absent. */
  dataDir?: string;
  /** An open PGlite to use instead (it must load the pgvector extension); not closed by close(). */
  client?: PGlite;
  /**
   * A data directory tarball (PGlite's dumpDataDir) to start a new `dataDir` from instead of
   * running initdb: the Node target's build-time seed (targets/node/pglite-seed.ts).
   */
  loadDataDir?: Blob;
}

export function pgliteDriver(client: PGlite, ownsClient: boolean): PostgresDriver {
  // PGlite is one session: the search settings are made once, before the first search.
  let searchReady: Promise<void> | undefined;
  const prepareSearch = () => {
    searchReady ??= client.exec(searchSettingsSql("session")).then(() => {});
    return searchReady;
  };
  const close = async () => {
    if (ownsClient && !client.closed) await client.close();
  };
  // drizzle sees PGlite's query and transaction with the hot statements kept prepared.
  const prepared = preparedClient(client) as unknown as PGlite;
  const db = drizzle({ client: prepared }) as unknown as Db;
  return transactionalDriver("pglite", db, close, prepareSearch);
}

/** Opens PGlite with pgvector (about 4 s cold); run `init()` to apply migrations. */
export async function createPgliteStorage(
  options: PgliteStorageOptions = {},
): Promise<PostgresStorage> {
  const client =
    options.client ??
    (await PGlite.create({
      dataDir: options.dataDir,
      extensions: { vector },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    }));
  return new PostgresStorage(pgliteDriver(client, !options.client), options);
}
