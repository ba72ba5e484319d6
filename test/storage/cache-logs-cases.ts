// Cache (JSON values, TTL by the clock) and logs.
import { describe, expect, it } from "vitest";
import {
  type ConformanceContext,
  id,
  OTHER_ROOM_ID,
  OTHER_USER_ID,
  ROOM_ID,
  seed,
  USER_ID,
} from "./fixtures.ts";

export function describeCacheAndLogCases(ctx: ConformanceContext): void {
  describe("cache", () => {
    it("round-trips JSON values of every kind", async () => {
      const s = ctx.storage();
      const values: [string, unknown][] = [
        ["string", "text"],
        ["empty-string", ""],
        ["number", 42.5],
        ["zero", 0],
        ["negative", -7],
        ["true", true],
        ["false", false],
        ["null", null],
        ["array", [1, "two", { three: 3 }, null]],
        ["object", { nested: { list: [true, false], n: 1 }, empty: {} }],
      ];
      for (const [key, value] of values) expect(await s.setCache(key, value)).toBe(true);
      for (const [key, value] of values) expect(await s.getCache(key)).toEqual(value);
      expect(await s.getCache("absent")).toBeUndefined();
    });

    it("overwrites and deletes", async () => {
      const s = ctx.storage();
      await s.setCache("k", { v: 1 });
      await s.setCache("k", { v: 2 });
      expect(await s.getCache("k")).toEqual({ v: 2 });
      expect(await s.deleteCache("k")).toBe(true);
      expect(await s.getCache("k")).toBeUndefined();
    });

    it("expires entries by the clock and reads an expired entry as undefined", async () => {
      const s = ctx.storage();
      await s.setCache("short", "soon gone", { ttlMs: 60_000 });
      await s.setCache("forever", "stays");
      ctx.clock.advance(59_000);
      expect(await s.getCache("short")).toBe("soon gone");
      ctx.clock.advance(2_000);
      expect(await s.getCache("short")).toBeUndefined();
      expect(await s.getCache("forever")).toBe("stays");
      ctx.clock.advance(365 * 24 * 3600_000);
      expect(await s.getCache("forever")).toBe("stays");
    });

    it("restarts the TTL on overwrite and drops it when set without one", async () => {
      const s = ctx.storage();
      await s.setCache("k", 1, { ttlMs: 10_000 });
      ctx.clock.advance(8_000);
      await s.setCache("k", 2, { ttlMs: 10_000 });
      ctx.clock.advance(8_000);
      expect(await s.getCache("k")).toBe(2);
      await s.setCache("k", 3);
      ctx.clock.advance(60_000);
      expect(await s.getCache("k")).toBe(3);
    });

    it("lets an expired key be set again", async () => {
      const s = ctx.storage();
      await s.setCache("k", "old", { ttlMs: 1_000 });
      ctx.clock.advance(5_000);
      await s.setCache("k", "new", { ttlMs: 1_000 });
      expect(await s.getCache("k")).toBe("new");
    });

    it("hands out copies of cached objects", async () => {
      const s = ctx.storage();
      const value = { list: [1] };
      await s.setCache("k", value);
      value.list.push(2);
      const got = await s.getCache<{ list: number[] }>("k");
      got?.list.push(3);
      expect(await s.getCache("k")).toEqual({ list: [1] });
    });
  });

  describe("logs", () => {
    it("records logs and reads them newest first with filters, count and offset", async () => {
      const s = ctx.storage();
      await seed(s);
      const entries = [
        { type: "action", roomId: ROOM_ID, body: { n: 0 } },
        { type: "evaluator", roomId: ROOM_ID, body: { n: 1 } },
        { type: "action", roomId: OTHER_ROOM_ID, body: { n: 2 } },
        { type: "action", roomId: ROOM_ID, body: { n: 3, nested: { ok: true } } },
      ];
      for (const entry of entries) {
        await s.log({ ...entry, entityId: USER_ID });
        ctx.clock.advance(1_000);
      }
      await s.log({ type: "action", roomId: ROOM_ID, entityId: OTHER_USER_ID, body: { n: 9 } });

      const ns = (logs: { body: Record<string, unknown> }[]) => logs.map((l) => l.body.n);
      const all = await s.getLogs({ entityId: USER_ID });
      expect(ns(all)).toEqual([3, 2, 1, 0]);
      expect(all[0]).toMatchObject({
        entityId: USER_ID,
        roomId: ROOM_ID,
        type: "action",
        body: { n: 3, nested: { ok: true } },
      });
      expect(typeof all[0]?.id).toBe("string");
      expect(typeof all[0]?.createdAt).toBe("number");

      expect(ns(await s.getLogs({ entityId: USER_ID, roomId: ROOM_ID }))).toEqual([3, 1, 0]);
      expect(ns(await s.getLogs({ entityId: USER_ID, type: "action" }))).toEqual([3, 2, 0]);
      expect(
        ns(await s.getLogs({ entityId: USER_ID, roomId: ROOM_ID, type: "action", count: 1 })),
      ).toEqual([3]);
      expect(ns(await s.getLogs({ entityId: USER_ID, count: 2, offset: 1 }))).toEqual([2, 1]);
      expect(await s.getLogs({ entityId: id("nobody") })).toEqual([]);
    });

    it("deletes one log", async () => {
      const s = ctx.storage();
      await seed(s);
      await s.log({ type: "a", roomId: ROOM_ID, entityId: USER_ID, body: { n: 1 } });
      ctx.clock.advance(1_000);
      await s.log({ type: "a", roomId: ROOM_ID, entityId: USER_ID, body: { n: 2 } });
      const [newest] = await s.getLogs({ entityId: USER_ID });
      await s.deleteLog(newest!.id);
      expect((await s.getLogs({ entityId: USER_ID })).map((l) => l.body.n)).toEqual([1]);
      await s.deleteLog(id("no-log"));
    });
  });
}
