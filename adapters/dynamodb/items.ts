// Domain rows ↔ DynamoDB items: primary key, GSI memberships and attributes per type.
// Rows replaced whole or only ever ensured (worlds, rooms, entities, components, participants)
// keep their fields in one JSON `doc`, so an ensure can be a single if_not_exists on it.
// Rows patched field by field (agents, memories, tasks, relationships) keep top-level
// attributes, so a patch is one UpdateItem.
import type {
  Agent,
  Component,
  Entity,
  Log,
  Memory,
  Participant,
  ParticipantState,
  Relationship,
  Room,
  Task,
  UUID,
  World,
} from "../../core/types.ts";
import {
  bool,
  decodeEmbedding,
  encodeEmbedding,
  type Item,
  json,
  num,
  type Plain,
  str,
  strList,
  toAttributes,
  toJson,
} from "./attributes.ts";
import {
  GSI,
  type GsiKeys,
  gsiPk,
  gsiSk,
  type Key,
  keys,
  memorySortKey,
  partitions,
  sortable,
  TTL,
  taskScheduleKey,
} from "./keys.ts";

export type Fields = Record<string, Plain | null | undefined>;

/** Key, GSI and plain attributes as one flat field map. */
export function fields(key: Key, gsis: GsiKeys, values: Fields): Fields {
  const out: Fields = { pk: key.pk, sk: key.sk };
  for (const index of GSI) {
    const gsi = gsis[index];
    if (gsi) {
      out[gsiPk(index)] = gsi.pk;
      out[gsiSk(index)] = gsi.sk;
    }
  }
  return { ...out, ...values };
}

export function item(key: Key, gsis: GsiKeys, values: Fields): Item {
  return toAttributes(fields(key, gsis, values));
}

/** Epoch seconds for the TTL attribute, rounded up so DynamoDB never deletes early. */
export function ttlSeconds(expiresAtMs: number): number {
  return Math.ceil(expiresAtMs / 1000);
}

// agents

export function agentItem(agent: Agent, now: number): Item {
  return item(
    keys.agent(agent.id),
    { gsi1: { pk: partitions.agents(), sk: agent.id } },
    {
      id: agent.id,
      name: agent.name,
      enabled: agent.enabled ?? true,
      character: toJson(agent.character),
      createdAt: agent.createdAt ?? now,
      updatedAt: agent.updatedAt ?? now,
    },
  );
}

export function agentPatch(agent: Partial<Agent>, now: number): Fields {
  return {
    name: agent.name,
    enabled: agent.enabled,
    character: agent.character === undefined ? undefined : toJson(agent.character),
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt ?? now,
  };
}

export function toAgent(row: Item): Agent {
  const character = json<Agent["character"]>(row, "character");
  return {
    id: str(row, "id") as UUID,
    name: str(row, "name") ?? "",
    enabled: bool(row, "enabled") ?? true,
    ...(character !== undefined ? { character } : {}),
    createdAt: num(row, "createdAt"),
    updatedAt: num(row, "updatedAt"),
  };
}

// documents: worlds, rooms, entities, components, participants

export function worldItem(world: World): Item {
  return item(
    keys.world(world.id),
    { gsi1: { pk: partitions.worlds(), sk: world.id } },
    { doc: toJson(world) },
  );
}

export function roomGsis(room: Room): GsiKeys {
  return room.worldId ? { gsi1: { pk: partitions.roomsOfWorld(room.worldId), sk: room.id } } : {};
}

export function roomItem(room: Room): Item {
  return item(keys.room(room.id), roomGsis(room), { doc: toJson(room) });
}

export function entityDoc(entity: Entity & { id: UUID }): Entity & { id: UUID } {
  const { components: _components, ...row } = entity;
  return row;
}

export function entityItem(entity: Entity & { id: UUID }): Item {
  return item(keys.entity(entity.id), {}, { doc: toJson(entityDoc(entity)) });
}

export function componentItem(component: Component): Item {
  return item(
    keys.component(component.id),
    {
      gsi1: {
        pk: partitions.componentsOfEntity(component.entityId),
        sk: `${sortable(component.createdAt ?? 0)}#${component.id}`,
      },
    },
    { doc: toJson(component) },
  );
}

export function participantItem(id: UUID, entityId: UUID, roomId: UUID): Item {
  return item(
    keys.participant(roomId, entityId),
    { gsi1: { pk: partitions.roomsOfEntity(entityId), sk: roomId } },
    { doc: toJson({ id, entityId, roomId } satisfies Participant) },
  );
}

