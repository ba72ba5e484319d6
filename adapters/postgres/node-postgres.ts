// Plain PostgreSQL over TCP with `pg` (self-hosted Postgres, CI's PostgreSQL 15). Node only.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { PostgresDriver } from "./driver.ts";
import {
  type PooledStorageOptions,
  type PoolTimeouts,
  pooledDriver,
  poolTimeoutConfig,
  searchSettingsOnConnect,
} from "./pool-guard.ts";
import { PostgresStorage } from "./storage.ts";

export type NodePostgresStorageOptions = PooledStorageOptions;

export function nodePostgresDriver(
  connectionString: string,
  max = 4,
  timeouts: PoolTimeouts = {},
): PostgresDriver {
  const config = {
    connectionString,
    max,
    keepAlive: true,
    ...poolTimeoutConfig(timeouts),
    ...searchSettingsOnConnect,
  };
  const pool = new pg.Pool(config);
  return pooledDriver("postgres", pool, (client) => drizzle({ client }), timeouts.log);
}

export function createNodePostgresStorage(options: NodePostgresStorageOptions): PostgresStorage {
  const { connectionString, max } = options;
  return new PostgresStorage(nodePostgresDriver(connectionString, max, options), options);
}
