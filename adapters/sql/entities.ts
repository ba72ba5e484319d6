// Entities and their components.
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Component, Entity, UUID } from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import { SqlAgents } from "./agents.ts";
import type { SqlDb, Statement } from "./driver.ts";
import { toComponent, toEntity } from "./rows.ts";

export abstract class SqlEntities extends SqlAgents {
  async getEntitiesByIds(entityIds: UUID[]): Promise<Entity[]> {
    const { entities } = this.tables;
    const rows = await this.selectIn(entityIds, (db, ids) =>
      db.select().from(entities).where(inArray(entities.id, ids)),
    );
    return rows.map(toEntity);
  }

  async getEntitiesForRoom(roomId: UUID, includeComponents = false): Promise<Entity[]> {
    const { entities, components, participants } = this.tables;
    const inRoom = (db: SqlDb) =>
      db
        .select({ id: participants.entityId })
        .from(participants)
        .where(eq(participants.roomId, roomId));
    const entityQuery = (db: SqlDb) =>
      db
        .select()
        .from(entities)
        .where(inArray(entities.id, inRoom(db)));
    if (!includeComponents) return (await this.run(() => entityQuery(this.db))).map(toEntity);
    // Both reads in one round trip where the driver batches.
    const [entityRows, componentRows] = (await this.run(() =>
      this.driver.readAll([
        entityQuery,
        (db) =>
          db
            .select()
            .from(components)
            .where(inArray(components.entityId, inRoom(db)))
            .orderBy(asc(components.createdAt)),
      ]),
    )) as [(typeof entities.$inferSelect)[], (typeof components.$inferSelect)[]];
    return entityRows.map((row) => ({
      ...toEntity(row),
      components: componentRows.filter((c) => c.entityId === row.id).map(toComponent),
    }));
  }

  /** Insert-if-absent: an existing entity is never overwritten. */
  protected insertEntities(list: Entity[]): Statement[] {
    const { entities } = this.tables;
    const now = this.now();
    const rows = list.map((entity) => ({
      id: entity.id ?? randomUuid(),
      agentId: entity.agentId,
      names: entity.names,
      metadata: entity.metadata ?? null,
      createdAt: now,
    }));
    return this.chunked(rows, 5, (db, part) =>
      db.insert(entities).values(part).onConflictDoNothing(),
    );
  }

  async createEntities(list: Entity[]): Promise<boolean> {
    await this.atomic(this.insertEntities(list));
    return true;
  }

  /** Fields left undefined keep their stored value. */
  async updateEntity(entity: Entity): Promise<void> {
    const { entities } = this.tables;
    const id = entity.id;
    if (!id) return;
    const set: Partial<typeof entities.$inferInsert> = { names: entity.names };
    if (entity.agentId !== undefined) set.agentId = entity.agentId;
    if (entity.metadata !== undefined) set.metadata = entity.metadata;
    await this.run(() => this.db.update(entities).set(set).where(eq(entities.id, id)));
  }

  private componentScope(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): SQL | undefined {
    const { components } = this.tables;
    return and(
      eq(components.entityId, entityId),
      worldId === undefined ? undefined : eq(components.worldId, worldId),
      sourceEntityId === undefined ? undefined : eq(components.sourceEntityId, sourceEntityId),
    );
  }

  async getComponent(
    entityId: UUID,
    type: string,
    worldId?: UUID,
    sourceEntityId?: UUID,
  ): Promise<Component | null> {
    const { components } = this.tables;
    const [row] = await this.run(() =>
      this.db
        .select()
        .from(components)
        .where(
          and(this.componentScope(entityId, worldId, sourceEntityId), eq(components.type, type)),
        )
        .orderBy(asc(components.createdAt))
        .limit(1),
    );
    return row ? toComponent(row) : null;
  }

  async getComponents(entityId: UUID, worldId?: UUID, sourceEntityId?: UUID): Promise<Component[]> {
    const { components } = this.tables;
    const rows = await this.run(() =>
      this.db
        .select()
        .from(components)
        .where(this.componentScope(entityId, worldId, sourceEntityId))
        .orderBy(asc(components.createdAt)),
    );
    return rows.map(toComponent);
  }

  async createComponent(component: Component): Promise<boolean> {
    const { components } = this.tables;
    const inserted = await this.run(() =>
      this.db
        .insert(components)
        .values({ ...component, createdAt: component.createdAt ?? this.now() })
        .onConflictDoNothing()
        .returning({ id: components.id }),
    );
    return inserted.length === 1;
  }

  /** createdAt stays as it was written. */
  async updateComponent(component: Component): Promise<void> {
    const { components } = this.tables;
    const { id, createdAt: _createdAt, ...rest } = component;
    await this.run(() => this.db.update(components).set(rest).where(eq(components.id, id)));
  }

  async deleteComponent(componentId: UUID): Promise<void> {
    const { components } = this.tables;
    await this.run(() => this.db.delete(components).where(eq(components.id, componentId)));
  }
}
