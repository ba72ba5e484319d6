// Agents (top-level attributes, patched field by field), entities and components (documents).
import type { Agent, Component, Entity, UUID } from "../../../core/kernel/index.ts";
import { bool, type Item, json, num, str, toJson } from "../attributes.ts";
import { keys, partitions, sortable } from "../keys.ts";
import { type Fields, item } from "./item.ts";

export function agentItem(agent: Agent, now: number): Item {
  return item(
    keys.agent(agent.id),
    { gsi1: { pk: partitions.agents(), sk: agent.id } },
    {
      id: agent.id,
      name: agent.name,
      enabled: agent.enabled ?? true,
      character: toJson(agent.character),
      createdAt: agent.createdAt ?? now,
      updatedAt: agent.updatedAt ?? now,
    },
  );
}

export function agentPatch(agent: Partial<Agent>, now: number): Fields {
  return {
    name: agent.name,
    enabled: agent.enabled,
    character: agent.character === undefined ? undefined : toJson(agent.character),
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt ?? now,
  };
}

export function toAgent(row: Item): Agent {
  const character = json<Agent["character"]>(row, "character");
  return {
    id: str(row, "id") as UUID,
    name: str(row, "name") ?? "",
    enabled: bool(row, "enabled") ?? true,
    ...(character !== undefined ? { character } : {}),
    createdAt: num(row, "createdAt"),
    updatedAt: num(row, "updatedAt"),
  };
}

export function entityDoc(entity: Entity & { id: UUID }): Entity & { id: UUID } {
  const { components: _components, ...row } = entity;
  return row;
}

export function entityItem(entity: Entity & { id: UUID }): Item {
  return item(keys.entity(entity.id), {}, { doc: toJson(entityDoc(entity)) });
}

export function componentItem(component: Component): Item {
  return item(
    keys.component(component.id),
    {
      gsi1: {
        pk: partitions.componentsOfEntity(component.entityId),
        sk: `${sortable(component.createdAt ?? 0)}#${component.id}`,
      },
    },
    { doc: toJson(component) },
  );
}
