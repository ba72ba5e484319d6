// Entities and their components.
import { type AnyColumn, and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { type Component, type Entity, randomUuid, type UUID } from "../../core/kernel/index.ts";
import { SqlAgents } from "./agents.ts";
import type { ReadPlan } from "./base.ts";
import type { SqlDb, Statement } from "./driver.ts";
import { definedFields, toComponent, toEntity } from "./rows.ts";

export abstract class SqlEntities extends SqlAgents {
  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    return (await this.rowsIn(this.entities, this.entities.id, entityIds)).map(toEntity);
  }

  getEntitiesForRoom(roomId: UUID, includeComponents = false): Promise<Entity[]> {
    return this.answer(this.entitiesRead(roomId, includeComponents));
  }

  /** The room's entities, and their components in the same round trip when asked for. */
  protected entitiesRead(roomId: UUID, includeComponents: boolean): ReadPlan<Entity[]> {
    const { entities, components, participants } = this;
    const inRoom = (db: SqlDb, column: AnyColumn) => {
      const ids = db.select({ id: participants.entityId }).from(participants);
      return inArray(column, ids.where(eq(participants.roomId, roomId)));
    };
    const entityQuery = (db: SqlDb) => db.select().from(entities).where(inRoom(db, entities.id));
    const componentQuery = (db: SqlDb) => {
      const rows = db.select().from(components).where(inRoom(db, components.entityId));
      return rows.orderBy(asc(components.createdAt));
    };
    type Rows<T extends { $inferSelect: unknown }> = T["$inferSelect"][];
    return {
      statements: includeComponents ? [entityQuery, componentQuery] : [entityQuery],
      decode: ([entityRows, componentRows]) =>
        (entityRows as Rows<typeof entities>).map((row) => {
          if (!includeComponents) return toEntity(row);
          const own = (componentRows as Rows<typeof components>).filter(
            (c) => c.entityId === row.id,
          );
          return { ...toEntity(row), components: own.map(toComponent) };
        }),
    };
  }

  /** Insert-if-absent: an existing entity is never overwritten. */
  protected insertEntities(list: Entity[]): Statement[] {
    const now = this.now();
    const rows = list.map((entity) => ({
      id: entity.id ?? randomUuid(),
      agentId: entity.agentId,
      names: entity.names,
      metadata: entity.metadata ?? null,
      createdAt: now,
    }));
    return this.chunked(rows, 5, (db, part) =>
      db.insert(this.entities).values(part).onConflictDoNothing(),
    );
  }

  async createEntities(list: Entity[]): Promise<boolean> {
    await this.atomic(this.insertEntities(list));
    return true;
  }

  /** Fields left undefined keep their stored value. */
  async updateEntity(entity: Entity): Promise<void> {
    if (!entity.id) return;
    const { agentId, metadata, names } = entity;
    const set = { ...definedFields({ agentId, metadata }), names };
    await this.update(this.entities, set, eq(this.entities.id, entity.id));
  }

  async getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null> {
    const { components } = this;
    const row = await this.row(
      components,
      and(this.componentScope(entityId, worldId, sourceEntityId), eq(components.type, type)),
      [asc(components.createdAt)],
    );
    return row ? toComponent(row) : null;
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    const scope = this.componentScope(entityId, worldId, sourceEntityId);
    const rows = await this.rows(this.components, scope, [asc(this.components.createdAt)]);
    return rows.map(toComponent);
  }

  async createComponent(component: Component): Promise<boolean> {
    const row = { ...component, createdAt: component.createdAt ?? this.now() };
    return this.touched(this.db.insert(this.components).values(row).onConflictDoNothing());
  }

  /** createdAt stays as it was written. */
  async updateComponent(component: Component): Promise<void> {
    const { id, createdAt: _createdAt, ...rest } = component;
    await this.update(this.components, rest, eq(this.components.id, id));
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    await this.remove(this.components, eq(this.components.id, componentId));
  }

  private componentScope(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): SQL | undefined {
    const { components } = this;
    return and(
      eq(components.entityId, entityId),
      worldId === undefined ? undefined : eq(components.worldId, worldId),
      sourceEntityId === undefined ? undefined : eq(components.sourceEntityId, sourceEntityId),
    );
  }
}
