// Relationships between entities, one row per (source, target), recorded under this agent.
import { and, asc, eq, or } from "drizzle-orm";
import {
  type Metadata,
  type Relationship,
  randomUuid,
  type UUID,
} from "../../core/kernel/index.ts";
import { SqlMemories } from "./memories.ts";
import { toRelationship } from "./rows.ts";

export abstract class SqlRelationships extends SqlMemories {
  async createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    const { sourceEntityId, targetEntityId, tags = [], metadata = {} } = params;
    const row = { sourceEntityId, targetEntityId, tags, metadata, agentId: this.agentId };
    const query = this.db
      .insert(this.relationships)
      .values({ ...row, id: randomUuid(), createdAt: this.now() })
      .onConflictDoNothing();
    return this.touched(query);
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    const set = { tags: relationship.tags ?? [], metadata: relationship.metadata ?? {} };
    await this.update(this.relationships, set, eq(this.relationships.id, relationship.id));
  }

  async getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null> {
    const { relationships } = this;
    const row = await this.row(
      relationships,
      and(
        eq(relationships.sourceEntityId, params.sourceEntityId),
        eq(relationships.targetEntityId, params.targetEntityId),
      ),
    );
    return row ? toRelationship(row) : null;
  }

  /** Where the entity is source or target, having any of `tags` when given. */
  async getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    const { relationships } = this;
    const rows = await this.rows(
      relationships,
      and(
        or(
          eq(relationships.sourceEntityId, params.entityId),
          eq(relationships.targetEntityId, params.entityId),
        ),
        params.tags?.length ? this.dialect.hasAnyTag(relationships.tags, params.tags) : undefined,
      ),
      [asc(relationships.createdAt)],
    );
    return rows.map(toRelationship);
  }
}
