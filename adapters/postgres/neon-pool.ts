// Neon over WebSocket (`Pool`, the node-postgres API): interactive transactions and session
// state. On Workers and Vercel Edge a socket cannot outlive one request, so create the storage
// per request and close it there (`ctx.waitUntil(storage.close())`).
import { Pool } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import type { PostgresDriver } from "./driver.ts";
import {
  type PooledStorageOptions,
  type PoolTimeouts,
  pooledDriver,
  poolTimeoutConfig,
  searchSettingsOnConnect,
} from "./pool-guard.ts";
import { PostgresStorage } from "./storage.ts";

export type NeonPoolStorageOptions = PooledStorageOptions;

export function neonPoolDriver(
  connectionString: string,
  max = 4,
  timeouts: PoolTimeouts = {},
): PostgresDriver {
  const pool = new Pool({
    connectionString,
    max,
    ...poolTimeoutConfig(timeouts),
    ...searchSettingsOnConnect,
  });
  return pooledDriver("neon-ws", pool, (client) => drizzle({ client }), timeouts.log);
}

export function createNeonPoolStorage(options: NeonPoolStorageOptions): PostgresStorage {
  const { connectionString, max } = options;
  return new PostgresStorage(neonPoolDriver(connectionString, max, options), options);
}
