// elizaOS's abstract DatabaseAdapter, for plugins that extend it (plugin-sql's adapters do).
// eliza-edge's storage contract is StorageAdapter (core/kernel/storage/contract.ts); a class extending this
// one constructs fine but is not a StorageAdapter unless it implements that contract.
export abstract class DatabaseAdapter<DB = unknown> {
  /** The driver's database handle (elizaOS: a drizzle instance). */
  db!: DB;
}
