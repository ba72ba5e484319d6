// parseKeyValueXml and parseJSONObjectFromText on what models really send and on hostile
// text: model output can echo a user's message, so every input below must finish quickly
// (each case is 100k characters; a quadratic scan would take minutes, the test's cap is 10 s).
import { checkSync } from "recheck";
import { describe, expect, it } from "vitest";
import {
  normalizeJsonString,
  parseBooleanFromText,
  parseJSONObjectFromText,
  parseKeyValueXml,
} from "../../core/elizaos/index.ts";
import { PARSER_PATTERNS } from "../../core/kernel/text/parsing.ts";
import { RECHECK_OPTIONS } from "../support/recheck-options.ts";

const N = 100_000;

describe("parseKeyValueXml", () => {
  it("reads a planner answer wrapped in prose and code fences", () => {
    const text = `Sure! Here you go:\n\`\`\`xml\n<response>\n  <thought>User greets me</thought>\n  <actions>REPLY, SEND_MESSAGE</actions>\n  <providers></providers>\n  <text>Hi &amp; welcome</text>\n</response>\n\`\`\``;
    expect(parseKeyValueXml(text)).toEqual({
      thought: "User greets me",
      actions: ["REPLY", "SEND_MESSAGE"],
      providers: [],
      text: "Hi & welcome",
    });
  });

  it("keeps nested elements as their raw inner text and skips self-closing tags", () => {
    const xml =
      '<response><matches><match><name>Alice</name></match></matches><empty/><b x="1">two</b><a><a>in</a></a></response>';
    const parsed = parseKeyValueXml<Record<string, string>>(xml);
    expect(parsed).toEqual({
      matches: "<match><name>Alice</name></match>",
      b: "two",
      a: "<a>in</a>",
    });
    expect(parseKeyValueXml(parsed?.matches ?? "")).toEqual({ name: "Alice" });
  });

  it("uses the first complete element when there is no <response>", () => {
    expect(parseKeyValueXml("noise <x><k>v</k></x> <y><k>w</k></y>")).toEqual({ k: "v" });
    expect(parseKeyValueXml("<a>1</a><b>2</b>")).toBeNull();
  });

  it("returns null for garbage and non-strings", () => {
    for (const input of ["<<<>>>", "</a></b>", "<a", "><", "<response>", null, undefined, 42]) {
      expect(parseKeyValueXml(input as string)).toBeNull();
    }
  });

  it.each([
    ["unclosed opens", "<a>".repeat(N / 3)],
    ["unclosed same-name nesting", `<response>${"<a>".repeat(N / 3)}</response>`],
    ["opens without >", "<a ".repeat(N / 3)],
    ["lone <", "<".repeat(N)],
    ["closes only", "</a>".repeat(N / 4)],
    ["repeated <response>", "<response>".repeat(N / 10)],
    ["many siblings", `<response>${"<k>v</k>".repeat(N / 8)}</response>`],
    ["deep nesting", `<response><d>${"<d>".repeat(N / 8)}${"</d>".repeat(N / 8)}</d></response>`],
  ])(
    "finishes on hostile input: %s",
    (_name, input) => {
      const result = parseKeyValueXml(input);
      expect(result === null || typeof result === "object").toBe(true);
    },
    10_000,
  );

  it("parses the siblings of a long answer", () => {
    const parsed = parseKeyValueXml<Record<string, string>>(
      `<response>${"<k>v</k>".repeat(1000)}<last>end</last></response>`,
    );
    expect(parsed?.k).toBe("v");
    expect(parsed?.last).toBe("end");
  });
});

describe("parseJSONObjectFromText", () => {
  it("reads a flat object's bare values as strings, as elizaOS 1.7.2 does", () => {
    expect(parseJSONObjectFromText('{"name": "Alice", "age": 30, "ok": true}')).toEqual({
      name: "Alice",
      age: "30",
      ok: "true",
    });
  });

  it("reads a fenced or bare object elizaOS's normalizing would break, keeping JSON types", () => {
    expect(
      parseJSONObjectFromText('```json\n{"a": 1, "b": [1, 2], "c": {"d": true}}\n```'),
    ).toEqual({
      a: 1,
      b: [1, 2],
      c: { d: true },
    });
    expect(parseJSONObjectFromText(' {"name": "x"} ')).toEqual({ name: "x" });
  });

  it("repairs single-quoted and bare values as elizaOS does", () => {
    expect(parseJSONObjectFromText(`{"a": 'b'}`)).toEqual({ a: "b" });
    expect(parseJSONObjectFromText('{"a": yes, "b": "x"}')).toEqual({ a: "yes", b: "x" });
    expect(normalizeJsonString('{  "a": yes}')).toBe('{"a": "yes"}');
  });

  it("returns null for arrays, scalars, prose and broken JSON", () => {
    for (const input of [
      "[1,2]",
      "42",
      '"s"',
      "null",
      "no json here",
      '{"a": ',
      "```json\n[1]\n```",
    ]) {
      expect(parseJSONObjectFromText(input)).toBeNull();
    }
  });

  it.each([
    ["open fences", "```json\n".repeat(N / 8)],
    ["bare keys", '{"a": x, '.repeat(N / 9)],
    ["quotes", '"'.repeat(N)],
    ["unterminated string", `{"a": "${"x".repeat(N)}`],
  ])(
    "finishes on hostile input: %s",
    (_name, input) => {
      expect(parseJSONObjectFromText(input)).toBeNull();
    },
    10_000,
  );
});

describe("parseBooleanFromText", () => {
  it("accepts elizaOS's affirmatives and nothing else", () => {
    for (const yes of ["YES", "y", " true ", "T", "1", "on", "Enable", true]) {
      expect(parseBooleanFromText(yes as string)).toBe(true);
    }
    for (const no of ["no", "false", "0", "off", "disable", "maybe", "", null, undefined, false]) {
      expect(parseBooleanFromText(no as string)).toBe(false);
    }
  });
});

describe("the parsers' regexes", () => {
  // Each sees single characters or fixed strings of model output; recheck must call them safe.
  for (const pattern of PARSER_PATTERNS) {
    it(`/${pattern.source}/${pattern.flags} is safe`, () => {
      const result = checkSync(pattern.source, pattern.flags, RECHECK_OPTIONS);
      expect(result.status).toBe("safe");
    });
  }
});
