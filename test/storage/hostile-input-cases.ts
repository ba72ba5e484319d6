// Hostile and large input: every string comes back exactly as written, and size limits are a
// clear TOO_LARGE rather than a truncation or a driver error.
import { describe, expect, it } from "vitest";
import type { UUID } from "../../core/kernel/types/domain.ts";
import {
  type ConformanceContext,
  entity,
  expectStorageError,
  id,
  message,
  ROOM_ID,
  room,
  seed,
  sortedIds,
  USER_ID,
  world,
} from "./fixtures.ts";
import { task } from "./tasks-cases.ts";

/** Strings that break naive quoting, LIKE patterns, C strings, JSON and UTF-16 handling. */
export const HOSTILE_STRINGS: readonly string[] = [
  "it's",
  'say "hi"',
  "back\\slash \\n \\u0000 \\\\",
  "100% _under_ %_%",
  "nul\u0000inside",
  "\u0000",
  "'; DROP TABLE memories; --",
  "\"); DELETE FROM cache; --'",
  "emoji 🧪🤖👩‍👩‍👧 and combining é (e\u0301) Å (A\u030A)",
  "RTL: مرحبا بالعالم \u202Eevil\u202C שלום",
  "lone surrogate-free astral: 𝕏𝔸",
  "line\nbreaks\r\nand\ttabs",
  '{"json": [1, 2], "looks": "like an object"}',
  "   padded   ",
  "x".repeat(10_000),
];

