// Agents, entities and components. Entities and components are documents (items/entities.ts):
// an update replaces the doc whole.
import type { Agent, Component, Entity, UUID } from "../../core/kernel/index.ts";
import { toJson } from "./attributes.ts";
import { DynamoBase, inOrder } from "./base.ts";
import { ignoreConditionFailed } from "./errors.ts";
import {
  agentItem,
  agentPatch,
  componentItem,
  entityDoc,
  entityItem,
  toAgent,
} from "./items/entities.ts";
import { doc } from "./items/item.ts";
import { keys, partitions } from "./keys.ts";
import { checked } from "./limits.ts";

export abstract class DynamoEntities extends DynamoBase {
  /** rooms.ts: a room's participants, read from the room's partition. */
  abstract getParticipantsForRoom(roomId: UUID): Promise<UUID[]>;

  // agents

  async getAgent(agentId: UUID): Promise<Agent | null> {
    const row = await this.table.get(keys.agent(agentId));
    return row ? toAgent(row) : null;
  }

  async getAgents(): Promise<Agent[]> {
    return (await this.queryIndex("gsi1", partitions.agents())).map(toAgent);
  }

  async createAgent(agent: Agent): Promise<boolean> {
    return this.putIfAbsent(checked(agentItem(agent, this.now()), `agent ${agent.id}`));
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    return this.updateIfExists(keys.agent(agentId), agentPatch(agent, this.now()));
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    return this.deleteReturning(keys.agent(agentId)).then(Boolean);
  }

  // entities

  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    const rows = await this.table.batchGet(entityIds.map(keys.entity));
    return inOrder(entityIds, rows.map(doc<Entity & { id: UUID }>));
  }

  async getEntitiesForRoom(roomId: UUID, includeComponents = false): Promise<Entity[]> {
    const entityIds = await this.getParticipantsForRoom(roomId);
    if (entityIds.length === 0) return [];
    const [entities, components] = await Promise.all([
      this.getEntitiesByIds(entityIds),
      includeComponents
        ? Promise.all(entityIds.map((id) => this.getComponents(id)))
        : Promise.resolve([]),
    ]);
    if (!includeComponents) return entities;
    const byEntity = new Map(entityIds.map((id, i) => [id, components[i] ?? []]));
    return entities.map((e) => ({ ...e, components: byEntity.get(e.id as UUID) ?? [] }));
  }

  async createEntities(entities: Entity[]): Promise<boolean> {
    await Promise.all(
      entities.map((entity) => {
        const id = entity.id ?? this.newId();
        return this.putIfAbsent(checked(entityItem({ ...entity, id }), `entity ${id}`));
      }),
    );
    return true;
  }

  async updateEntity(entity: Entity): Promise<void> {
    if (!entity.id) return;
    const row = entityDoc({ ...entity, id: entity.id });
    await this.updateIfExists(keys.entity(entity.id), { doc: toJson(row) });
  }

  // components

  async getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null> {
    const found = await this.getComponents(entityId, worldId, sourceEntityId);
    return found.find((c) => c.type === type) ?? null;
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    const rows = await this.queryIndex("gsi1", partitions.componentsOfEntity(entityId));
    return rows
      .map(doc<Component>)
      .filter(
        (c) =>
          (worldId === undefined || c.worldId === worldId) &&
          (sourceEntityId === undefined || c.sourceEntityId === sourceEntityId),
      );
  }

  async createComponent(component: Component): Promise<boolean> {
    return this.putIfAbsent(checked(componentItem(component), `component ${component.id}`));
  }

  async updateComponent(component: Component): Promise<void> {
    // A whole replacement: the entity (so the index key) may change too.
    await this.put(checked(componentItem(component), `component ${component.id}`), {
      ConditionExpression: "attribute_exists(pk)",
    }).catch(ignoreConditionFailed);
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    await this.delete(keys.component(componentId));
  }
}
