// searchMemories: cosine ranking, threshold, count and scope filters.
import { describe, expect, it } from "vitest";
import {
  AGENT_ID,
  type ConformanceContext,
  id,
  message,
  OTHER_ROOM_ID,
  OTHER_USER_ID,
  ROOM_ID,
  seed,
  sortedIds,
  vector,
  WORLD_ID,
} from "./fixtures.ts";

export function describeSearchCases(ctx: ConformanceContext): void {
  describe("searchMemories", () => {
    // Against the query [1, 0, ...]: exact 1, close ~0.894, diagonal ~0.707, orthogonal 0,
    // opposite -1. Scaling a vector does not change its cosine.
    const query = vector(1);
    const corpus = [
      { label: "exact", embedding: vector(3) },
      { label: "close", embedding: vector(2, 1) },
      { label: "diagonal", embedding: vector(1, 1) },
      { label: "orthogonal", embedding: vector(0, 1) },
      { label: "opposite", embedding: vector(-1) },
    ];

    async function load(): Promise<void> {
      const s = ctx.storage();
      await seed(s);
      // Inserted worst first, so a backend returning insertion order fails.
      for (const { label, embedding } of [...corpus].reverse()) {
        await s.createMemory(message(label, { id: id(label), embedding }), "messages");
      }
      await s.createMemory(message("no embedding", { id: id("bare") }), "messages");
    }

    it("ranks by cosine similarity, best first, and fills in similarity", async () => {
      await load();
      const found = await ctx.storage().searchMemories({
        tableName: "messages",
        embedding: query,
        match_threshold: -1,
      });
      expect(found.map((m) => m.content.text)).toEqual([
        "exact",
        "close",
        "diagonal",
        "orthogonal",
        "opposite",
      ]);
      const expected = [1, 2 / Math.sqrt(5), Math.SQRT1_2, 0, -1];
      for (const [i, m] of found.entries()) expect(m.similarity).toBeCloseTo(expected[i]!, 4);
      expect(found[0]?.id).toBe(id("exact"));
    });

    it("drops matches under the threshold; the default threshold is 0", async () => {
      await load();
      const s = ctx.storage();
      const strict = await s.searchMemories({
        tableName: "messages",
        embedding: query,
        match_threshold: 0.8,
      });
      expect(strict.map((m) => m.content.text)).toEqual(["exact", "close"]);

      const byDefault = await s.searchMemories({ tableName: "messages", embedding: query });
      expect(byDefault.map((m) => m.content.text)).not.toContain("opposite");
      expect(byDefault.map((m) => m.content.text).slice(0, 3)).toEqual([
        "exact",
        "close",
        "diagonal",
      ]);
    });

    it("returns at most count, defaulting to 10", async () => {
      const s = ctx.storage();
      await seed(s);
      for (let i = 0; i < 12; i++) {
        await s.createMemory(message(`m${i}`, { embedding: vector(1, i / 16) }), "messages");
      }
      const top = await s.searchMemories({ tableName: "messages", embedding: query, count: 3 });
      expect(top.map((m) => m.content.text)).toEqual(["m0", "m1", "m2"]);
      expect(await s.searchMemories({ tableName: "messages", embedding: query })).toHaveLength(10);
    });

    it("searches one table and honours room, world, entity and unique filters", async () => {
      const s = ctx.storage();
      await seed(s);
      const otherWorld = id("world-2");
      await s.createWorld({ id: otherWorld, agentId: AGENT_ID, name: "Second" });
      const e = vector(1);
      await s.createMemory(message("base", { id: id("base"), embedding: e }), "messages", true);
      await s.createMemory(message("fact", { id: id("fact"), embedding: e }), "facts", true);
      await s.createMemory(
        message("other room", { id: id("room2"), roomId: OTHER_ROOM_ID, embedding: e }),
        "messages",
        true,
      );
      await s.createMemory(
        message("other world", { id: id("world2"), worldId: otherWorld, embedding: e }),
        "messages",
        true,
      );
      await s.createMemory(
        message("other user", { id: id("user2"), entityId: OTHER_USER_ID, embedding: e }),
        "messages",
        false,
      );

      const search = async (filters: Record<string, unknown>) =>
        sortedIds(await s.searchMemories({ tableName: "messages", embedding: query, ...filters }));

      expect(await search({})).toEqual(
        sortedIds([id("base"), id("room2"), id("world2"), id("user2")]),
      );
      expect(await search({ roomId: OTHER_ROOM_ID })).toEqual([id("room2")]);
      expect(await search({ worldId: otherWorld })).toEqual([id("world2")]);
      expect(await search({ entityId: OTHER_USER_ID })).toEqual([id("user2")]);
      expect(await search({ roomId: ROOM_ID, worldId: WORLD_ID, unique: true })).toEqual([
        id("base"),
      ]);
      expect(sortedIds(await s.searchMemories({ tableName: "facts", embedding: query }))).toEqual([
        id("fact"),
      ]);
      expect(await s.searchMemories({ tableName: "documents", embedding: query })).toEqual([]);
    });
  });
}
