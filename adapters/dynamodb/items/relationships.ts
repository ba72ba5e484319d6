// Relationships: in the source entity's partition, indexed by target (gsi1) for incoming ones.
import type { Relationship, UUID } from "../../../core/kernel/index.ts";
import { type Item, json, num, str, toJson } from "../attributes.ts";
import { keys, partitions } from "../keys.ts";
import { item } from "./item.ts";

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
