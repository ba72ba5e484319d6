// Metadata filters as Vectorize documents them (reference/metadata-filtering): keys name a
// metadata index (dots address nested fields), values are an implicit $eq or one operator
// object ($eq $ne $in $nin, or a lower and/or an upper bound). A filter only sees what a
// metadata index holds: vectors written before the index existed, or without the property,
// are in no index and match no clause on it.
import { invalid, LIMITS, truncateUtf8, utf8Bytes } from "./limits.ts";

export type IndexType = "string" | "number" | "boolean";
export type Indexed = string | number | boolean;
/** A vector's entries in the metadata indexes: property → indexed value. */
export type IndexEntries = ReadonlyMap<string, Indexed>;
export type Predicate = (entries: IndexEntries) => boolean;

const EQUALITY = new Set(["$eq", "$ne"]);
const COLLECTION = new Set(["$in", "$nin"]);
const LOWER = new Set(["$gt", "$gte"]);
const UPPER = new Set(["$lt", "$lte"]);

/** The value a metadata index of `type` keeps for `value`, or undefined when it keeps none. */
export function indexedValue(type: IndexType, value: unknown): Indexed | undefined {
  if (type === "string" && typeof value === "string") {
    return truncateUtf8(value, LIMITS.indexedStringBytes);
  }
  if (type === "number" && typeof value === "number" && Number.isFinite(value)) return value;
  if (type === "boolean" && typeof value === "boolean") return value;
  return undefined;
}

/** Validates `filter` and returns the test a vector's index entries must pass. */
export function compileFilter(filter: unknown, indexes: ReadonlyMap<string, IndexType>): Predicate {
  if (typeof filter !== "object" || filter === null || Array.isArray(filter)) {
    throw invalid(40020, "filter must be an object");
  }
  const entries = Object.entries(filter as Record<string, unknown>);
  if (entries.length === 0) throw invalid(40021, "filter must be a non-empty object");
  if (utf8Bytes(JSON.stringify(filter)) >= LIMITS.filterBytes) {
    throw invalid(40022, `filter must be shorter than ${LIMITS.filterBytes} bytes as JSON`);
  }
  const clauses = entries.map(([key, condition]) => {
    checkFilterKey(key);
    // Without a metadata index on the key, no vector is in one: the clause admits nothing.
    const test = compileCondition(key, condition, indexes.get(key) ?? "string");
    const indexed = indexes.has(key);
    return (found: IndexEntries) => {
      const value = found.get(key);
      return indexed && value !== undefined && test(value);
    };
  });
  return (found) => clauses.every((clause) => clause(found));
}

function checkFilterKey(key: string): void {
  if (
    key === "" ||
    key.includes('"') ||
    key.startsWith("$") ||
    key.length > LIMITS.maxFilterKeyChars
  ) {
    throw invalid(40023, `invalid filter key ${JSON.stringify(key.slice(0, 80))}`);
  }
}

type Test = (value: Indexed) => boolean;

function compileCondition(key: string, condition: unknown, type: IndexType): Test {
  if (isScalar(condition)) return equals(condition, type);
  if (typeof condition !== "object" || Array.isArray(condition)) {
    throw invalid(40024, `filter ${key}: expected a value or an operator object`);
  }
  const ops = Object.entries(condition as Record<string, unknown>);
  const names = ops.map(([op]) => op);
  const ranges =
    names.length === 2 && names.some((n) => LOWER.has(n)) && names.some((n) => UPPER.has(n));
  if (names.length !== 1 && !ranges) {
    throw invalid(40025, `filter ${key}: only a lower bound may be combined with an upper bound`);
  }
  const tests = ops.map(([op, operand]) => compileOperator(key, op, operand, type));
  return (value) => tests.every((test) => test(value));
}

function compileOperator(key: string, op: string, operand: unknown, type: IndexType): Test {
  if (EQUALITY.has(op)) {
    if (!isScalar(operand)) throw invalid(40026, `filter ${key}: ${op} takes a scalar or null`);
    const test = equals(operand, type);
    return op === "$eq" ? test : (value) => !test(value);
  }
  if (COLLECTION.has(op)) {
    if (!Array.isArray(operand) || !operand.every(isScalar)) {
      throw invalid(40027, `filter ${key}: ${op} takes an array of scalars`);
    }
    const tests = operand.map((one) => equals(one, type));
    const any: Test = (value) => tests.some((test) => test(value));
    return op === "$in" ? any : (value) => !any(value);
  }
  if (LOWER.has(op) || UPPER.has(op)) {
    if (typeof operand !== "number" && typeof operand !== "string") {
      throw invalid(40028, `filter ${key}: ${op} takes a number or a string`);
    }
    return (value) => {
      if (typeof value !== typeof operand) return false;
      const order = value < operand ? -1 : value > operand ? 1 : 0;
      if (op === "$gt") return order > 0;
      if (op === "$gte") return order >= 0;
      if (op === "$lt") return order < 0;
      return order <= 0;
    };
  }
  throw invalid(40029, `filter ${key}: unknown operator ${op}`);
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** Equality as the index sees it: strings compared on their indexed (first 64 bytes) form. */
function equals(operand: string | number | boolean | null, type: IndexType): Test {
  const indexed = operand === null ? undefined : indexedValue(type, operand);
  return (value) => indexed !== undefined && indexed === value;
}