export function toParticipant(row: Item): Participant {
  return doc<Participant>(row);
}

export function participantState(row: Item | undefined): ParticipantState {
  const state = row ? str(row, "state") : undefined;
  return state === "FOLLOWED" || state === "MUTED" ? state : null;
}

export function doc<T>(row: Item): T {
  return json<T>(row, "doc") as T;
}

// relationships

export function relationshipItem(relationship: Relationship): Item {
  const { sourceEntityId: source, targetEntityId: target } = relationship;
  return item(
    keys.relationship(source, target),
    { gsi1: { pk: partitions.relationshipsTo(target), sk: source } },
    {
      id: relationship.id,
      sourceEntityId: source,
      targetEntityId: target,
      agentId: relationship.agentId,
      tags: toJson(relationship.tags),
      metadata: toJson(relationship.metadata),
      createdAt: relationship.createdAt,
    },
  );
}

export function toRelationship(row: Item): Relationship {
  return {
    id: str(row, "id") as UUID,
    sourceEntityId: str(row, "sourceEntityId") as UUID,
    targetEntityId: str(row, "targetEntityId") as UUID,
    agentId: str(row, "agentId") as UUID,
    tags: json<string[]>(row, "tags") ?? [],
    metadata: json<Relationship["metadata"]>(row, "metadata") ?? {},
    createdAt: num(row, "createdAt"),
  };
}

// memories

export interface StoredMemory extends Memory {
  id: UUID;
  createdAt: number;
  unique: boolean;
}

export function memoryGsis(
  memory: { id: UUID; roomId: UUID; entityId: UUID; worldId?: UUID; createdAt: number },
  tableName: string,
): GsiKeys {
  const sk = memorySortKey(tableName, memory.createdAt, memory.id);
  return {
    gsi1: { pk: partitions.memoriesOfRoom(memory.roomId), sk },
    ...(memory.worldId ? { gsi2: { pk: partitions.memoriesOfWorld(memory.worldId), sk } } : {}),
    gsi3: { pk: partitions.memoriesOfEntity(memory.entityId), sk },
    gsi4: {
      pk: partitions.memoriesOfTable(tableName),
      sk: `${sortable(memory.createdAt)}#${memory.id}`,
    },
  };
}

export function memoryItem(memory: StoredMemory, tableName: string): Item {
  return item(keys.memory(memory.id), memoryGsis(memory, tableName), {
    id: memory.id,
    entityId: memory.entityId,
    agentId: memory.agentId,
    roomId: memory.roomId,
    worldId: memory.worldId,
    content: toJson(memory.content ?? {}),
    embedding: memory.embedding ? encodeEmbedding(memory.embedding) : undefined,
    createdAt: memory.createdAt,
    unique: memory.unique,
    metadata: toJson(memory.metadata),
    table: tableName,
  });
}

export function toMemory(row: Item): Memory {
  const embedding = row.embedding?.B;
  const metadata = json<Memory["metadata"]>(row, "metadata");
  const agentId = str(row, "agentId");
  const worldId = str(row, "worldId");
  return {
    id: str(row, "id") as UUID,
    entityId: str(row, "entityId") as UUID,
    ...(agentId !== undefined ? { agentId: agentId as UUID } : {}),
    roomId: str(row, "roomId") as UUID,
    ...(worldId !== undefined ? { worldId: worldId as UUID } : {}),
    content: json<Memory["content"]>(row, "content") ?? {},
    ...(embedding ? { embedding: decodeEmbedding(embedding) } : {}),
    createdAt: num(row, "createdAt"),
    unique: bool(row, "unique") ?? false,
    ...(metadata !== undefined ? { metadata } : {}),
  };
}

// tasks

export function taskItem(task: Task & { id: UUID }, now: number): Item {
  return item(
    keys.task(task.id),
    {
      ...(task.roomId ? { gsi1: { pk: partitions.tasksOfRoom(task.roomId), sk: task.id } } : {}),
      gsi2: { pk: partitions.tasksNamed(task.name), sk: task.id },
      gsi4: { pk: partitions.tasks(), sk: taskScheduleKey(task.id, task.dueAt) },
    },
    {
      id: task.id,
      name: task.name,
      description: task.description,
      agentId: task.agentId,
      roomId: task.roomId,
      worldId: task.worldId,
      entityId: task.entityId,
      tags: task.tags ?? [],
      metadata: toJson(task.metadata),
      ...pausedAttribute(task.metadata),
      dueAt: task.dueAt,
      leaseOwner: task.leaseOwner,
      leaseExpiresAt: task.leaseExpiresAt,
      createdAt: task.createdAt ?? now,
      updatedAt: now,
    },
  );
}

