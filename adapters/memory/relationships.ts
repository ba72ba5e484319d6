// Relationships, one per (source, target), recorded under this store's agent.
import type { Metadata, Relationship, UUID } from "../../core/kernel/index.ts";
import { detached, stored } from "./base.ts";
import { MemoryMemories } from "./memories.ts";
import { relationshipKey } from "./tables.ts";

export abstract class MemoryRelationships extends MemoryMemories {
  async createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    const key = relationshipKey(params.sourceEntityId, params.targetEntityId);
    if (this.db.relationships.has(key)) return false;
    this.db.relationships.set(key, {
      id: this.newId(),
      sourceEntityId: params.sourceEntityId,
      targetEntityId: params.targetEntityId,
      agentId: this.agentId,
      tags: stored(params.tags ?? []),
      metadata: stored(params.metadata ?? {}),
      createdAt: this.now(),
    });
    return true;
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    const key = relationshipKey(relationship.sourceEntityId, relationship.targetEntityId);
    const current = this.db.relationships.get(key);
    if (!current) return;
    this.db.relationships.set(key, {
      ...current,
      tags: stored(relationship.tags),
      metadata: stored(relationship.metadata),
    });
  }

  async getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null> {
    const key = relationshipKey(params.sourceEntityId, params.targetEntityId);
    return this.copyOf(this.db.relationships, key);
  }

  async getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    const tags = params.tags && params.tags.length > 0 ? new Set(params.tags) : undefined;
    return [...this.db.relationships.values()]
      .filter(
        (r) =>
          (r.sourceEntityId === params.entityId || r.targetEntityId === params.entityId) &&
          (!tags || r.tags.some((tag) => tags.has(tag))),
      )
      .map(detached);
  }
}
