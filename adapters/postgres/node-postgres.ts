// Plain PostgreSQL over TCP with `pg` (self-hosted Postgres, CI's PostgreSQL 15). Node only.

import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Db, type PostgresDriver, transactionalDriver } from "./driver.ts";
import { guardPool, type PoolTimeouts, poolTimeoutConfig } from "./pool-guard.ts";
import { PostgresStorage, type PostgresStorageOptions } from "./storage.ts";

export interface NodePostgresStorageOptions extends PostgresStorageOptions, PoolTimeouts {
  connectionString: string;
  /** Pool size; default 4. */
  max?: number;
}

export function nodePostgresDriver(
  connectionString: string,
  max = 4,
  timeouts: PoolTimeouts = {},
): PostgresDriver {
  const pool = guardPool(
    new pg.Pool({ connectionString, max, keepAlive: true, ...poolTimeoutConfig(timeouts) }),
    "postgres",
    timeouts.log,
  );
  return transactionalDriver("postgres", drizzle({ client: pool }) as unknown as Db, () =>
    pool.end(),
  );
}

export function createNodePostgresStorage(options: NodePostgresStorageOptions): PostgresStorage {
  return new PostgresStorage(
    nodePostgresDriver(options.connectionString, options.max, options),
    options,
  );
}
