// The run row's size check walks the row for an upper bound before printing it: the bound must
// never say "fits" for a row JSON prints longer, and must leave what JSON prints its own way
// (toJSON, bigint, cycles) to JSON.stringify.
import { describe, expect, it } from "vitest";
import { jsonLengthAtMost } from "../../core/runtime/runs/tracker.ts";

const hostile = '\u0000\u001f"\\\ud800\u2028é😀';

const cases: [string, unknown][] = [
  ["a plain row", { runId: "r", events: [{ type: "RUN_STARTED", timestamp: 1, data: {} }] }],
  ["escapes everywhere", { [hostile]: [hostile, { [hostile]: hostile }] }],
  ["numbers", [1e300, -1.2345678901234567e-30, -0, 0.1]],
  ["booleans and nulls", [true, false, null, { a: null }]],
  ["undefined", { a: undefined, b: [undefined] }],
  ["empty", [{}, [], ""]],
];

describe("jsonLengthAtMost", () => {
  for (const [name, value] of cases) {
    it(`never says a row fits that prints longer: ${name}`, () => {
      const length = JSON.stringify(value).length;
      expect(jsonLengthAtMost(value, length - 1)).toBe(false);
      // With room to spare it says so (the bound is at most six times the printed length).
      expect(jsonLengthAtMost(value, length * 6 + 64)).toBe(true);
    });
  }

  it("leaves what JSON prints its own way to JSON.stringify", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    for (const value of [
      { at: new Date(0) },
      { v: { toJSON: () => "x" } },
      { n: 1n },
      cycle,
      { f: () => 1 },
      { s: Symbol("s") },
    ]) {
      expect(jsonLengthAtMost(value, 1_000_000)).toBe(false);
    }
  });
});
