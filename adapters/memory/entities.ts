// Agents, entities and components.
import type { Agent, Component, Entity, UUID } from "../../core/kernel/index.ts";
import { definedFields, detached, MemoryBase, stored } from "./base.ts";

export abstract class MemoryEntities extends MemoryBase {
  // agents

  async getAgent(agentId: UUID): Promise<Agent | null> {
    return this.copyOf(this.db.agents, agentId);
  }

  async getAgents(): Promise<Agent[]> {
    return [...this.db.agents.values()].map(detached);
  }

  async createAgent(agent: Agent): Promise<boolean> {
    if (this.db.agents.has(agent.id)) return false;
    const now = this.now();
    this.db.agents.set(agent.id, { createdAt: now, updatedAt: now, ...stored(agent) });
    return true;
  }

  async updateAgent(agentId: UUID, agent: Partial<Agent>): Promise<boolean> {
    const current = this.db.agents.get(agentId);
    if (!current) return false;
    const patch = definedFields(stored(agent));
    this.db.agents.set(agentId, { ...current, ...patch, id: agentId, updatedAt: this.now() });
    return true;
  }

  async deleteAgent(agentId: UUID): Promise<boolean> {
    return this.db.agents.delete(agentId);
  }

  // entities

  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    return this.copiesOf(this.db.entities, entityIds);
  }

  async getEntitiesForRoom(roomId: UUID, includeComponents = false): Promise<Entity[]> {
    const entities: Entity[] = [];
    for (const participant of this.db.participants.values()) {
      if (participant.roomId !== roomId) continue;
      const entity = this.db.entities.get(participant.entityId);
      if (!entity) continue;
      const result: Entity = detached(entity);
      if (includeComponents) {
        result.components = [...this.db.components.values()]
          .filter((c) => c.entityId === entity.id)
          .map(detached);
      }
      entities.push(result);
    }
    return entities;
  }

  async createEntities(entities: Entity[]): Promise<boolean> {
    for (const entity of entities) this.insertEntityIfAbsent(entity);
    return true;
  }

  async updateEntity(entity: Entity): Promise<void> {
    if (!entity.id || !this.db.entities.has(entity.id)) return;
    const { components: _ignored, ...row } = stored(entity);
    this.db.entities.set(entity.id, { ...row, id: entity.id });
  }

  // components

  async getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null> {
    const found = this.findComponents(entityId, worldId, sourceEntityId).find(
      (c) => c.type === type,
    );
    return found ? detached(found) : null;
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    return this.findComponents(entityId, worldId, sourceEntityId).map(detached);
  }

  async createComponent(component: Component): Promise<boolean> {
    if (this.db.components.has(component.id)) return false;
    this.db.components.set(component.id, stored(component));
    return true;
  }

  async updateComponent(component: Component): Promise<void> {
    if (!this.db.components.has(component.id)) return;
    this.db.components.set(component.id, stored(component));
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    this.db.components.delete(componentId);
  }

  /** createEntities and the batch's ensureEntity: an existing entity is left as it is. */
  protected insertEntityIfAbsent(entity: Entity): void {
    const id = entity.id ?? this.newId();
    if (this.db.entities.has(id)) return;
    const { components: _ignored, ...row } = stored(entity);
    this.db.entities.set(id, { ...row, id });
  }

  private findComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Component[] {
    return [...this.db.components.values()].filter(
      (c) =>
        c.entityId === entityId &&
        (worldId === undefined || c.worldId === worldId) &&
        (sourceEntityId === undefined || c.sourceEntityId === sourceEntityId),
    );
  }
}
