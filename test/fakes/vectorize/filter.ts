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
    const test = compileCondition(key, condition);
    const type = indexes.get(key);
    return (found: IndexEntries) => {
      const value = found.get(key);
      return type !== undefined && value !== undefined && test(value, type);
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

type Test = (value: Indexed, type: IndexType) => boolean;

function compileCondition(key: string, condition: unknown): Test {
  if (isScalar(condition)) return equals(condition);
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
  const tests = ops.map(([op, operand]) => compileOperator(key, op, operand));
  return (value, type) => tests.every((test) => test(value, type));
}

function compileOperator(key: string, op: string, operand: unknown): Test {
  if (EQUALITY.has(op)) {
    if (!isScalar(operand)) throw invalid(40026, `filter ${key}: ${op} takes a scalar or null`);
    const test = equals(operand);
    return op === "$eq" ? test : (value, type) => !test(value, type);
  }
  if (COLLECTION.has(op)) {
    if (!Array.isArray(operand) || !operand.every(isScalar)) {
      throw invalid(40027, `filter ${key}: ${op} takes an array of scalars`);
    }
    const tests = operand.map(equals);
    const any: Test = (value, type) => tests.some((test) => test(value, type));
    return op === "$in" ? any : (value, type) => !any(value, type);
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
function equals(operand: string | number | boolean | null): Test {
  return (value, type) => {
    if (operand === null) return false;
    const indexed = indexedValue(type, operand);
    return indexed !== undefined && indexed === value;
  };
}
