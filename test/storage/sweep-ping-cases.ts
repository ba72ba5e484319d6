// Readiness (ping) and the tick's sweep of expired claims and cache entries: expired rows go,
// live ones stay, a sweep is bounded per call, and claimOnce keeps its guarantee afterwards.
import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./fixtures.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function describeSweepAndPingCases(ctx: ConformanceContext): void {
  const deletes = !ctx.setup.capabilities?.expiresByTtl;

  describe("ping", () => {
    it("answers on a healthy store", async () => {
      await expect(ctx.storage().ping()).resolves.toBeUndefined();
    });
  });

  describe("sweepExpired", () => {
    it("removes expired claims and cache entries and keeps live ones", async () => {
      const s = ctx.storage();
      expect(await s.claimOnce("update:old", MINUTE)).toBe(true);
      expect(await s.claimOnce("update:live", HOUR)).toBe(true);
      await s.setCache("old", "o", { ttlMs: MINUTE });
      await s.setCache("live", "l", { ttlMs: HOUR });
      await s.setCache("forever", "f");
      ctx.clock.advance(2 * MINUTE);

      const report = await s.sweepExpired(ctx.clock.now(), 100);
      expect(report).toEqual(deletes ? { claims: 1, cache: 1 } : { claims: 0, cache: 0 });
      // Nothing expired is left for a second sweep.
      expect(await s.sweepExpired(ctx.clock.now(), 100)).toEqual({ claims: 0, cache: 0 });

      expect(await s.getCache("old")).toBeUndefined();
      expect(await s.getCache("live")).toBe("l");
      expect(await s.getCache("forever")).toBe("f");
      // The live claim still dedupes; the swept key can be claimed again, once.
      expect(await s.claimOnce("update:live", HOUR)).toBe(false);
      expect(await s.claimOnce("update:old", MINUTE)).toBe(true);
      expect(await s.claimOnce("update:old", MINUTE)).toBe(false);
    });

    it("deletes at most `limit` of each per call, so a backlog clears over several calls", async () => {
      const s = ctx.storage();
      for (let i = 0; i < 5; i++) {
        expect(await s.claimOnce(`backlog:${i}`, MINUTE)).toBe(true);
        await s.setCache(`backlog:${i}`, i, { ttlMs: MINUTE });
      }
      ctx.clock.advance(MINUTE);
      const counts: number[] = [];
      for (let call = 0; call < 4; call++) {
        const report = await s.sweepExpired(ctx.clock.now(), 2);
        expect(report.cache).toBe(report.claims);
        counts.push(report.claims);
      }
      expect(counts).toEqual(deletes ? [2, 2, 1, 0] : [0, 0, 0, 0]);
      for (let i = 0; i < 5; i++) {
        expect(await s.getCache(`backlog:${i}`)).toBeUndefined();
        expect(await s.claimOnce(`backlog:${i}`, MINUTE)).toBe(true);
      }
    });

    it("takes expiry as now >= expiresAt, as claimOnce and getCache do", async () => {
      const s = ctx.storage();
      expect(await s.claimOnce("edge", MINUTE)).toBe(true);
      await s.setCache("edge", 1, { ttlMs: MINUTE });
      const swept = await s.sweepExpired(ctx.clock.now() + MINUTE - 1, 10);
      expect(swept).toEqual({ claims: 0, cache: 0 });
      expect(await s.claimOnce("edge", MINUTE)).toBe(false);
      expect(await s.getCache("edge")).toBe(1);
      const atExpiry = await s.sweepExpired(ctx.clock.now() + MINUTE, 10);
      expect(atExpiry).toEqual(deletes ? { claims: 1, cache: 1 } : { claims: 0, cache: 0 });
    });
  });
}
