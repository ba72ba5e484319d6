// The cache, claimOnce and sweepExpired. Both kinds of item carry the table's TTL attribute
// (items/cache.ts); DynamoDB deletes them lazily, so every read compares the clock itself.
import { type SweepReport, wellFormed } from "../../core/kernel/index.ts";
import { json, num, str } from "./attributes.ts";
import { Expression } from "./expression.ts";
import { cacheItem, claimItem } from "./items/cache.ts";
import { keys } from "./keys.ts";
import { checked } from "./limits.ts";
import { DynamoRelationships } from "./relationships.ts";

export abstract class DynamoCache extends DynamoRelationships {
  async getCache<T>(raw: string): Promise<T | undefined> {
    // Keys are stored well formed (attributes.ts), so the comparison is too.
    const key = wellFormed(raw);
    const row = await this.table.get(keys.cache(key));
    if (!row || str(row, "key") !== key) return undefined;
    // DynamoDB deletes expired items lazily (up to days later): the clock decides.
    const expiresAt = num(row, "expiresAt");
    if (expiresAt !== undefined && expiresAt <= this.now()) return undefined;
    return json<T>(row, "value");
  }

  async setCache<T>(key: string, value: T, options?: { ttlMs?: number }): Promise<boolean> {
    const expiresAt = options?.ttlMs === undefined ? null : this.now() + options.ttlMs;
    await this.put(checked(cacheItem(key, value, expiresAt), "cache entry"));
    return true;
  }

  async deleteCache(key: string): Promise<boolean> {
    const old = await this.deleteReturning(keys.cache(key));
    if (!old) return false;
    const expiresAt = num(old, "expiresAt");
    return expiresAt === undefined || expiresAt > this.now();
  }

  async claimOnce(key: string, ttlMs: number, now = this.now()): Promise<boolean> {
    // The expiry is in the condition, so an expired claim is taken over in the same write;
    // the token recognises our own write when the SDK retried a request that had landed.
    const item = claimItem(key, now + ttlMs, crypto.randomUUID());
    const expr = new Expression();
    const condition = `attribute_not_exists(pk) OR ${expr.name("expiresAt")} <= ${expr.value(now)}`;
    return this.putOnce(item, "token", condition, expr);
  }

  /**
   * Nothing to do: claims and cache entries carry the table's TTL attribute, and DynamoDB
   * deletes expired items by itself (lazily, within about 48 h); reads already treat them as
   * absent. Deleting them here would need a Scan of the whole table.
   */
  async sweepExpired(_now: number, _limit: number): Promise<SweepReport> {
    return { claims: 0, cache: 0 };
  }
}
