// The storage contract on PostgreSQL for every driver (PGlite, Neon HTTP, Neon WebSocket,
// pg): the shared SQL storage with Postgres's dialect, plus what only Postgres offers here:
// migrations at startup, the HNSW search index of the pinned width, planner statistics where
// no autovacuum gathers them (PGlite), elizaOS plugins' own tables, and `runtime.db`.
import { getTableName, sql } from "drizzle-orm";
import type { SweepReport } from "../../core/kernel/index.ts";
import type { SqlStorageOptions } from "../sql/options.ts";
import { SqlStorage } from "../sql/storage.ts";
import { postgresDialect } from "./dialect.ts";
import type { Db, PostgresDriver, PostgresKind } from "./driver.ts";
import { ensureHnswIndex, type SearchIndexState } from "./hnsw.ts";
import type { PluginWithSchema } from "./plugin-schema.ts";
import { allTables } from "./schema.ts";
import { refreshStatistics } from "./statistics.ts";

export interface PostgresStorageOptions extends SqlStorageOptions {
  /**
   * What `init()` does about the schema. Default: apply migrations/ (needs a filesystem, so
   * Node, Lambda or Vercel Node), and make the search index when the width is pinned. Pass
   * `false` where the schema is applied at deploy time by `npm run db:migrate` (Workers,
   * Vercel, Lambda) or by another process.
   */
  migrate?: false | ((driver: PostgresDriver) => Promise<unknown>);
  /** Where a search index that cannot be made is reported; default console.warn. */
  log?: (line: string) => void;
}

export class PostgresStorage extends SqlStorage {
  declare readonly kind: PostgresKind;
  declare readonly driver: PostgresDriver;
  /** Widths whose search index this instance has seen to. */
  private readonly indexed = new Map<number, SearchIndexState | "unsupported">();

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
    if (this.dimension !== undefined) await this.ensureSearchIndex(this.dimension);
    await this.refreshStatistics();
  }

  /**
   * Pins the width and, where this storage applies its own schema (migrate is not false),
   * makes that width's search index: re-pinning EMBEDDING_DIMENSION is a migration step,
   * taken at the next start. Elsewhere `npm run db:migrate` with EMBEDDING_DIMENSION makes it.
   */
  override async ensureEmbeddingDimension(dimension: number): Promise<void> {
    await super.ensureEmbeddingDimension(dimension);
    if (this.options.migrate !== false) await this.ensureSearchIndex(dimension);
  }

  /**
   * The HNSW index for `width` (hnsw.ts), made unless it exists. A pgvector too old for it
   * (HNSW came in 0.5, halfvec for widths over 2,000 in 0.7) is reported once and leaves the
   * search exact; any other failure is thrown.
   */
  async ensureSearchIndex(width: number): Promise<SearchIndexState | "unsupported"> {
    const known = this.indexed.get(width);
    if (known) return known;
    let state: SearchIndexState | "unsupported";
    try {
      state = await this.run(() => ensureHnswIndex(this.driver, width));
    } catch (error) {
      if (!isMissingFeature(error)) throw error;
      this.warn(`no search index for width ${width}, searches scan: ${messageOf(error)}`);
      state = "unsupported";
    }
    this.indexed.set(width, state);
    if (state === "created") await this.refreshStatistics();
    return state;
  }

  /**
   * ANALYZEs the tables that changed enough since their last statistics (statistics.ts), on
   * PGlite only: Postgres and Neon run autovacuum, which does this by itself. Called after
   * migrations and from every tick (sweepExpired); returns the tables analyzed.
   */
  async refreshStatistics(): Promise<string[]> {
    if (this.kind !== "pglite") return [];
    return this.run(() => refreshStatistics(this.driver));
  }

  /**
   * The tick's housekeeping: expired claims and cache rows, then statistics (PGlite). A
   * failed ANALYZE is reported and retried by the next tick; it never hides the sweep's count.
   */
  override async sweepExpired(now: number, limit: number): Promise<SweepReport> {
    const swept = await super.sweepExpired(now, limit);
    await this.refreshStatistics().catch((error: unknown) => {
      this.warn(`statistics not refreshed: ${messageOf(error)}`);
    });
    return swept;
  }

  private warn(line: string): void {
    (this.options.log ?? ((text: string) => console.warn(text)))(`[storage] ${this.kind}: ${line}`);
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** 42704: no such access method or type (hnsw, halfvec); 42883: no such operator class. */
function isMissingFeature(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "42704" || code === "42883") return true;
  }
  return false;
}
