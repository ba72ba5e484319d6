// wellFormedDeep normalises each value once: it used to normalise a changed value twice per
// level, so a value nested a few dozen deep around one lone surrogate never came back. That
// this file finishes at all is the check; no clock is read.
import { describe, expect, it } from "vitest";
import { wellFormedDeep } from "../../core/index.ts";

const nested = (levels: number, leaf: unknown): unknown =>
  levels === 0 ? leaf : { before: "a", d: nested(levels - 1, leaf), after: ["b"] };

describe("wellFormedDeep", () => {
  it("returns a deep value around a lone surrogate, fixed, with the keys in order", () => {
    const value = nested(60, "\ud800");
    const fixed = wellFormedDeep(value) as Record<string, unknown>;
    expect(JSON.stringify(fixed)).toBe(JSON.stringify(value).replace("\\ud800", "\ufffd"));
    expect(Object.keys(fixed)).toEqual(["before", "d", "after"]);
  });

  it("returns the value itself when nothing needs a change", () => {
    const value = nested(10, "fine");
    expect(wellFormedDeep(value)).toBe(value);
  });

  it("fixes keys and the values after the first change", () => {
    expect(wellFormedDeep({ a: 1, "\udc00": "x", c: "\ud800" })).toEqual({
      a: 1,
      "\ufffd": "x",
      c: "\ufffd",
    });
  });
});
