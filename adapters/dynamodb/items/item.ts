// Domain rows ↔ DynamoDB items: primary key, GSI memberships and attributes per type, one
// module per concern beside this one (items/entities.ts, items/tasks.ts, ...).
// Rows replaced whole or only ever ensured (worlds, rooms, entities, components, participants)
// keep their fields in one JSON `doc`, so an ensure can be a single if_not_exists on it.
// Rows patched field by field (agents, memories, tasks, relationships) keep top-level
// attributes, so a patch is one UpdateItem.
import { type Item, json, type Plain, toAttributes } from "../attributes.ts";
import { GSI, type GsiKeys, gsiPk, gsiSk, type Key } from "../keys.ts";

export type Fields = Record<string, Plain | null | undefined>;

/** Key, GSI and plain attributes as one flat field map. */
export function fields(key: Key, gsis: GsiKeys, values: Fields): Fields {
  const out: Fields = { pk: key.pk, sk: key.sk };
  for (const index of GSI) {
    const gsi = gsis[index];
    if (gsi) {
      out[gsiPk(index)] = gsi.pk;
      out[gsiSk(index)] = gsi.sk;
    }
  }
  return { ...out, ...values };
}

export function item(key: Key, gsis: GsiKeys, values: Fields): Item {
  return toAttributes(fields(key, gsis, values));
}

/** Epoch seconds for the TTL attribute, rounded up so DynamoDB never deletes early. */
export function ttlSeconds(expiresAtMs: number): number {
  return Math.ceil(expiresAtMs / 1000);
}

/** The row of a document item (worlds, rooms, entities, components, participants). */
export function doc<T>(row: Item): T {
  return json<T>(row, "doc") as T;
}
