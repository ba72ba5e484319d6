// The cache, claimOnce and sweepExpired. Claims live apart from the cache, so their keys
// never clash; expired entries of both are dropped by the sweep, here or every so many writes.
import { type SweepReport, wellFormed } from "../../core/kernel/index.ts";
import { detached, stored } from "./base.ts";
import { MemoryRelationships } from "./relationships.ts";

const SWEEP_EVERY_WRITES = 1024;

export abstract class MemoryCache extends MemoryRelationships {
  private writesSinceSweep = 0;

  async getCache<T>(raw: string): Promise<T | undefined> {
    const key = wellFormed(raw);
    const entry = this.db.cache.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.db.cache.delete(key);
      return undefined;
    }
    return detached(entry.value) as T;
  }

  async setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean> {
    this.putCache(key, value, options?.ttlMs);
    return true;
  }

  async deleteCache(key: string): Promise<boolean> {
    return this.db.cache.delete(wellFormed(key));
  }

  async claimOnce(raw: string, ttlMs: number, now = this.now()): Promise<boolean> {
    const key = wellFormed(raw);
    const expiresAt = this.db.claims.get(key);
    if (expiresAt !== undefined && expiresAt > now) return false;
    this.db.claims.set(key, now + ttlMs);
    this.sweepOccasionally(now);
    return true;
  }

  async sweepExpired(now: number, limit: number): Promise<SweepReport> {
    return this.sweep(now, Math.max(0, limit));
  }

  /** setCache and the batch's setCache. */
  protected putCache(key: string, value: unknown, ttlMs?: number): void {
    const now = this.now();
    const expiresAt = ttlMs === undefined ? null : now + ttlMs;
    this.db.cache.set(wellFormed(key), { value: stored(value), expiresAt });
    this.sweepOccasionally(now);
  }

  /**
   * A long ALLOW_NO_DATABASE run claims a key per webhook update; drop expired claims and
   * cache entries every so many writes so they do not pile up (amortised O(1) per write).
   */
  private sweepOccasionally(now: number): void {
    if (++this.writesSinceSweep < SWEEP_EVERY_WRITES) return;
    this.writesSinceSweep = 0;
    this.sweep(now, Number.POSITIVE_INFINITY);
  }

  private sweep(now: number, limit: number): SweepReport {
    const report: SweepReport = { claims: 0, cache: 0 };
    for (const [key, expiresAt] of this.db.claims) {
      if (report.claims >= limit) break;
      if (expiresAt > now) continue;
      this.db.claims.delete(key);
      report.claims++;
    }
    for (const [key, entry] of this.db.cache) {
      if (report.cache >= limit) break;
      if (entry.expiresAt === null || entry.expiresAt > now) continue;
      this.db.cache.delete(key);
      report.cache++;
    }
    return report;
  }
}
