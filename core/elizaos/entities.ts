// elizaOS's entity helpers: who is in a room (with their components merged) and resolving a
// name someone mentioned to an entity.

import {
  type Component,
  type Entity,
  type Memory,
  ModelType,
  parseKeyValueXml,
  type Room,
  type UUID,
  type World,
} from "../kernel/index.ts";
import { composePrompt, type IAgentRuntime, type State } from "../runtime/index.ts";
import { entitiesForRoom, entityById, relationshipsOf, roomOf, worldOf } from "./runtime-access.ts";

export interface EntityDetails {
  id: UUID;
  name: string;
  names: string[];
  /** The entity's components' data merged, then its metadata, as JSON. */
  data: string;
}

/**
 * The room's entities, once each: the name is the one the room's platform knows
 * (`metadata[room.source].name`) or the first name; `data` is the components' data merged
 * (later components win) and then the entity's metadata, as JSON.
 */
export async function getEntityDetails({
  runtime,
  roomId,
}: {
  runtime: IAgentRuntime;
  roomId: UUID;
}): Promise<EntityDetails[]> {
  const [room, entities] = await Promise.all([
    roomOf(runtime, roomId),
    entitiesForRoom(runtime, roomId),
  ]);
  const details = new Map<string, EntityDetails>();
  for (const entity of entities) {
    if (!entity.id || details.has(entity.id)) continue;
    // Later components overwrite earlier ones key by key. (elizaOS's source goes on to
    // "merge" arrays and objects, but over the already-assigned map, so last-wins is what it
    // does, and what plugins see there.)
    const merged: Record<string, unknown> = Object.assign(
      {},
      ...(entity.components ?? []).map((c) => c.data),
    );
    const metadata = entity.metadata ?? {};
    const platform = room?.source ? metadata[room.source] : undefined;
    const platformName =
      platform &&
      typeof platform === "object" &&
      typeof (platform as { name?: unknown }).name === "string"
        ? (platform as { name: string }).name
        : undefined;
    details.set(entity.id, {
      id: entity.id,
      name: platformName || (entity.names[0] ?? ""),
      names: entity.names,
      data: JSON.stringify({ ...merged, ...metadata }),
    });
  }
  return [...details.values()];
}

const resolutionTemplate = `<task>Work out which entity the latest message refers to.</task>

Sender: {{senderName}} (ID: {{senderId}})
Room: {{roomName}} in {{worldName}}

Entities in the room:
{{#if entitiesInRoom}}
{{entitiesInRoom}}
{{/if}}

{{recentMessages}}

<instructions>
"me" is the sender and "you" is the agent. Match @handles and usernames, then names, then
people the sender often talks with. Use the conversation to choose among several matches.
</instructions>

<output>
Respond with only this XML block:
<response>
  <entityId>the entity's id if you know it, else null</entityId>
  <type>EXACT_MATCH | USERNAME_MATCH | NAME_MATCH | RELATIONSHIP_MATCH | AMBIGUOUS | UNKNOWN</type>
  <matches>
    <match>
      <name>the matched name</name>
      <reason>why it matches</reason>
    </match>
  </matches>
</response>
</output>`;

/** Components the asker may see: their own, the agent's, and those written by owners/admins. */
function visibleComponents(
  entity: Entity,
  askerId: UUID,
  agentId: UUID,
  world: World | null,
): Entity {
  if (!entity.components) return entity;
  const roles = (world?.metadata?.roles ?? {}) as Record<string, string>;
  const visible = (c: Component) =>
    c.sourceEntityId === askerId ||
    c.sourceEntityId === agentId ||
    (world !== null &&
      (roles[c.sourceEntityId] === "OWNER" || roles[c.sourceEntityId] === "ADMIN"));
  return { ...entity, components: entity.components.filter(visible) };
}

/**
 * The entity the message refers to, asked of the TEXT_SMALL model with the room's entities as
 * context; null when the model cannot say or names no one present.
 */
export async function findEntityByName(
  runtime: IAgentRuntime,
  message: Memory,
  state: State,
): Promise<Entity | null> {
  const room = ((state.data as { room?: Room } | undefined)?.room ??
    (await roomOf(runtime, message.roomId))) as Room | null;
  if (!room) return null;
  const world = room.worldId ? await worldOf(runtime, room.worldId) : null;
  const inRoom = (await entitiesForRoom(runtime, room.id)).map((e) =>
    visibleComponents(e, message.entityId, runtime.agentId, world),
  );
  const relationships = await relationshipsOf(runtime, message.entityId);
  const related = await Promise.all(
    relationships.map((r) =>
      entityById(
        runtime,
        r.sourceEntityId === message.entityId ? r.targetEntityId : r.sourceEntityId,
      ),
    ),
  );
  const candidates = [...inRoom, ...related.filter((e): e is Entity => e !== null)];

  const prompt = composePrompt({
    state: {
      roomName: room.name || room.id,
      worldName: world?.name || "Unknown",
      entitiesInRoom: JSON.stringify(inRoom, null, 2),
      senderId: message.entityId,
      senderName: "",
      recentMessages: (state.values as Record<string, unknown> | undefined)?.recentMessages ?? "",
    },
    template: resolutionTemplate,
  });
  const answer = await runtime.useModel(ModelType.TEXT_SMALL, { prompt, stopSequences: [] });
  const resolution = parseKeyValueXml<Record<string, string>>(String(answer ?? ""));
  if (!resolution) return null;

  if (resolution.type === "EXACT_MATCH" && resolution.entityId) {
    const entity = await entityById(runtime, resolution.entityId as UUID);
    if (entity) return visibleComponents(entity, message.entityId, runtime.agentId, world);
  }
  // <matches><match><name>...</name></match></matches>: the first match's name.
  const firstMatch = resolution.matches
    ? parseKeyValueXml<Record<string, string>>(resolution.matches)
    : null;
  const matchName = firstMatch?.name?.toLowerCase();
  if (!matchName) return null;
  const found = candidates.find(
    (e) =>
      e.names.some((n) => n.toLowerCase() === matchName) ||
      e.components?.some(
        (c) =>
          String(c.data.username ?? "").toLowerCase() === matchName ||
          String(c.data.handle ?? "").toLowerCase() === matchName,
      ),
  );
  if (!found) return null;
  if (resolution.type === "RELATIONSHIP_MATCH") {
    const knows = relationships.some(
      (r) => r.sourceEntityId === found.id || r.targetEntityId === found.id,
    );
    return knows ? found : null;
  }
  return found;
}
