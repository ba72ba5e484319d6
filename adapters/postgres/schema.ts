// The tables, shaped after elizaOS's plugin-sql so rows look familiar. Ids are uuid and made
// in code (PostgreSQL 15 has no uuidv7()). There are no foreign keys: the contract lets rows
// arrive in any order (batches, redelivered webhooks), and the cascades it names (deleteRoom,
// deleteRoomsByWorldId) are explicit statements run in one atomic unit.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { epochMs, safeJsonb, safeText, safeTextArray, vector } from "./columns.ts";

export const agents = pgTable("agents", {
  id: uuid("id").primaryKey(),
  name: safeText("name").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  character: safeJsonb("character"),
  createdAt: epochMs("created_at").notNull(),
  updatedAt: epochMs("updated_at").notNull(),
});

export const entities = pgTable(
  "entities",
  {
    id: uuid("id").primaryKey(),
    agentId: uuid("agent_id").notNull(),
    names: safeTextArray("names").notNull(),
    metadata: safeJsonb("metadata"),
    createdAt: epochMs("created_at").notNull(),
  },
  (t) => [index("entities_agent_idx").on(t.agentId)],
);

export const components = pgTable(
  "components",
  {
    id: uuid("id").primaryKey(),
    entityId: uuid("entity_id").notNull(),
    agentId: uuid("agent_id").notNull(),
    roomId: uuid("room_id"),
    worldId: uuid("world_id"),
    sourceEntityId: uuid("source_entity_id"),
    type: safeText("type").notNull(),
    data: safeJsonb("data"),
    createdAt: epochMs("created_at").notNull(),
  },
  (t) => [index("components_entity_type_idx").on(t.entityId, t.type)],
);

export const worlds = pgTable("worlds", {
  id: uuid("id").primaryKey(),
  agentId: uuid("agent_id").notNull(),
  name: safeText("name"),
  serverId: safeText("server_id"),
  metadata: safeJsonb("metadata"),
  createdAt: epochMs("created_at").notNull(),
});

export const rooms = pgTable(
  "rooms",
  {
    id: uuid("id").primaryKey(),
    agentId: uuid("agent_id"),
    name: safeText("name"),
    source: safeText("source").notNull(),
    type: safeText("type").notNull(),
    channelId: safeText("channel_id"),
    serverId: safeText("server_id"),
    worldId: uuid("world_id"),
    metadata: safeJsonb("metadata"),
    createdAt: epochMs("created_at").notNull(),
  },
  (t) => [index("rooms_world_idx").on(t.worldId)],
);

