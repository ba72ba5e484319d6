// Cache (JSON values, TTL by the clock) and logs.
import { describe, expect, it } from "vitest";
import {
  type ConformanceContext,
  FakeClock,
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

    it("names a log by id, keeps the first write of that id, and reads it back", async () => {
      const s = ctx.storage();
      await seed(s);
      const runId = id("run-1");
      await s.log({
        id: runId,
        type: "run_event",
        roomId: ROOM_ID,
        entityId: USER_ID,
        body: { n: 1 },
      });
      ctx.clock.advance(1_000);
      // A retried write of the same run: the first row stands, no second row appears.
      await s.log({
        id: runId,
        type: "run_event",
        roomId: ROOM_ID,
        entityId: USER_ID,
        body: { n: 2 },
      });
      const got = await s.getLog(runId);
      expect(got).toMatchObject({
        id: runId,
        entityId: USER_ID,
        roomId: ROOM_ID,
        type: "run_event",
        body: { n: 1 },
      });
      expect(got?.createdAt).toBe(FakeClock.START);
      expect(await s.getLogs({ entityId: USER_ID })).toHaveLength(1);
      expect(await s.getLog(id("no-such-log"))).toBeNull();
      await s.deleteLog(runId);
      expect(await s.getLog(runId)).toBeNull();
    });

    it("pages back in time with before, strictly older, with the other filters", async () => {
      const s = ctx.storage();
      await seed(s);
      const times: number[] = [];
      for (let n = 0; n < 5; n++) {
        times.push(ctx.clock.now());
        await s.log({
          type: n % 2 ? "a" : "b",
          roomId: n < 3 ? ROOM_ID : OTHER_ROOM_ID,
          entityId: USER_ID,
          body: { n },
        });
        ctx.clock.advance(1_000);
      }
      const ns = (logs: { body: Record<string, unknown> }[]) => logs.map((l) => l.body.n);
      expect(ns(await s.getLogs({ entityId: USER_ID, before: times[3]! }))).toEqual([2, 1, 0]);
      expect(ns(await s.getLogs({ entityId: USER_ID, before: times[3]! + 1 }))).toEqual([
        3, 2, 1, 0,
      ]);
      expect(ns(await s.getLogs({ entityId: USER_ID, before: times[4]!, count: 2 }))).toEqual([
        3, 2,
      ]);
      expect(ns(await s.getLogs({ entityId: USER_ID, before: times[4]!, type: "b" }))).toEqual([
        2, 0,
      ]);
      expect(
        ns(await s.getLogs({ entityId: USER_ID, before: times[4]! + 1, roomId: OTHER_ROOM_ID })),
      ).toEqual([4, 3]);
      expect(await s.getLogs({ entityId: USER_ID, before: times[0]! })).toEqual([]);
    });

    it("deletes an entity's logs older than a time, oldest first, at most limit per call", async () => {
      const s = ctx.storage();
      await seed(s);
      for (let n = 0; n < 5; n++) {
        await s.log({ type: "run_event", roomId: ROOM_ID, entityId: USER_ID, body: { n } });
        await s.log({ type: "run_event", roomId: ROOM_ID, entityId: OTHER_USER_ID, body: { n } });
        ctx.clock.advance(1_000);
      }
      const cutoff = FakeClock.START + 3_000; // logs 0, 1 and 2 are older
      expect(await s.deleteLogs({ entityId: USER_ID, before: cutoff, limit: 2 })).toBe(2);
      const ns = async (entityId: typeof USER_ID) =>
        (await s.getLogs({ entityId })).map((l) => l.body.n);
      expect(await ns(USER_ID)).toEqual([4, 3, 2]);
      expect(await s.deleteLogs({ entityId: USER_ID, before: cutoff, limit: 2 })).toBe(1);
      expect(await s.deleteLogs({ entityId: USER_ID, before: cutoff, limit: 2 })).toBe(0);
      expect(await ns(USER_ID)).toEqual([4, 3]);
      // Another entity's logs are its own: untouched.
      expect(await ns(OTHER_USER_ID)).toEqual([4, 3, 2, 1, 0]);
      expect(await s.deleteLogs({ entityId: OTHER_USER_ID, before: cutoff, limit: 0 })).toBe(0);
      expect(await ns(OTHER_USER_ID)).toHaveLength(5);
    });
  });
}
