// Cache entries and claims: both carry the table's TTL attribute, so DynamoDB deletes them
// by itself once expired; `expiresAt` (ms) is what reads and conditions compare.
import { type Item, toJson } from "../attributes.ts";
import { keys, TTL } from "../keys.ts";
import { item, ttlSeconds } from "./item.ts";

export function cacheItem(key: string, value: unknown, expiresAt: number | null): Item {
  return item(
    keys.cache(key),
    {},
    {
      key,
      // JSON has no undefined; store it as null, which reads back as null like the SQL backends.
      value: toJson(value) ?? "null",
      expiresAt,
      [TTL]: expiresAt === null ? undefined : ttlSeconds(expiresAt),
    },
  );
}

export function claimItem(key: string, expiresAt: number, token: string): Item {
  return item(
    keys.claim(key),
    {},
    {
      expiresAt,
      token,
      [TTL]: ttlSeconds(expiresAt),
    },
  );
}
