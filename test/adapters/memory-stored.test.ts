// stored() copies plain rows in one walk instead of a JSON round trip: whatever it is given,
// the result must be what the round trip gives (the contract every other backend keeps).
import { describe, expect, it } from "vitest";
import { detached, detachedMemory, stored, storedWithout } from "../../adapters/memory/base.ts";
import { wellFormedDeep } from "../../core/index.ts";

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(wellFormedDeep(value)));

class Point {
  x = 1;
}

const deep = (levels: number): unknown => (levels === 0 ? "\ud800end" : { d: deep(levels - 1) });

const cases: [string, unknown][] = [
  ["a plain row", { id: "x", content: { text: "hi", actions: ["REPLY"] }, createdAt: 5 }],
  ["undefined fields", { a: undefined, b: 1, c: { d: undefined } }],
  ["-0 and numbers", { z: -0, n: [1.5, -0, 1e300] }],
  ["NaN and Infinity", { a: Number.NaN, b: [Number.POSITIVE_INFINITY] }],
  ["a Date", { at: new Date(0) }],
  ["toJSON", { v: { toJSON: () => "j" } }],
  ["a class instance", { p: new Point() }],
  ["a Map", { m: new Map([[1, 2]]) }],
  ["a typed array", { e: new Float32Array([1, 2]) }],
  ["undefined in an array", { a: [1, undefined, 3] }],
  // biome-ignore lint/suspicious/noSparseArray: a hole is the case
  ["a sparse array", { a: [1, , 3] }],
  ["a function field", { f: () => 1, g: 2 }],
  ["a symbol field", { s: Symbol("x"), t: 2 }],
  ["lone surrogates", { "\udc00k": "v\ud800", list: ["\ud83d"] }],
  ["a __proto__ key", JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')],
  ["integer-like keys", { b: 1, 2: "two", a: 3, 1: "one" }],
  ["a null prototype", Object.assign(Object.create(null), { a: 1 })],
  ["nesting past 64", deep(70)],
  ["nesting at 63", deep(63)],
  ["top-level string", "plain\ud800"],
  ["top-level null", null],
  ["booleans", [true, false]],
];

describe("memory storage's stored()", () => {
  for (const [name, value] of cases) {
    it(`gives the JSON round trip's result: ${name}`, () => {
      const copy = stored(value);
      expect(copy).toStrictEqual(roundTrip(value));
      if (copy && typeof copy === "object") {
        expect(Object.keys(copy)).toEqual(Object.keys(roundTrip(value)));
        expect(copy).not.toBe(value);
      }
    });
  }

  it("throws as the round trip does on a cycle and a bigint", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => stored(cycle)).toThrow(TypeError);
    expect(() => stored({ n: 1n })).toThrow(TypeError);
  });

  it("keeps -0 out: the round trip gives 0", () => {
    expect(Object.is((stored({ z: -0 }) as { z: number }).z, 0)).toBe(true);
  });
});

describe("memory storage's one-copy helpers", () => {
  const withOmitted = (value: Record<string, unknown>, key: string) => {
    const { [key]: _omitted, ...rest } = value;
    return rest;
  };
  for (const [name, value] of cases) {
    if (!value || typeof value !== "object" || Array.isArray(value)) continue;
    const row = { ...(value as Record<string, unknown>), similarity: 0.5 };
    it(`storedWithout is stored() then the field left out: ${name}`, () => {
      const expected = withOmitted(stored(row), "similarity");
      const copy = storedWithout(row, "similarity");
      expect(copy).toStrictEqual(expected);
      expect(Object.keys(copy)).toEqual(Object.keys(expected));
    });
  }

  it("detachedMemory is detached() then the field left out, and shares no object", () => {
    const row = stored({
      id: "m",
      tableName: "messages",
      content: { text: "hi", actions: ["REPLY"], nested: [{ a: 1 }] },
      metadata: { type: "message" },
      ...JSON.parse('{"__proto__": {"x": 1}}'),
    });
    const copy = detachedMemory(row) as typeof row;
    expect(copy).toStrictEqual(withOmitted(detached(row), "tableName"));
    expect(Object.keys(copy)).toEqual(Object.keys(row).filter((k) => k !== "tableName"));
    expect(copy.content).not.toBe(row.content);
    expect(copy.content.nested[0]).not.toBe(row.content.nested[0]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });
});