export const memories = pgTable(
  "memories",
  {
    id: uuid("id").primaryKey(),
    /** The contract's tableName ("messages", "facts", ...); the column keeps elizaOS's name. */
    tableName: safeText("type").notNull(),
    entityId: uuid("entity_id").notNull(),
    agentId: uuid("agent_id"),
    roomId: uuid("room_id").notNull(),
    worldId: uuid("world_id"),
    content: safeJsonb("content").notNull(),
    embedding: vector("embedding"),
    unique: boolean("unique").notNull().default(false),
    metadata: safeJsonb("metadata"),
    createdAt: epochMs("created_at").notNull(),
    /** Insertion order: breaks createdAt ties so "newest first" is stable. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  // Each read's equality columns, then its ORDER BY (created_at, seq: "newest first" with
  // ties in write order), so a page of a 100k-row room is an index range scan with no Sort.
  // The HNSW index for the pinned width is made outside drizzle (vector-index.ts).
  (t) => [
    // A room's timeline as an agent reads it (every target scopes reads to its agent); with
    // the room first it also serves counts and deletes by room. There is deliberately no
    // (room, type, created_at) twin for a storage made without an agent: given one, the
    // planner reads an agent's page through it and filters the agent, which in a room shared
    // with a busier agent means reading that agent's rows too.
    index("memories_room_type_agent_created_idx").on(
      t.roomId,
      t.tableName,
      t.agentId,
      t.createdAt,
      t.seq,
    ),
    // Agent-scoped reads without a room (knowledge, a table's newest rows).
    index("memories_type_agent_created_idx").on(t.tableName, t.agentId, t.createdAt, t.seq),
  ],
);

export const participants = pgTable(
  "participants",
  {
    id: uuid("id").primaryKey(),
    entityId: uuid("entity_id").notNull(),
    roomId: uuid("room_id").notNull(),
    /** "FOLLOWED", "MUTED" or null. */
    userState: safeText("user_state"),
    createdAt: epochMs("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("participants_entity_room_idx").on(t.entityId, t.roomId),
    index("participants_room_idx").on(t.roomId),
  ],
);

export const relationships = pgTable(
  "relationships",
  {
    id: uuid("id").primaryKey(),
    sourceEntityId: uuid("source_entity_id").notNull(),
    targetEntityId: uuid("target_entity_id").notNull(),
    agentId: uuid("agent_id").notNull(),
    tags: safeTextArray("tags").notNull(),
    metadata: safeJsonb("metadata"),
    createdAt: epochMs("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("relationships_source_target_idx").on(t.sourceEntityId, t.targetEntityId),
    index("relationships_target_idx").on(t.targetEntityId),
  ],
);

export const cache = pgTable(
  "cache",
  {
    key: safeText("key").primaryKey(),
    value: safeJsonb("value"),
    /** Null: never expires. An expired row reads as absent until sweepExpired deletes it. */
    expiresAt: epochMs("expires_at"),
    createdAt: epochMs("created_at").notNull(),
  },
  (t) => [index("cache_expires_idx").on(t.expiresAt)],
);

export const logs = pgTable(
  "logs",
  {
    id: uuid("id").primaryKey(),
    entityId: uuid("entity_id").notNull(),
    roomId: uuid("room_id"),
    type: safeText("type").notNull(),
    body: safeJsonb("body").notNull(),
    createdAt: epochMs("created_at").notNull(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    // getLogs of an entity newest first, and the retention sweep's oldest-first range.
    index("logs_entity_created_idx").on(t.entityId, t.createdAt, t.seq),
    // The run list: one type of an entity's logs, newest first.
    index("logs_entity_type_created_idx").on(t.entityId, t.type, t.createdAt, t.seq),
  ],
);

export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey(),
    name: safeText("name").notNull(),
    description: safeText("description"),
    agentId: uuid("agent_id"),
    roomId: uuid("room_id"),
    worldId: uuid("world_id"),
    entityId: uuid("entity_id"),
    tags: safeTextArray("tags").notNull(),
    metadata: safeJsonb("metadata"),
    dueAt: epochMs("due_at"),
    leaseOwner: safeText("lease_owner"),
    leaseExpiresAt: epochMs("lease_expires_at"),
    createdAt: epochMs("created_at").notNull(),
    updatedAt: epochMs("updated_at").notNull(),
  },
  (t) => [
    // A tick claims its agent's due rows oldest first (ties by id); undated tasks never
    // qualify. Ticks always name their agent, so there is no index without it: given one, the
    // planner would filter the agent out of every due task of every agent.
    index("tasks_agent_due_idx").on(t.agentId, t.dueAt, t.id).where(sql`${t.dueAt} is not null`),
    index("tasks_room_idx").on(t.roomId),
    // hash, not btree: names may be long (btree entries stop near 2.7 KB) and are only
    // ever compared for equality.
    index("tasks_name_idx").using("hash", t.name),
  ],
);

/** claimOnce keys: one row per key, free again once expires_at has passed. */
export const claims = pgTable(
  "claims",
  {
    key: safeText("key").primaryKey(),
    expiresAt: epochMs("expires_at").notNull(),
  },
  (t) => [index("claims_expires_idx").on(t.expiresAt)],
);

/** Every table, in the order reset() truncates them. */
export const allTables = {
  agents,
  entities,
  components,
  worlds,
  rooms,
  memories,
  participants,
  relationships,
  cache,
  logs,
  tasks,
  claims,
} as const;
