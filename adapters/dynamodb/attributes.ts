// A marshaller for the few value types this adapter stores, written out rather than taken
// from lib-dynamodb so that every stored type is deliberate: strings, numbers, booleans,
// binary (embeddings) and lists of strings (task tags, for `contains` filters). Free-form
// objects are stored as JSON strings, which gives every backend the same JSON semantics.
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { wellFormed, wellFormedDeep } from "../../core/kernel/index.ts";

export type Item = Record<string, AttributeValue>;

export type Plain = string | number | boolean | Uint8Array | string[];

/** Attributes from plain values; undefined and null are left out (absent means null). */
export function toAttributes(values: Record<string, Plain | null | undefined>): Item {
  const item: Item = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    item[name] = toAttribute(value);
  }
  return item;
}

export function toAttribute(value: Plain): AttributeValue {
  // Lone surrogates become U+FFFD (core/kernel/validation/well-formed.ts), in values and keys alike.
  if (typeof value === "string") return { S: wellFormed(value) };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`cannot store the number ${value}`);
    return { N: String(value) };
  }
  if (typeof value === "boolean") return { BOOL: value };
  if (value instanceof Uint8Array) return { B: value };
  return { L: value.map((s) => ({ S: wellFormed(s) })) };
}

export function str(item: Item, name: string): string | undefined {
  return item[name]?.S;
}

export function num(item: Item, name: string): number | undefined {
  const n = item[name]?.N;
  return n === undefined ? undefined : Number(n);
}

export function bool(item: Item, name: string): boolean | undefined {
  return item[name]?.BOOL;
}

export function bin(item: Item, name: string): Uint8Array | undefined {
  return item[name]?.B;
}

export function strList(item: Item, name: string): string[] | undefined {
  return item[name]?.L?.map((v) => v.S ?? "");
}

export function json<T>(item: Item, name: string): T | undefined {
  const text = item[name]?.S;
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

/** JSON text of a value, or undefined when JSON has nothing to say (undefined itself). */
export function toJson(value: unknown): string | undefined {
  // Before stringifying: JSON.stringify would hide a lone surrogate as "\ud800".
  return value === undefined ? undefined : JSON.stringify(wellFormedDeep(value));
}

/** An embedding as little-endian float32, 4 bytes a component (pgvector's precision too). */
export function encodeEmbedding(embedding: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(embedding.length * 4);
  const view = new DataView(bytes.buffer);
  for (const [i, value] of embedding.entries()) view.setFloat32(i * 4, value, true);
  return bytes;
}

export function decodeEmbedding(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Array<number>(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
