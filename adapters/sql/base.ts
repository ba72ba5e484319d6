// The state and helpers every concern of the SQL storage uses. The storage is one class
// chain, a concern per file, read in order: base → agents → entities → rooms → memories →
// relationships → cache → logs → tasks → storage (batch and lifecycle).
import { type AnyColumn, and, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  assertEmbeddingDimension,
  assertValidDimension,
  StorageError,
  type UUID,
} from "../../core/kernel/index.ts";
import type { SqlDialect } from "./dialect.ts";
import type { SqlDb, SqlDriver, SqlKind, SqlTables, Statement } from "./driver.ts";
import { chunk, rowBytes, rowsPerStatement } from "./limits.ts";
import type { SqlStorageOptions } from "./options.ts";
import type { IndexedMemory, VectorIndex } from "./vector-index.ts";

const NIL_UUID = "00000000-0000-0000-0000-000000000000" as UUID;

type AnyTable = SqlTables[keyof SqlTables];

/** A read as statements and a decoder of their results (see `answer` and storage.ts's batch). */
export interface ReadPlan<R> {
  statements: Statement[];
  decode(results: unknown[]): R;
}

export abstract class SqlBase {
  readonly kind: SqlKind;
  readonly tables: SqlTables;
  protected readonly agents: SqlTables["agents"];
  protected readonly entities: SqlTables["entities"];
  protected readonly components: SqlTables["components"];
  protected readonly worlds: SqlTables["worlds"];
  protected readonly rooms: SqlTables["rooms"];
  protected readonly participants: SqlTables["participants"];
  protected readonly memories: SqlTables["memories"];
  protected readonly relationships: SqlTables["relationships"];
  protected readonly cache: SqlTables["cache"];
  protected readonly claims: SqlTables["claims"];
  protected readonly logs: SqlTables["logs"];
  protected readonly tasks: SqlTables["tasks"];
  /** The pinned embedding width once this instance knows it. */
  dimension: number | undefined;
  protected readonly now: () => number;
  /** The agent relationships are recorded under. */
  protected readonly agentId: UUID;
  /** The memory reads' default agent scope (the agentId option, when given). */
  protected readonly scope: UUID | undefined;
  protected readonly index: VectorIndex | undefined;
  private readonly onIndexError: (error: unknown) => void;

  constructor(
    readonly driver: SqlDriver,
    protected readonly dialect: SqlDialect,
    options: SqlStorageOptions = {},
  ) {
    this.kind = driver.kind;
    this.tables = dialect.tables;
    ({ agents: this.agents, entities: this.entities, components: this.components } = this.tables);
    ({ worlds: this.worlds, rooms: this.rooms, participants: this.participants } = this.tables);
    ({ memories: this.memories, relationships: this.relationships, logs: this.logs } = this.tables);
    ({ cache: this.cache, claims: this.claims, tasks: this.tasks } = this.tables);
    this.now = options.now ?? Date.now;
    this.agentId = options.agentId ?? NIL_UUID;
    this.scope = options.agentId;
    this.index = options.vectorIndex;
    this.onIndexError = options.onIndexError ?? warnIndexError;
    if (options.embeddingDimension !== undefined) {
      assertValidDimension(options.embeddingDimension);
      this.dimension = options.embeddingDimension;
    }
  }

  protected get db(): SqlDb {
    return this.driver.db;
  }

  /** Runs one database call, turning the errors a caller can act on into StorageErrors. */
  async run<T>(query: () => PromiseLike<T>): Promise<T> {
    try {
      return await query();
    } catch (error) {
      throw this.dialect.toStorageError(error);
    }
  }

  /** SELECT * FROM table WHERE `where` ORDER BY `order` LIMIT `limit` OFFSET `offset`. */
  protected rows<T extends AnyTable>(
    table: T,
    where?: SQL,
    order: SQL[] = [],
    limit = Number.MAX_SAFE_INTEGER,
    offset = 0,
  ): Promise<T["$inferSelect"][]> {
    const query = this.db.select().from(table as AnyTable);
    // SQLite takes OFFSET only after a LIMIT, hence a limit always.
    return this.run(() =>
      query
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    );
  }

  /** The rows whose `column` is one of `ids` (and `where`), chunked as selectIn is. */
  protected rowsIn<T extends AnyTable>(
    table: T,
    column: AnyColumn,
    ids: readonly string[],
    where?: SQL,
    order: SQL[] = [],
    limit = Number.MAX_SAFE_INTEGER,
  ): Promise<T["$inferSelect"][]> {
    return this.selectIn(ids, (db, part) =>
      db
        .select()
        .from(table as AnyTable)
        .where(and(inArray(column, part), where))
        .orderBy(...order)
        .limit(limit),
    );
  }

