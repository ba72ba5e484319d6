// The storage contract on PostgreSQL for every driver (PGlite, Neon HTTP, Neon WebSocket,
// pg): the shared SQL storage with Postgres's dialect, plus what only Postgres offers here:
// migrations at startup, elizaOS plugins' own tables, and `runtime.db`.
import { getTableName, sql } from "drizzle-orm";
import type { SqlStorageOptions } from "../sql/options.ts";
import { SqlStorage } from "../sql/storage.ts";
import { postgresDialect } from "./dialect.ts";
import type { Db, PostgresDriver, PostgresKind } from "./driver.ts";
import type { PluginWithSchema } from "./plugin-schema.ts";
import { allTables } from "./schema.ts";

export interface PostgresStorageOptions extends SqlStorageOptions {
  /**
   * What `init()` does about the schema. Default: apply migrations/ (needs a filesystem, so
   * Node, Lambda or Vercel Node). Pass `false` where the schema is applied at deploy time by
   * `npm run db:migrate` (Workers) or by another process.
   */
  migrate?: false | ((driver: PostgresDriver) => Promise<unknown>);
}

export class PostgresStorage extends SqlStorage {
  declare readonly kind: PostgresKind;
  declare readonly driver: PostgresDriver;

  constructor(
    driver: PostgresDriver,
    private readonly options: PostgresStorageOptions = {},
  ) {
    super(driver, postgresDialect, options);
  }

  override async init(): Promise<void> {
    if (this.options.migrate === false) return;
    const migrate = this.options.migrate ?? (await import("./migrate.ts")).migrateDriver;
    await this.run(() => migrate(this.driver));
  }

  /** The drizzle database, for elizaOS plugins that query their own tables (`runtime.db`). */
  get drizzle(): Db {
    return this.driver.db;
  }

  /** Creates the tables elizaOS plugins declare in `schema`, idempotently (plugin-schema.ts). */
  async runPluginMigrations(plugins: PluginWithSchema[]): Promise<void> {
    const { runPluginMigrations } = await import("./plugin-schema.ts");
    await runPluginMigrations(this.driver.db, plugins);
  }

  /** Empties every table, keeping the schema (tests, and a "forget everything" command). */
  async reset(): Promise<void> {
    const names = Object.values(allTables).map((table) => sql.identifier(getTableName(table)));
    await this.run(() => this.driver.execute(sql`truncate table ${sql.join(names, sql`, `)}`));
  }
}
