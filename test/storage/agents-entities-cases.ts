// Agents, entities, components and relationships.
import { describe, expect, it } from "vitest";
import type { Component } from "../../core/kernel/types/domain.ts";
import {
  AGENT_ID,
  type ConformanceContext,
  entity,
  id,
  OTHER_ROOM_ID,
  OTHER_USER_ID,
  ROOM_ID,
  seed,
  sortedIds,
  USER_ID,
  WORLD_ID,
} from "./fixtures.ts";

export function describeAgentAndEntityCases(ctx: ConformanceContext): void {
  describe("agents", () => {
    it("creates, reads, lists, updates partially and deletes an agent", async () => {
      const s = ctx.storage();
      const character = { name: "Ada", bio: ["likes maths"], settings: { nested: { deep: 1 } } };
      expect(await s.createAgent({ id: AGENT_ID, name: "Ada", enabled: true, character })).toBe(
        true,
      );
      const got = await s.getAgent(AGENT_ID);
      expect(got).toMatchObject({ id: AGENT_ID, name: "Ada", enabled: true, character });
      expect(sortedIds(await s.getAgents())).toEqual([AGENT_ID]);

      expect(await s.updateAgent(AGENT_ID, { name: "Ada Lovelace" })).toBe(true);
      expect(await s.getAgent(AGENT_ID)).toMatchObject({ name: "Ada Lovelace", character });

      expect(await s.deleteAgent(AGENT_ID)).toBe(true);
      expect(await s.getAgent(AGENT_ID)).toBeNull();
      expect(await s.getAgents()).toEqual([]);
    });

    it("reports unknown agents instead of inventing them", async () => {
      const s = ctx.storage();
      const ghost = id("ghost-agent");
      expect(await s.getAgent(ghost)).toBeNull();
      expect(await s.updateAgent(ghost, { name: "x" })).toBe(false);
      expect(await s.getAgent(ghost)).toBeNull();
      expect(await s.deleteAgent(ghost)).toBe(false);
    });

    it("refuses a second agent with the same id and keeps the first", async () => {
      const s = ctx.storage();
      await s.createAgent({ id: AGENT_ID, name: "First" });
      expect(await s.createAgent({ id: AGENT_ID, name: "Second" })).toBe(false);
      expect((await s.getAgent(AGENT_ID))?.name).toBe("First");
    });
  });

  describe("entities", () => {
    it("creates entities and reads them back by id", async () => {
      const s = ctx.storage();
      await s.createAgent({ id: AGENT_ID, name: "Agent" });
      expect(
        await s.createEntities([entity(USER_ID, ["Alice", "al"]), entity(OTHER_USER_ID, ["Bob"])]),
      ).toBe(true);
      const got = await s.getEntitiesByIds([USER_ID, OTHER_USER_ID, id("missing")]);
      expect(sortedIds(got)).toEqual([USER_ID, OTHER_USER_ID].sort());
      const alice = got.find((e) => e.id === USER_ID);
      expect(alice).toMatchObject({
        names: ["Alice", "al"],
        agentId: AGENT_ID,
        metadata: { source: "test" },
      });
      expect(await s.getEntitiesByIds([])).toEqual([]);
    });

    it("does not overwrite an existing entity on create", async () => {
      const s = ctx.storage();
      await s.createAgent({ id: AGENT_ID, name: "Agent" });
      await s.createEntities([entity(USER_ID, ["Original"])]);
      await s.createEntities([entity(USER_ID, ["Impostor"])]).catch(() => false);
      expect((await s.getEntitiesByIds([USER_ID]))[0]?.names).toEqual(["Original"]);
    });

    it("updates names and metadata", async () => {
      const s = ctx.storage();
      await s.createAgent({ id: AGENT_ID, name: "Agent" });
      await s.createEntities([entity(USER_ID, ["Alice"])]);
      await s.updateEntity({
        id: USER_ID,
        agentId: AGENT_ID,
        names: ["Alice", "Ally"],
        metadata: { telegram: { username: "ally" } },
      });
      expect((await s.getEntitiesByIds([USER_ID]))[0]).toMatchObject({
        names: ["Alice", "Ally"],
        metadata: { telegram: { username: "ally" } },
      });
    });

    it("lists a room's entities, with components only when asked", async () => {
      const s = ctx.storage();
      await seed(s);
      await s.createComponent(component({ id: id("c1"), entityId: USER_ID, type: "profile" }));
      const plain = await s.getEntitiesForRoom(ROOM_ID);
      expect(sortedIds(plain)).toEqual([AGENT_ID, USER_ID, OTHER_USER_ID].sort());
      for (const e of plain) expect(e.components ?? []).toEqual([]);

      const full = await s.getEntitiesForRoom(ROOM_ID, true);
      const user = full.find((e) => e.id === USER_ID);
      expect(user?.components?.map((c) => c.id)).toEqual([id("c1")]);
      expect(full.find((e) => e.id === OTHER_USER_ID)?.components ?? []).toEqual([]);

      expect(sortedIds(await s.getEntitiesForRoom(OTHER_ROOM_ID))).toEqual([USER_ID]);
      expect(await s.getEntitiesForRoom(id("empty-room"))).toEqual([]);
    });
  });

  describe("components", () => {
    it("creates, reads, updates and deletes a component", async () => {
      const s = ctx.storage();
      await seed(s);
      const c = component({ id: id("c1"), type: "profile", data: { bio: "hi", n: 1 } });
      expect(await s.createComponent(c)).toBe(true);
      expect(await s.getComponent(USER_ID, "profile")).toEqual(c);

      await s.updateComponent({ ...c, data: { bio: "changed" } });
      expect((await s.getComponent(USER_ID, "profile"))?.data).toEqual({ bio: "changed" });

      await s.deleteComponent(c.id);
      expect(await s.getComponent(USER_ID, "profile")).toBeNull();
      expect(await s.getComponents(USER_ID)).toEqual([]);
    });

    it("filters by type, world and source entity", async () => {
      const s = ctx.storage();
      await seed(s);
      const otherWorld = id("world-2");
      await s.createWorld({ id: otherWorld, agentId: AGENT_ID, name: "Second" });
      await s.createComponent(component({ id: id("a"), type: "profile" }));
      await s.createComponent(component({ id: id("b"), type: "settings" }));
      await s.createComponent(component({ id: id("c"), type: "profile", worldId: otherWorld }));
      await s.createComponent(
        component({ id: id("d"), type: "profile", sourceEntityId: OTHER_USER_ID }),
      );
      await s.createComponent(component({ id: id("e"), type: "profile", entityId: AGENT_ID }));

      expect(sortedIds(await s.getComponents(USER_ID))).toEqual(
        sortedIds([id("a"), id("b"), id("c"), id("d")]),
      );
      expect(sortedIds(await s.getComponents(USER_ID, otherWorld))).toEqual([id("c")]);
      expect(sortedIds(await s.getComponents(USER_ID, WORLD_ID, OTHER_USER_ID))).toEqual([id("d")]);
      expect((await s.getComponent(USER_ID, "settings"))?.id).toBe(id("b"));
      expect((await s.getComponent(USER_ID, "profile", otherWorld))?.id).toBe(id("c"));
      expect((await s.getComponent(USER_ID, "profile", WORLD_ID, OTHER_USER_ID))?.id).toBe(id("d"));
      expect(await s.getComponent(USER_ID, "missing-type")).toBeNull();
      expect(await s.getComponents(id("nobody"))).toEqual([]);
    });
  });

  describe("relationships", () => {
    it("creates, reads and updates a relationship", async () => {
      const s = ctx.storage();
      await seed(s);
      expect(
        await s.createRelationship({
          sourceEntityId: USER_ID,
          targetEntityId: OTHER_USER_ID,
          tags: ["friend"],
          metadata: { since: 2020 },
        }),
      ).toBe(true);
      const rel = await s.getRelationship({
        sourceEntityId: USER_ID,
        targetEntityId: OTHER_USER_ID,
      });
      expect(rel).toMatchObject({
        sourceEntityId: USER_ID,
        targetEntityId: OTHER_USER_ID,
        tags: ["friend"],
        metadata: { since: 2020 },
      });
      expect(typeof rel?.id).toBe("string");
      // Direction matters: the reverse pair is a different relationship.
      expect(
        await s.getRelationship({ sourceEntityId: OTHER_USER_ID, targetEntityId: USER_ID }),
      ).toBeNull();

      await s.updateRelationship({ ...rel!, tags: ["friend", "colleague"], metadata: { x: 1 } });
      expect(
        await s.getRelationship({ sourceEntityId: USER_ID, targetEntityId: OTHER_USER_ID }),
      ).toMatchObject({ tags: ["friend", "colleague"], metadata: { x: 1 } });
    });

    it("defaults tags and metadata to empty", async () => {
      const s = ctx.storage();
      await seed(s);
      await s.createRelationship({ sourceEntityId: USER_ID, targetEntityId: AGENT_ID });
      expect(
        await s.getRelationship({ sourceEntityId: USER_ID, targetEntityId: AGENT_ID }),
      ).toMatchObject({ tags: [], metadata: {} });
    });

    it("lists relationships on either side, optionally having any of the tags", async () => {
      const s = ctx.storage();
      await seed(s);
      const third = id("user-third");
      await s.createEntities([entity(third, ["Third"])]);
      await s.createRelationship({
        sourceEntityId: USER_ID,
        targetEntityId: OTHER_USER_ID,
        tags: ["friend"],
      });
      await s.createRelationship({
        sourceEntityId: third,
        targetEntityId: USER_ID,
        tags: ["colleague"],
      });
      await s.createRelationship({
        sourceEntityId: OTHER_USER_ID,
        targetEntityId: third,
        tags: ["friend"],
      });

      const pairs = async (tags?: string[]) =>
        (await s.getRelationships(tags ? { entityId: USER_ID, tags } : { entityId: USER_ID }))
          .map((r) => `${r.sourceEntityId}>${r.targetEntityId}`)
          .sort();

      expect(await pairs()).toEqual([`${USER_ID}>${OTHER_USER_ID}`, `${third}>${USER_ID}`].sort());
      expect(await pairs(["friend"])).toEqual([`${USER_ID}>${OTHER_USER_ID}`]);
      expect(await pairs(["colleague", "friend"])).toHaveLength(2);
      expect(await pairs(["enemy"])).toEqual([]);
      expect(await s.getRelationships({ entityId: id("loner") })).toEqual([]);
    });
  });
}

function component(overrides: Partial<Component> & { id: Component["id"] }): Component {
  return {
    entityId: USER_ID,
    agentId: AGENT_ID,
    roomId: ROOM_ID,
    worldId: WORLD_ID,
    sourceEntityId: AGENT_ID,
    type: "profile",
    createdAt: 1_700_000_000_000,
    data: {},
    ...overrides,
  };
}
