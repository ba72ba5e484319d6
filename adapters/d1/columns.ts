// Text and JSON columns that store only well-formed text (core/kernel/validation/well-formed.ts): a lone
// surrogate becomes U+FFFD on the way in, in values, in JSON strings and keys, and in lookups,
// as on every backend. drizzle's own JSON mode would hide it as "\ud800" and hand it back broken.
import { customType } from "drizzle-orm/sqlite-core";
import { wellFormed, wellFormedDeep } from "../../core/kernel/index.ts";

export const text = customType<{ data: string; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => (typeof value === "string" ? wellFormed(value) : value),
});

export function json<T>(name: string) {
  return customType<{ data: T; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => JSON.stringify(wellFormedDeep(value)),
    fromDriver: (value) => JSON.parse(value) as T,
  })(name);
}
