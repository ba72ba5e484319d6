export type { Db, PostgresDriver, PostgresKind, Statement } from "./driver.ts";
export { type Migration, migrateDriver, readMigrations } from "./migrate.ts";
export { createNeonHttpStorage, type NeonHttpStorageOptions, neonHttpDriver } from "./neon-http.ts";
export { createNeonPoolStorage, type NeonPoolStorageOptions, neonPoolDriver } from "./neon-pool.ts";
export {
  createNodePostgresStorage,
  type NodePostgresStorageOptions,
  nodePostgresDriver,
} from "./node-postgres.ts";
export { createPgliteStorage, type PgliteStorageOptions, pgliteDriver } from "./pglite.ts";
export {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_QUERY_TIMEOUT_MS,
  type PoolTimeouts,
} from "./pool-guard.ts";
export * as schema from "./schema.ts";
export { PostgresStorage, type PostgresStorageOptions } from "./storage.ts";
