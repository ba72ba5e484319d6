// The cache (values with an optional TTL) and claimOnce keys, kept apart so a cache flush never
// reopens a webhook. An expired row reads as absent until a sweep deletes it.
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { SweepReport } from "../../core/kernel/index.ts";
import type { Statement } from "./driver.ts";
import { SqlRelationships } from "./relationships.ts";

export abstract class SqlCache extends SqlRelationships {
  private writesSinceSweep = 0;

  async getCache<T>(key: string): Promise<T | undefined> {
    const { cache } = this;
    const live = or(isNull(cache.expiresAt), gt(cache.expiresAt, this.now()));
    const row = await this.row(cache, and(eq(cache.key, key), live));
    return row ? (this.dialect.readCacheValue(row.value) as T) : undefined;
  }

  protected upsertCache(key: string, value: unknown, ttlMs?: number): Statement {
    const { cache } = this;
    const now = this.now();
    const set = {
      value: this.dialect.writeCacheValue(value),
      expiresAt: ttlMs === undefined ? null : now + ttlMs,
      createdAt: now,
    };
    return (db) =>
      db
        .insert(cache)
        .values({ key, ...set })
        .onConflictDoUpdate({ target: cache.key, set });
  }

  async setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean> {
    await this.atomic([this.upsertCache(key, value, options?.ttlMs), ...this.sweepStatements()]);
    return true;
  }

  async deleteCache(key: string): Promise<boolean> {
    const { cache } = this;
    return this.touched(this.db.delete(cache).where(eq(cache.key, key)));
  }

  /** True for exactly one caller per key until ttlMs passes. */
  async claimOnce(key: string, ttlMs: number, now = this.now()): Promise<boolean> {
    const { claims } = this;
    const expiresAt = now + ttlMs;
    // One statement: insert, or take over an expired claim. RETURNING yields a row only for
    // the writer that did either, and the engine serialises the two racers on the key.
    const takeOver = {
      target: claims.key,
      set: { expiresAt },
      setWhere: lte(claims.expiresAt, now),
    };
    const claim: Statement = (db) =>
      db.insert(claims).values({ key, expiresAt }).onConflictDoUpdate(takeOver).returning();
    const [won] = (await this.atomic([claim, ...this.sweepStatements(now)])) as unknown[][];
    return won?.length === 1;
  }

  async sweepExpired(now: number, limit: number): Promise<SweepReport> {
    if (limit <= 0) return { claims: 0, cache: 0 };
    const [claims, cache] = (await this.atomic(this.expiredDeletes(now, limit))) as unknown[][];
    return { claims: claims?.length ?? 0, cache: cache?.length ?? 0 };
  }

  /**
   * Where the dialect asks for it (D1), the first claim or cache write of an instance and every
   * Nth after it carry a bounded DELETE of expired rows in the same round trip: webhook dedupe
   * writes a claim per update, and a Worker without a cron trigger never sweeps otherwise.
   */
  private sweepStatements(now = this.now()): Statement[] {
    const every = this.dialect.sweepEveryWrites;
    if (every === undefined || this.writesSinceSweep++ % every !== 0) return [];
    return this.expiredDeletes(now, SWEEP_BATCH);
  }

  /**
   * DELETEs of at most `limit` expired claims and cache rows (the expires_at index), returning
   * the keys. The outer condition is checked again on each row, so a row renewed meanwhile is
   * never deleted.
   */
  private expiredDeletes(now: number, limit: number): Statement[] {
    const { claims, cache } = this;
    const expired =
      (table: typeof claims | typeof cache): Statement =>
      (db) => {
        const gone = lte(table.expiresAt, now);
        const keys = db.select({ key: table.key }).from(table).where(gone).limit(limit);
        const query = db.delete(table).where(and(this.dialect.inSelect(table.key, keys), gone));
        return query.returning({ key: table.key });
      };
    return [expired(claims), expired(cache)];
  }
}

const SWEEP_BATCH = 500;
