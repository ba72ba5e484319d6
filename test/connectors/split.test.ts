import { describe, expect, it } from "vitest";
import { splitText } from "../../connectors/index.ts";

describe("splitText", () => {
  it("leaves a short text whole and drops a blank one", () => {
    expect(splitText("  hello  ", 10)).toEqual(["hello"]);
    expect(splitText(" \n ", 10)).toEqual([]);
    expect(splitText("x".repeat(10), 10)).toEqual(["x".repeat(10)]);
  });

  it("cuts at a paragraph, then a line, then a sentence, then a space", () => {
    expect(splitText("aaaa aaaa\n\nbbbb", 12)).toEqual(["aaaa aaaa", "bbbb"]);
    expect(splitText("aaaa aaaa\nbbbb", 12)).toEqual(["aaaa aaaa", "bbbb"]);
    expect(splitText("Aaa aa. Bbb bb", 10)).toEqual(["Aaa aa.", "Bbb bb"]);
    expect(splitText("aaaa bbbb cccc", 10)).toEqual(["aaaa bbbb", "cccc"]);
  });

  it("cuts a word with no break at the limit, never inside a surrogate pair", () => {
    expect(splitText("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
    const emoji = "😀".repeat(6); // 12 UTF-16 units
    const parts = splitText(`a${emoji}`, 4);
    expect(parts.join("")).toBe(`a${emoji}`);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(4);
      expect(part).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
  });

  it("keeps every word of a long text within the limit", () => {
    const text = Array.from({ length: 3000 }, (_, i) => (i % 17 === 0 ? `s${i}.\n` : `w${i}`)).join(
      " ",
    );
    const parts = splitText(text, 4096);
    expect(parts.every((p) => p.length <= 4096 && p.length > 2048)).toBe(false); // last may be short
    expect(parts.slice(0, -1).every((p) => p.length <= 4096 && p.length > 2048)).toBe(true);
    expect(parts.join(" ").split(/\s+/)).toEqual(text.split(/\s+/));
  });

  it("refuses a nonsensical limit", () => {
    expect(() => splitText("abc", 1)).toThrow(/limit/);
  });
});