  protected async row<T extends AnyTable>(table: T, where?: SQL, order: SQL[] = []) {
    return (await this.rows(table, where, order, 1))[0];
  }

  /** Whether a write touched a row (through RETURNING, which every dialect here has). */
  protected async touched(write: { returning(fields: { one: SQL }): unknown }): Promise<boolean> {
    const rows = await this.run(() => write.returning({ one: sql`1` }) as PromiseLike<unknown[]>);
    return rows.length > 0;
  }

  protected async update<T extends AnyTable>(
    table: T,
    set: Partial<T["$inferInsert"]>,
    where: SQL | undefined,
  ): Promise<void> {
    const query = this.db.update(table as AnyTable).set(set as never);
    await this.run(() => query.where(where));
  }

  protected async remove(table: AnyTable, where: SQL | undefined): Promise<void> {
    await this.run(() => this.db.delete(table).where(where));
  }

  /** A read's statements and what makes its answer of their results: sent alone or in a batch. */
  protected async answer<R>(plan: ReadPlan<R>): Promise<R> {
    const [only, ...rest] = plan.statements;
    if (!only) return plan.decode([]);
    if (rest.length === 0) return plan.decode([await this.run(async () => only(this.db))]);
    return plan.decode(await this.run(() => this.driver.readAll(plan.statements)));
  }

  /** The statements as one atomic unit; a single statement is atomic by itself. */
  protected atomic(statements: Statement[]): Promise<unknown[]> {
    const [only, ...rest] = statements;
    if (!only) return Promise.resolve([]);
    if (rest.length === 0) return this.run(async () => [await only(this.db)]);
    return this.run(() => this.driver.atomic(statements));
  }

  /**
   * SELECT ... WHERE x IN (ids) under the engine's parameter cap: one statement per chunk,
   * all chunks in one round trip where the driver batches. `paramsPerId`: what the query
   * binds for each id (a subquery per id binds several).
   */
  protected async selectIn<R>(
    ids: readonly string[],
    query: (db: SqlDb, part: string[]) => PromiseLike<R[]>,
    paramsPerId = 1,
  ): Promise<R[]> {
    const parts = chunk([...new Set(ids)], (this.dialect.maxParams - 10) / paramsPerId);
    const [first] = parts;
    if (!first) return [];
    if (parts.length === 1) return this.run(() => query(this.db, first));
    const statements = parts.map(
      (part) => (db: SqlDb) => query(db, part) as unknown as BatchItem<"pg">,
    );
    return ((await this.run(() => this.driver.readAll(statements))) as R[][]).flat();
  }

  /** A multi-row write split under the parameter cap, one statement per chunk. */
  protected chunked<T>(
    rows: T[],
    columns: number,
    write: (db: SqlDb, part: T[]) => BatchItem<"pg">,
  ) {
    const size = rowsPerStatement(columns, this.dialect.maxParams);
    return chunk(rows, size).map((part) => (db: SqlDb) => write(db, part));
  }

  /** Rejects a vector of the wrong width, or holding a non-number, before it reaches SQL. */
  protected checkEmbedding(embedding: readonly unknown[] | null | undefined): void {
    if (embedding != null) assertEmbeddingDimension(embedding, this.dimension);
  }

  /**
   * Brings the vector index in line with rows the database has committed: embedded rows
   * upserted, `removed` ids deleted. Searches re-read every match from the rows, so a failure
   * here costs recall, not correctness; it is reported rather than thrown, because the write
   * landed and a caller retrying it would write it twice.
   */
  protected async syncIndex(upserted: IndexedMemory[], removed: readonly string[] = []) {
    const index = this.index;
    if (!index) return;
    const embedded = upserted.filter((row) => row.embedding);
    try {
      if (removed.length > 0) await index.remove([...removed]);
      if (embedded.length > 0) await index.upsert(embedded);
    } catch (error) {
      this.onIndexError(error);
    }
  }

  /** Rejects a memory row the engine would refuse as too large, before it sees it. */
  protected checkRowSize(values: readonly unknown[]): void {
    const max = this.dialect.maxRowBytes;
    if (max === undefined) return;
    const bytes = rowBytes(values);
    if (bytes > max) {
      throw new StorageError(
        "TOO_LARGE",
        `memory row is ${bytes} bytes; ${this.kind} rows are limited to ${max} here`,
      );
    }
  }
}

function warnIndexError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.warn(`vector index not updated (the rows are; search may miss them): ${message}`);
}
