// Relationships between entities, one row per (source, target), recorded under this agent.
import { and, asc, eq, or } from "drizzle-orm";
import type { Metadata, Relationship, UUID } from "../../core/types.ts";
import { randomUuid } from "../../core/uuid.ts";
import { SqlMemories } from "./memories.ts";
import { toRelationship } from "./rows.ts";

export abstract class SqlRelationships extends SqlMemories {
  async createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    const { relationships } = this.tables;
    const inserted = await this.run(() =>
      this.db
        .insert(relationships)
        .values({
          id: randomUuid(),
          sourceEntityId: params.sourceEntityId,
          targetEntityId: params.targetEntityId,
          agentId: this.agentId,
          tags: params.tags ?? [],
          metadata: params.metadata ?? {},
          createdAt: this.now(),
        })
        .onConflictDoNothing()
        .returning({ id: relationships.id }),
    );
    return inserted.length === 1;
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    const { relationships } = this.tables;
    await this.run(() =>
      this.db
        .update(relationships)
        .set({ tags: relationship.tags ?? [], metadata: relationship.metadata ?? {} })
        .where(eq(relationships.id, relationship.id)),
    );
  }

  async getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null> {
    const { relationships } = this.tables;
    const [row] = await this.run(() =>
      this.db
        .select()
        .from(relationships)
        .where(
          and(
            eq(relationships.sourceEntityId, params.sourceEntityId),
            eq(relationships.targetEntityId, params.targetEntityId),
          ),
        ),
    );
    return row ? toRelationship(row) : null;
  }

  /** Where the entity is source or target, having any of `tags` when given. */
  async getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    const { relationships } = this.tables;
    const rows = await this.run(() =>
      this.db
        .select()
        .from(relationships)
        .where(
          and(
            or(
              eq(relationships.sourceEntityId, params.entityId),
              eq(relationships.targetEntityId, params.entityId),
            ),
            params.tags?.length
              ? this.dialect.hasAnyTag(relationships.tags, params.tags)
              : undefined,
          ),
        )
        .orderBy(asc(relationships.createdAt)),
    );
    return rows.map(toRelationship);
  }
}