/**
 * metadata.paused copied to a top-level attribute: metadata is stored as a JSON string, and
 * releaseTaskLease's condition (a pause during a run wins) needs to read the flag.
 */
function pausedAttribute(metadata: Task["metadata"]): { paused?: true } {
  return (metadata as { paused?: unknown } | null | undefined)?.paused === true
    ? { paused: true }
    : {};
}

/** The fields a partial task update sets or removes, with the GSI keys they move. */
export function taskPatch(id: UUID, patch: Partial<Task>, now: number): Fields {
  const out: Fields = {
    description: patch.description,
    agentId: patch.agentId,
    worldId: patch.worldId,
    entityId: patch.entityId,
    tags: patch.tags === undefined ? undefined : (patch.tags ?? []),
    metadata: patch.metadata === undefined ? undefined : (toJson(patch.metadata) ?? null),
    ...(patch.metadata === undefined
      ? {}
      : { paused: pausedAttribute(patch.metadata).paused ?? null }),
    leaseOwner: patch.leaseOwner,
    leaseExpiresAt: patch.leaseExpiresAt,
    createdAt: patch.createdAt,
    updatedAt: now,
  };
  if (patch.name !== undefined) {
    out.name = patch.name;
    out[gsiPk("gsi2")] = partitions.tasksNamed(patch.name);
    out[gsiSk("gsi2")] = id;
  }
  if (patch.roomId !== undefined) {
    out.roomId = patch.roomId;
    out[gsiPk("gsi1")] = patch.roomId === null ? null : partitions.tasksOfRoom(patch.roomId);
    out[gsiSk("gsi1")] = patch.roomId === null ? null : id;
  }
  if (patch.dueAt !== undefined) {
    out.dueAt = patch.dueAt;
    out[gsiSk("gsi4")] = taskScheduleKey(id, patch.dueAt);
  }
  return out;
}

export function toTask(row: Item): Task {
  const optional = (name: string) => {
    const value = str(row, name);
    return value !== undefined ? { [name]: value } : {};
  };
  return {
    id: str(row, "id") as UUID,
    name: str(row, "name") ?? "",
    ...optional("description"),
    ...optional("agentId"),
    ...optional("roomId"),
    ...optional("worldId"),
    ...optional("entityId"),
    tags: strList(row, "tags") ?? [],
    metadata: json<Task["metadata"]>(row, "metadata") ?? {},
    dueAt: num(row, "dueAt") ?? null,
    leaseOwner: str(row, "leaseOwner") ?? null,
    leaseExpiresAt: num(row, "leaseExpiresAt") ?? null,
    createdAt: num(row, "createdAt"),
    updatedAt: num(row, "updatedAt"),
  };
}

// logs

export function logItem(log: Log): Item {
  return item(
    keys.log(log.id),
    {
      gsi1: {
        pk: partitions.logsOfEntity(log.entityId),
        sk: `${sortable(log.createdAt)}#${log.id}`,
      },
    },
    {
      id: log.id,
      entityId: log.entityId,
      roomId: log.roomId,
      type: log.type,
      body: toJson(log.body),
      createdAt: log.createdAt,
    },
  );
}

export function toLog(row: Item): Log {
  const roomId = str(row, "roomId");
  return {
    id: str(row, "id") as UUID,
    entityId: str(row, "entityId") as UUID,
    ...(roomId !== undefined ? { roomId: roomId as UUID } : {}),
    type: str(row, "type") ?? "",
    body: json<Log["body"]>(row, "body") ?? {},
    createdAt: num(row, "createdAt") ?? 0,
  };
}

// cache and claims

export function cacheItem(key: string, value: unknown, expiresAt: number | null): Item {
  return item(
    keys.cache(key),
    {},
    {
      key,
      // JSON has no undefined; store it as null, which reads back as null like the SQL backends.
      value: toJson(value) ?? "null",
      expiresAt,
      [TTL]: expiresAt === null ? undefined : ttlSeconds(expiresAt),
    },
  );
}

export function claimItem(key: string, expiresAt: number, token: string): Item {
  return item(
    keys.claim(key),
    {},
    {
      expiresAt,
      token,
      [TTL]: ttlSeconds(expiresAt),
    },
  );
}
