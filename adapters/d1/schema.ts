// The D1 schema, in drizzle's sqlite-core. drizzle-kit generates migrations/ from this file
// (`npm run db:generate:d1`); wrangler applies them (`wrangler d1 migrations apply DB`).
//
// Text and JSON columns (columns.ts) store well-formed text only: lone surrogates become U+FFFD.
// Times are integer milliseconds since epoch. JSON columns hold JSON.stringify output, which
// escapes U+0000, so NUL never reaches SQLite's C-string functions inside JSON. Embeddings are
// JSON arrays of numbers: D1 ships results to the Worker as JSON, where a BLOB travels as an
// array of byte values (larger than the decimal text) and needs decoding besides; JSON text
// also keeps float64 values exact.
//
// No foreign keys: the contract lets a caller write a memory, log or task before (or without)
// the rows it names, as the memory backend does; the deletes the contract promises cascade
// explicitly inside one `db.batch`.
import { index, integer, sqliteTable, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Component, Content, Metadata, ParticipantState } from "../../core/kernel/index.ts";
import { json, text } from "./columns.ts";

export const agents = sqliteTable("agents", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  character: json<Metadata>("character"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const entities = sqliteTable(
  "entities",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id").notNull(),
    names: json<string[]>("names").notNull(),
    metadata: json<Metadata>("metadata"),
    createdAt: integer("created_at").notNull().default(0),
  },
  (t) => [index("entities_agent_idx").on(t.agentId)],
);

export const components = sqliteTable(
  "components",
  {
    id: text("id").primaryKey(),
    entityId: text("entity_id").notNull(),
    agentId: text("agent_id").notNull(),
    roomId: text("room_id").notNull(),
    worldId: text("world_id").notNull(),
    sourceEntityId: text("source_entity_id").notNull(),
    type: text("type").notNull(),
    createdAt: integer("created_at").notNull(),
    data: json<Component["data"]>("data").notNull(),
  },
  (t) => [index("components_entity_type_idx").on(t.entityId, t.type)],
);

export const worlds = sqliteTable("worlds", {
  id: text("id").primaryKey(),
  agentId: text("agent_id").notNull(),
  name: text("name"),
  serverId: text("server_id"),
  metadata: json<Metadata>("metadata"),
  createdAt: integer("created_at").notNull().default(0),
});

export const rooms = sqliteTable(
  "rooms",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id"),
    name: text("name"),
    source: text("source").notNull(),
    type: text("type").notNull(),
    channelId: text("channel_id"),
    serverId: text("server_id"),
    worldId: text("world_id"),
    metadata: json<Metadata>("metadata"),
    createdAt: integer("created_at").notNull().default(0),
  },
  (t) => [index("rooms_world_idx").on(t.worldId)],
);

export const participants = sqliteTable(
  "participants",
  {
    id: text("id").primaryKey(),
    entityId: text("entity_id").notNull(),
    roomId: text("room_id").notNull(),
    userState: text("user_state").$type<ParticipantState>(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("participants_entity_room_idx").on(t.entityId, t.roomId),
    index("participants_room_idx").on(t.roomId),
  ],
);

/**
 * `table_name` is elizaOS's memory "type" (messages, facts, ...). Reads are newest first, and
 * each index ends in created_at (then rowid, which SQLite appends to every index), so a read
 * walks its index backwards and stops at its LIMIT. A room's reads use the room's index even
 * when scoped to an agent (the dialect keeps agent_id out of the planner's choice), so the
 * agent's other rooms never cost a room read anything.
 */
export const memories = sqliteTable(
  "memories",
  {
    id: text("id").primaryKey(),
    tableName: text("table_name").notNull(),
    entityId: text("entity_id").notNull(),
    agentId: text("agent_id"),
    roomId: text("room_id").notNull(),
    worldId: text("world_id"),
    content: json<Content>("content").notNull(),
    embedding: json<number[]>("embedding"),
    unique: integer("unique", { mode: "boolean" }).notNull().default(false),
    metadata: json<Metadata>("metadata"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("memories_room_table_created_idx").on(t.roomId, t.tableName, t.createdAt),
    index("memories_table_created_idx").on(t.tableName, t.createdAt),
    // Agent-scoped reads without a room: knowledge search's newest-candidates window.
    index("memories_table_agent_created_idx").on(t.tableName, t.agentId, t.createdAt),
  ],
);

export const relationships = sqliteTable(
  "relationships",
  {
    id: text("id").primaryKey(),
    sourceEntityId: text("source_entity_id").notNull(),
    targetEntityId: text("target_entity_id").notNull(),
    agentId: text("agent_id").notNull(),
    tags: json<string[]>("tags").notNull(),
    metadata: json<Metadata>("metadata").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("relationships_pair_idx").on(t.sourceEntityId, t.targetEntityId),
    index("relationships_target_idx").on(t.targetEntityId),
  ],
);

/** `value` is JSON; SQL NULL never occurs for a present row (JSON null is the text "null"). */
export const cache = sqliteTable(
  "cache",
  {
    key: text("key").primaryKey(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at"),
    createdAt: integer("created_at").notNull().default(0),
  },
  (t) => [index("cache_expires_idx").on(t.expiresAt)],
);

/** claimOnce keys, apart from the cache so a cache flush never reopens a webhook. */
export const claims = sqliteTable(
  "claims",
  {
    key: text("key").primaryKey(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("claims_expires_idx").on(t.expiresAt)],
);

export const logs = sqliteTable(
  "logs",
  {
    id: text("id").primaryKey(),
    entityId: text("entity_id").notNull(),
    roomId: text("room_id"),
    type: text("type").notNull(),
    body: json<Metadata>("body").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    // An entity's logs newest first, and the retention sweep's oldest first.
    index("logs_entity_created_idx").on(t.entityId, t.createdAt),
    // One type of an entity's logs (the agent's runs).
    index("logs_entity_type_created_idx").on(t.entityId, t.type, t.createdAt),
    // A room's logs (its runs): the entity and type are tested on the room's rows.
    index("logs_room_created_idx").on(t.roomId, t.createdAt),
  ],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    agentId: text("agent_id"),
    roomId: text("room_id"),
    worldId: text("world_id"),
    entityId: text("entity_id"),
    tags: json<string[]>("tags").notNull(),
    metadata: json<Metadata>("metadata"),
    dueAt: integer("due_at"),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: integer("lease_expires_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("tasks_due_idx").on(t.dueAt),
    // Lists are oldest first: each index ends in created_at (and rowid, implicitly).
    index("tasks_name_created_idx").on(t.name, t.createdAt),
    index("tasks_room_created_idx").on(t.roomId, t.createdAt),
    index("tasks_entity_created_idx").on(t.entityId, t.createdAt),
  ],
);

/**
 * Settings the database itself must remember. `embedding_dimension` is read by the trigger in
 * migrations/0001, so a cold isolate enforces the pinned width with no extra query.
 */
export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const EMBEDDING_DIMENSION_KEY = "embedding_dimension";
