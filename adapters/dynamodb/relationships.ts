// Relationships, recorded under this store's agent. An entity's outgoing ones share its
// partition; incoming ones are found through gsi1 (items/relationships.ts).
import type { Metadata, Relationship, UUID } from "../../core/kernel/index.ts";
import { str, toJson } from "./attributes.ts";
import { relationshipItem, toRelationship } from "./items/relationships.ts";
import { keys, partitions, RELATIONSHIP_SK_PREFIX } from "./keys.ts";
import { checked } from "./limits.ts";
import { DynamoMemories } from "./memories.ts";

export abstract class DynamoRelationships extends DynamoMemories {
  async createRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
    tags?: string[];
    metadata?: Metadata;
  }): Promise<boolean> {
    const item = relationshipItem({
      id: this.newId(),
      sourceEntityId: params.sourceEntityId,
      targetEntityId: params.targetEntityId,
      agentId: this.agentId,
      tags: params.tags ?? [],
      metadata: params.metadata ?? {},
      createdAt: this.now(),
    });
    return this.putIfAbsent(checked(item, "relationship"));
  }

  async updateRelationship(relationship: Relationship): Promise<void> {
    await this.updateIfExists(
      keys.relationship(relationship.sourceEntityId, relationship.targetEntityId),
      {
        tags: toJson(relationship.tags ?? []),
        metadata: toJson(relationship.metadata ?? {}),
      },
    );
  }

  async getRelationship(params: {
    sourceEntityId: UUID;
    targetEntityId: UUID;
  }): Promise<Relationship | null> {
    const row = await this.table.get(
      keys.relationship(params.sourceEntityId, params.targetEntityId),
    );
    return row ? toRelationship(row) : null;
  }

  async getRelationships(params: { entityId: UUID; tags?: string[] }): Promise<Relationship[]> {
    const [outgoing, incoming] = await Promise.all([
      this.queryPartition(`REL#${params.entityId}`, { skPrefix: RELATIONSHIP_SK_PREFIX }),
      this.queryIndex("gsi1", partitions.relationshipsTo(params.entityId)),
    ]);
    const tags = params.tags && params.tags.length > 0 ? new Set(params.tags) : undefined;
    const unique = new Map([...outgoing, ...incoming].map((row) => [str(row, "id"), row]));
    return [...unique.values()]
      .map(toRelationship)
      .filter((r) => !tags || r.tags.some((tag) => tags.has(tag)));
  }
}
