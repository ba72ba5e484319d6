// Neon over WebSocket (`Pool`, the node-postgres API): interactive transactions and session
// state. On Workers and Vercel Edge a socket cannot outlive one request, so create the storage
// per request and close it there (`ctx.waitUntil(storage.close())`).
import { Pool } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import { type Db, type PostgresDriver, transactionalDriver } from "./driver.ts";
import { guardPool, type PoolTimeouts, poolTimeoutConfig } from "./pool-guard.ts";
import { PostgresStorage, type PostgresStorageOptions } from "./storage.ts";

export interface NeonPoolStorageOptions extends PostgresStorageOptions, PoolTimeouts {
  connectionString: string;
  /** Pool size; default 4. */
  max?: number;
}

export function neonPoolDriver(
  connectionString: string,
  max = 4,
  timeouts: PoolTimeouts = {},
): PostgresDriver {
  const pool = guardPool(
    new Pool({ connectionString, max, ...poolTimeoutConfig(timeouts) }),
    "neon-ws",
    timeouts.log,
  );
  return transactionalDriver("neon-ws", drizzle({ client: pool }) as unknown as Db, () =>
    pool.end(),
  );
}

export function createNeonPoolStorage(options: NeonPoolStorageOptions): PostgresStorage {
  return new PostgresStorage(
    neonPoolDriver(options.connectionString, options.max, options),
    options,
  );
}
