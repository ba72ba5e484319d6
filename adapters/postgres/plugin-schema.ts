// Tables elizaOS plugins declare in `schema` (drizzle pg-core tables and enums, elizaOS's
// plugin-sql convention), created idempotently at startup: CREATE ... IF NOT EXISTS from each
// table's drizzle config, plus ADD COLUMN IF NOT EXISTS so a plugin update that adds a column
// lands. No diffing beyond that: a changed type or a dropped column is the plugin's migration
// to write. The tables may come from another drizzle-orm copy than ours (a plugin bundles its
// own): drizzle marks its objects with Symbol.for keys, which getTableConfig and `is` read
// across copies.
import { is, SQL, sql } from "drizzle-orm";
import {
  getTableConfig,
  isPgEnum,
  type PgColumn,
  PgDialect,
  type PgEnum,
  PgTable,
} from "drizzle-orm/pg-core";
import type { Db } from "./driver.ts";
import * as ours from "./schema.ts";

export interface PluginWithSchema {
  name: string;
  schema?: Record<string, unknown>;
}

type TableConfig = ReturnType<typeof getTableConfig>;
type AnyEnum = PgEnum<[string, ...string[]]>;

const dialect = new PgDialect();

/** Creates every plugin's tables; an error names the plugin and the statement's table. */
export async function runPluginMigrations(db: Db, plugins: PluginWithSchema[]): Promise<void> {
  const taken = new Map(ourTables().map((name) => [name, "eliza-edge"]));
  for (const plugin of plugins) {
    const statements = pluginStatements(plugin, taken);
    for (const statement of statements) {
      try {
        await executeOnce(db, statement.sql);
      } catch (error) {
        throw new Error(
          `Plugin "${plugin.name}" schema: ${statement.what} failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
  }
}

/**
 * Two instances starting at once can both pass IF NOT EXISTS and one then fails on the
 * catalog's unique index; the second attempt finds the object and does nothing.
 */
async function executeOnce(db: Db, text: string): Promise<void> {
  try {
    await db.execute(sql.raw(text));
  } catch {
    await db.execute(sql.raw(text));
  }
}

interface Statement {
  what: string;
  sql: string;
}

/** The statements for one plugin, in an order that works: schemas, enums, tables, FKs, indexes. */
export function pluginStatements(
  plugin: PluginWithSchema,
  taken: Map<string, string> = new Map(),
): Statement[] {
  const values = Object.values(plugin.schema ?? {});
  const tables = values.filter((value): value is PgTable => is(value, PgTable));
  const configs = tables.map((table) => getTableConfig(table));
  // Enums the schema lists, and those only its columns use (a plugin may export just tables).
  const enums = [
    ...new Set([
      ...values.filter((value): value is AnyEnum => isPgEnum(value)),
      ...configs.flatMap((config) =>
        config.columns
          .map((column) => (column as { enum?: unknown }).enum)
          .filter((value): value is AnyEnum => isPgEnum(value)),
      ),
    ]),
  ];
  for (const config of configs) {
    const name = qualified(config);
    const owner = taken.get(name);
    if (owner) {
      throw new Error(
        `Plugin "${plugin.name}" schema: table ${name} is already ${owner === "eliza-edge" ? "one of eliza-edge's own tables" : `declared by plugin "${owner}"`}; rename it or put it in its own pgSchema`,
      );
    }
    taken.set(name, plugin.name);
  }
  const schemas = new Set([
    ...configs.map((c) => c.schema),
    ...enums.map((e) => (e as { schema?: string }).schema),
  ]);
  return [
    ...[...schemas]
      .filter((s): s is string => !!s && s !== "public")
      .map((s) => ({ what: `creating schema ${s}`, sql: `create schema if not exists ${id(s)}` })),
    ...enums.map((e) => ({ what: `creating enum ${e.enumName}`, sql: createEnum(e) })),
    ...configs.flatMap((config) => [
      { what: `creating table ${qualified(config)}`, sql: createTable(config) },
      ...config.columns.map((column) => ({
        what: `adding column ${column.name} to ${qualified(config)}`,
        sql: `alter table ${tableRef(config)} add column if not exists ${columnDefinition(column, config, false)}`,
      })),
    ]),
    ...configs.flatMap((config) =>
      config.foreignKeys.map((fk) => ({
        what: `adding foreign key ${fk.getName()} to ${qualified(config)}`,
        sql: addForeignKey(config, fk),
      })),
    ),
    ...configs.flatMap((config) =>
      config.indexes.map((index) => ({
        what: `creating index ${index.config.name ?? "(unnamed)"} on ${qualified(config)}`,
        sql: createIndex(config, index),
      })),
    ),
  ];
}

function ourTables(): string[] {
  return (Object.values(ours) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => qualified(getTableConfig(table)));
}

const id = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (config: Pick<TableConfig, "schema" | "name">) =>
  `${config.schema ?? "public"}.${config.name}`;
const tableRef = (config: Pick<TableConfig, "schema" | "name">) =>
  config.schema ? `${id(config.schema)}.${id(config.name)}` : id(config.name);

function createEnum(e: AnyEnum): string {
  const schema = (e as { schema?: string }).schema;
  const name = schema ? `${id(schema)}.${id(e.enumName)}` : id(e.enumName);
  const values = e.enumValues.map(literal).join(", ");
  // CREATE TYPE has no IF NOT EXISTS; an existing type is the duplicate_object error.
  return `do $$ begin create type ${name} as enum (${values}); exception when duplicate_object then null; end $$`;
}

function createTable(config: TableConfig): string {
  const parts = config.columns.map((column) => columnDefinition(column, config, true));
  for (const pk of config.primaryKeys) {
    parts.push(
      `constraint ${id(pk.getName())} primary key (${pk.columns.map((c) => id(c.name)).join(", ")})`,
    );
  }
  for (const unique of config.uniqueConstraints) {
    const nulls = unique.nullsNotDistinct ? " nulls not distinct" : "";
    parts.push(
      `constraint ${id(unique.getName() ?? `${config.name}_unique`)} unique${nulls} (${unique.columns.map((c) => id(c.name)).join(", ")})`,
    );
  }
  for (const check of config.checks) {
    parts.push(`constraint ${id(check.name)} check (${render(check.value)})`);
  }
  return `create table if not exists ${tableRef(config)} (\n  ${parts.join(",\n  ")}\n)`;
}

function columnDefinition(column: PgColumn, config: TableConfig, withKey: boolean): string {
  let definition = `${id(column.name)} ${columnType(column)}`;
  // A primary key cannot be added to an existing table by ADD COLUMN; CREATE TABLE sets it.
  if (column.primary && withKey) definition += " primary key";
  if (column.notNull && !column.primary) definition += " not null";
  if (column.default !== undefined) definition += ` default ${defaultValue(column)}`;
  const generated = column.generated as { as?: unknown } | undefined;
  if (generated?.as !== undefined) {
    const expression = is(generated.as, SQL)
      ? render(generated.as)
      : typeof generated.as === "function"
        ? render((generated.as as () => SQL)())
        : String(generated.as);
    definition += ` generated always as (${expression}) stored`;
  }
  const identity = (column as { generatedIdentity?: { type: "always" | "byDefault" } })
    .generatedIdentity;
  if (identity) {
    definition += ` generated ${identity.type === "always" ? "always" : "by default"} as identity`;
  }
  if (column.isUnique && !column.primary) {
    const nulls = (column as { uniqueType?: string }).uniqueType === "not distinct";
    definition += ` constraint ${id(column.uniqueName ?? `${config.name}_${column.name}_unique`)} unique${nulls ? " nulls not distinct" : ""}`;
  }
  return definition;
}

function columnType(column: PgColumn): string {
  const type = column.getSQLType();
  // An enum column's type is its enum's name, which may live in a pgSchema.
  const enumSchema = (column as { enum?: { schema?: string; enumName: string } }).enum;
  if (enumSchema?.enumName === type) {
    return enumSchema.schema ? `${id(enumSchema.schema)}.${id(type)}` : id(type);
  }
  return type;
}

function defaultValue(column: PgColumn): string {
  const value = column.default;
  if (is(value, SQL)) return render(value);
  return literal(column.mapToDriverValue(value));
}

function addForeignKey(config: TableConfig, fk: TableConfig["foreignKeys"][number]): string {
  const reference = fk.reference();
  const target = getTableConfig(reference.foreignTable);
  const from = reference.columns.map((c) => id(c.name)).join(", ");
  const to = reference.foreignColumns.map((c) => id(c.name)).join(", ");
  let statement = `alter table ${tableRef(config)} add constraint ${id(fk.getName())} foreign key (${from}) references ${tableRef(target)} (${to})`;
  if (fk.onDelete) statement += ` on delete ${fk.onDelete}`;
  if (fk.onUpdate) statement += ` on update ${fk.onUpdate}`;
  // ADD CONSTRAINT has no IF NOT EXISTS; a constraint already there is duplicate_object.
  return `do $$ begin ${statement}; exception when duplicate_object then null; end $$`;
}

function createIndex(config: TableConfig, index: TableConfig["indexes"][number]): string {
  const { unique, method, where, columns, name } = index.config;
  const parts = columns.map((column) => {
    if (is(column, SQL)) return render(column);
    const indexed = column as { name: string; indexConfig?: Record<string, string | undefined> };
    const options = indexed.indexConfig ?? {};
    let part = id(indexed.name);
    if (options.opClass) part += ` ${options.opClass}`;
    if (options.order === "desc") part += " desc";
    if (options.nulls === "first") part += " nulls first";
    return part;
  });
  const indexName =
    name ??
    `${config.name}_${columns.map((c) => (c as { name?: string }).name ?? "expr").join("_")}_index`;
  let statement = `create ${unique ? "unique " : ""}index if not exists ${id(indexName)} on ${tableRef(config)} using ${method ?? "btree"} (${parts.join(", ")})`;
  if (where) statement += ` where ${render(where)}`;
  return statement;
}

/** A drizzle SQL fragment as text with its parameters inlined (DDL takes no parameters). */
function render(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment);
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return literal(value.toISOString());
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  return literal(JSON.stringify(value));
}