export function describeHostileInputCases(ctx: ConformanceContext): void {
  describe("hostile strings", () => {
    it("round-trip exactly in memory text and metadata", async () => {
      const s = ctx.storage();
      await seed(s);
      const ids: UUID[] = [];
      for (const [i, text] of HOSTILE_STRINGS.entries()) {
        ids.push(
          await s.createMemory(
            message(text, { id: id(`hostile-${i}`), createdAt: 1_000 + i, metadata: { text } }),
            "messages",
          ),
        );
      }
      for (const [i, text] of HOSTILE_STRINGS.entries()) {
        const got = await s.getMemoryById(ids[i]!);
        expect(got?.content.text).toBe(text);
        expect(got?.metadata?.text).toBe(text);
      }
      const listed = await s.getMemories({ tableName: "messages", roomId: ROOM_ID });
      expect(listed.map((m) => m.content.text)).toEqual([...HOSTILE_STRINGS].reverse());
    });

    it("round-trip exactly in entity, room and world names", async () => {
      const s = ctx.storage();
      await seed(s);
      for (const [i, name] of HOSTILE_STRINGS.entries()) {
        const worldId = id(`hostile-world-${i}`);
        await s.createWorld(world({ id: worldId, name }));
        await s.createRooms([room({ id: id(`hostile-room-${i}`), worldId, name })]);
        await s.createEntities([entity(id(`hostile-entity-${i}`), [name, `${name}2`])]);
      }
      for (const [i, name] of HOSTILE_STRINGS.entries()) {
        expect((await s.getWorld(id(`hostile-world-${i}`)))?.name).toBe(name);
        expect((await s.getRoomsByIds([id(`hostile-room-${i}`)]))[0]?.name).toBe(name);
        expect((await s.getEntitiesByIds([id(`hostile-entity-${i}`)]))[0]?.names).toEqual([
          name,
          `${name}2`,
        ]);
      }
    });

    it("round-trip exactly as cache keys and values, each key its own entry", async () => {
      const s = ctx.storage();
      for (const [i, key] of HOSTILE_STRINGS.entries()) {
        await s.setCache(key, { i, value: key });
      }
      for (const [i, key] of HOSTILE_STRINGS.entries()) {
        expect(await s.getCache(key)).toEqual({ i, value: key });
      }
      await s.setCache("plain", HOSTILE_STRINGS);
      expect(await s.getCache("plain")).toEqual(HOSTILE_STRINGS);
      expect(await s.getCache("nul")).toBeUndefined();
      expect(await s.getCache("100%")).toBeUndefined();
      await s.deleteCache("'; DROP TABLE memories; --");
      expect(await s.getCache("'; DROP TABLE memories; --")).toBeUndefined();
      expect(await s.getCache("it's")).toEqual({ i: 0, value: "it's" });
    });

    it("round-trip exactly as claimOnce keys", async () => {
      const s = ctx.storage();
      for (const key of HOSTILE_STRINGS) expect(await s.claimOnce(key, 60_000)).toBe(true);
      for (const key of HOSTILE_STRINGS) expect(await s.claimOnce(key, 60_000)).toBe(false);
    });

    it("round-trip exactly in task names, tags and relationship tags", async () => {
      const s = ctx.storage();
      await seed(s);
      for (const [i, text] of HOSTILE_STRINGS.entries()) {
        await s.createTask(task(text, { id: id(`hostile-task-${i}`), tags: [text, "plain"] }));
      }
      for (const [i, text] of HOSTILE_STRINGS.entries()) {
        const got = await s.getTask(id(`hostile-task-${i}`));
        expect(got?.name).toBe(text);
        expect(got?.tags).toEqual([text, "plain"]);
        expect(sortedIds(await s.getTasksByName(text))).toEqual([id(`hostile-task-${i}`)]);
        expect(sortedIds(await s.getTasks({ tags: [text] }))).toEqual([id(`hostile-task-${i}`)]);
      }
      const a = id("hostile-a");
      const b = id("hostile-b");
      await s.createEntities([entity(a), entity(b)]);
      await s.createRelationship({
        sourceEntityId: a,
        targetEntityId: b,
        tags: [...HOSTILE_STRINGS],
        metadata: { note: HOSTILE_STRINGS[4] },
      });
      const rel = await s.getRelationship({ sourceEntityId: a, targetEntityId: b });
      expect(rel?.tags).toEqual(HOSTILE_STRINGS);
      expect(rel?.metadata).toEqual({ note: HOSTILE_STRINGS[4] });
      expect(await s.getRelationships({ entityId: a, tags: ["100% _under_ %_%"] })).toHaveLength(1);
      expect(await s.getRelationships({ entityId: a, tags: ["100"] })).toEqual([]);
    });
  });

  describe("lone surrogates", () => {
    // No UTF-8 form exists for them (Postgres jsonb refuses them with 22P02): every backend
    // stores U+FFFD instead, in text, JSON values and keys, names, tags, cache and claim keys.
    const BROKEN = "a\ud800b \udc00 end\ud83d";
    const FIXED = "a\ufffdb \ufffd end\ufffd";

    it("come back as U+FFFD from memories, entities, rooms, worlds, tasks, logs and caches", async () => {
      const s = ctx.storage();
      await seed(s);
      const memoryId = await s.createMemory(
        message(BROKEN, {
          id: id("surrogate"),
          metadata: { [BROKEN]: BROKEN, nested: { list: [BROKEN] } },
        }),
        "messages",
      );
      const got = await s.getMemoryById(memoryId);
      expect(got?.content.text).toBe(FIXED);
      expect(got?.metadata).toMatchObject({ [FIXED]: FIXED, nested: { list: [FIXED] } });

      await s.createWorld(world({ id: id("surrogate-world"), name: BROKEN }));
      await s.createRooms([
        room({ id: id("surrogate-room"), worldId: id("surrogate-world"), name: BROKEN }),
      ]);
      await s.createEntities([entity(id("surrogate-entity"), [BROKEN])]);
      expect((await s.getWorld(id("surrogate-world")))?.name).toBe(FIXED);
      expect((await s.getRoomsByIds([id("surrogate-room")]))[0]?.name).toBe(FIXED);
      expect((await s.getEntitiesByIds([id("surrogate-entity")]))[0]?.names).toEqual([FIXED]);

      await s.createTask(
        task(BROKEN, { id: id("surrogate-task"), tags: [BROKEN], metadata: { [BROKEN]: BROKEN } }),
      );
      const storedTask = await s.getTask(id("surrogate-task"));
      expect(storedTask?.name).toBe(FIXED);
      expect(storedTask?.tags).toEqual([FIXED]);
      expect(storedTask?.metadata).toEqual({ [FIXED]: FIXED });
      expect(sortedIds(await s.getTasksByName(BROKEN))).toEqual([id("surrogate-task")]);

      await s.log({
        body: { [BROKEN]: BROKEN },
        entityId: USER_ID,
        roomId: ROOM_ID,
        type: "surrogate",
      });
      const logs = await s.getLogs({ entityId: USER_ID, roomId: ROOM_ID, type: "surrogate" });
      expect(logs.map((l) => l.body)).toEqual([{ [FIXED]: FIXED }]);

      await s.setCache(`key ${BROKEN}`, { [BROKEN]: BROKEN });
      expect(await s.getCache(`key ${BROKEN}`)).toEqual({ [FIXED]: FIXED });
      expect(await s.getCache(`key ${FIXED}`)).toEqual({ [FIXED]: FIXED });
      expect(await s.claimOnce(`claim ${BROKEN}`, 60_000)).toBe(true);
      expect(await s.claimOnce(`claim ${FIXED}`, 60_000)).toBe(false);
    });
  });

  describe("large content", () => {
    const maxRowBytes = ctx.setup.capabilities?.maxRowBytes;

    if (maxRowBytes === undefined) {
      it("round-trips a 500 KB text", async () => {
        const s = ctx.storage();
        await seed(s);
        const text = "0123456789abcdef".repeat(32 * 1024);
        const memoryId = await s.createMemory(message(text), "messages");
        expect((await s.getMemoryById(memoryId))?.content.text).toBe(text);
      });
    } else {
      it(`round-trips content at 90% of the ${maxRowBytes}-byte row limit`, async () => {
        const s = ctx.storage();
        await seed(s);
        const text = "a".repeat(Math.floor(maxRowBytes * 0.9));
        const memoryId = await s.createMemory(message(text), "messages");
        expect((await s.getMemoryById(memoryId))?.content.text).toBe(text);
      });

      it("rejects content over the row limit as TOO_LARGE and stores nothing", async () => {
        const s = ctx.storage();
        await seed(s);
        const text = "a".repeat(maxRowBytes + 1024);
        await expectStorageError(
          s.createMemory(message(text, { id: id("huge") }), "messages"),
          "TOO_LARGE",
        );
        expect(await s.getMemoryById(id("huge"))).toBeNull();
        // Multi-byte text counts in bytes, not characters.
        const wide = "é".repeat(Math.ceil(maxRowBytes / 2) + 1024);
        await expectStorageError(
          s.createMemory(message(wide, { id: id("huge-wide") }), "messages"),
          "TOO_LARGE",
        );
        expect(await s.getMemoryById(id("huge-wide"))).toBeNull();
      });
    }
  });
}
