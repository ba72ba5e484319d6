// Pathological user text and model output against every parser that reads them. The work is
// measured, never timed: the longest string any regex is handed (bytes) and the characters
// the indexOf scans walk (steps), both counted by wrapping the built-ins during one call.
import { afterEach, describe, expect, it } from "vitest";
import { parseUpdate } from "../../connectors/telegram/parse.ts";
import type { TelegramUpdate } from "../../connectors/telegram/types.ts";
import { createElizaEngine } from "../../core/features/eliza/index.ts";
import { MAX_INPUT_CHARS } from "../../core/features/eliza/tokens.ts";
import {
  MAX_REMINDER_INPUT_CHARS,
  parseReminder,
} from "../../core/features/reminders/parse-reminder.ts";
import { bearerToken, MAX_AUTHORIZATION_CHARS } from "../../core/http/auth.ts";
import type { AgentRuntime } from "../../core/index.ts";
import {
  MAX_RESPONSE_CHARS,
  parseResponse,
  salvageText,
} from "../../core/kernel/text/parse-response.ts";
import { parseParams } from "../../core/runtime/actions/parse-params.ts";

interface Work {
  /** The longest string handed to any regex. */
  longestRegexInput: number;
  /** Regex executions (a global replace or matchAll counts each match). */
  regexRuns: number;
  /** Characters walked by String.prototype.indexOf. */
  scanned: number;
}

const realExec = RegExp.prototype.exec;
const realIndexOf = String.prototype.indexOf;
afterEach(() => {
  RegExp.prototype.exec = realExec;
  String.prototype.indexOf = realIndexOf;
});

/** Runs fn while counting the work regexes and indexOf do. */
function measure<T>(fn: () => T): { result: T; work: Work } {
  const { work, restore } = counting();
  try {
    return { result: fn(), work };
  } finally {
    restore();
  }
}

/** measure, for an async fn: counts until its promise settles (nothing else runs meanwhile). */
async function measureAsync<T>(fn: () => Promise<T>): Promise<{ result: T; work: Work }> {
  const { work, restore } = counting();
  try {
    return { result: await fn(), work };
  } finally {
    restore();
  }
}

function counting(): { work: Work; restore(): void } {
  const work: Work = { longestRegexInput: 0, regexRuns: 0, scanned: 0 };
  // replace, test, match and matchAll all call `exec` once a RegExp.prototype is modified.
  RegExp.prototype.exec = function (this: RegExp, input: string) {
    work.regexRuns++;
    work.longestRegexInput = Math.max(work.longestRegexInput, String(input).length);
    return realExec.call(this, input);
  };
  String.prototype.indexOf = function (this: string, search: string, from?: number) {
    const start = Math.max(0, Math.min(from ?? 0, this.length));
    const found = realIndexOf.call(this, search, start);
    work.scanned += (found === -1 ? this.length : found) - start;
    return found;
  };
  return {
    work,
    restore() {
      RegExp.prototype.exec = realExec;
      String.prototype.indexOf = realIndexOf;
    },
  };
}

const runs = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length));
const PATHOLOGICAL: Record<string, (chars: number) => string> = {
  dots: (n) => `${runs(".", n)}x`,
  bangs: (n) => `remind me in 5 minutes to stretch ${runs("!", n)}`,
  spaces: (n) => `remind me ${runs(" ", n)}x in 5 minutes`,
  "remind me": (n) => `${runs("remind me ", n)}x`,
  "remind me every": (n) => `${runs("remind me every ", n)}minute`,
  "@": (n) => runs("@", n),
  "<": (n) => runs("<", n),
  "<response>": (n) => runs("<response>", n),
  "<a>": (n) => `<response>${runs("<a>", n)}`,
  "</a>": (n) => `<response>${runs("</a", n)}>`,
  "<text>": (n) => runs("<text ", n),
  mixed: (n) => runs("<response> remind me <a>.!? @x </ ", n),
};

describe("the measuring harness", () => {
  it("sees the regexes String methods run", () => {
    const { work } = measure(() => "a b".replace(/\s+/g, "-") + String(/x/.test("xyz")));
    expect(work.regexRuns).toBeGreaterThan(0);
    expect(work.longestRegexInput).toBe(3);
  });
});

describe("reminder parser", () => {
  it("hands no regex more than its cap, at the cap and far above it", async () => {
    for (const [name, make] of Object.entries(PATHOLOGICAL)) {
      for (const size of [MAX_REMINDER_INPUT_CHARS - 20, 16_000, 200_000]) {
        const input = make(size);
        const { work } = await measureAsync(() => parseReminder(input));
        expect(work.longestRegexInput, `${name} × ${size}`).toBeLessThanOrEqual(
          MAX_REMINDER_INPUT_CHARS,
        );
        if (input.length > MAX_REMINDER_INPUT_CHARS) expect(work.regexRuns, name).toBe(0);
      }
    }
  });

  it("still reads a request ending in a long run of marks", async () => {
    expect(await parseReminder(`remind me in 5 minutes to stretch${"!".repeat(1000)}`)).toEqual({
      kind: "once",
      delayMs: 300_000,
      what: "stretch",
    });
    expect(await parseReminder(`${".".repeat(16_000)}x`)).toBeNull();
  });
});

describe("planner XML", () => {
  it("reads <params> with the same bounded work, however the tags nest or fail to close", () => {
    const shapes: Record<string, (n: number) => string> = {
      "<a> in params": (n) => `<response><params>${runs("<a>", n)}</params></response>`,
      "<b> in an action": (n) => `<response><params><A>${runs("<b>", n)}</A></params></response>`,
      "many actions": (n) => `<response><params>${runs("<A><b>1</b></A>", n)}</params></response>`,
      unclosed: (n) => `<response><params><A>${runs("<b>1</b><c>", n)}</params></response>`,
      escapes: (n) => `<response><params><A><b>${runs("&amp;lt;", n)}</b></A></params></response>`,
    };
    for (const [name, make] of Object.entries(shapes)) {
      for (const size of [10_000, MAX_RESPONSE_CHARS, 300_000]) {
        const input = make(size);
        const { work } = measure(() => {
          const parsed = parseResponse(input);
          return parsed.kind === "xml" ? parseParams(parsed.fields.params) : {};
        });
        expect(work.longestRegexInput, `${name} × ${size}`).toBeLessThanOrEqual(MAX_RESPONSE_CHARS);
        expect(work.scanned, `${name} × ${size}`).toBeLessThanOrEqual(16 * MAX_RESPONSE_CHARS);
      }
    }
  });

  it("walks each character a bounded number of times and hands regexes at most the cap", () => {
    for (const [name, make] of Object.entries(PATHOLOGICAL)) {
      for (const size of [10_000, MAX_RESPONSE_CHARS, 300_000]) {
        const input = make(size);
        const parsed = measure(() => parseResponse(input));
        const salvaged = measure(() => salvageText(input));
        for (const { work } of [parsed, salvaged]) {
          expect(work.longestRegexInput, `${name} × ${size}`).toBeLessThanOrEqual(
            MAX_RESPONSE_CHARS + "</text>".length,
          );
          expect(work.scanned, `${name} × ${size}`).toBeLessThanOrEqual(8 * MAX_RESPONSE_CHARS);
        }
      }
    }
  });

  it("parses what it parsed before", () => {
    expect(
      parseResponse(
        "Sure!\n<response><thought>t</thought><actions>REPLY</actions><text>a &lt; b</text></response>",
      ),
    ).toEqual({ kind: "xml", fields: { thought: "t", actions: "REPLY", text: "a < b" } });
    // A field name is matched exactly; an unclosed field is skipped, a later one still read.
    expect(
      parseResponse("<response><a>open <b>x</b><TEXT>y</text><Text>z</Text></response>"),
    ).toEqual({ kind: "xml", fields: { b: "x", text: "z" } });
    expect(parseResponse("<RESPONSE><text>hi</text></Response>")).toEqual({
      kind: "xml",
      fields: { text: "hi" },
    });
    expect(parseResponse("<response><text>never closed")).toEqual({
      kind: "malformed",
      raw: "<response><text>never closed",
    });
    expect(parseResponse("a <text without end")).toEqual({
      kind: "plain",
      text: "a <text without end",
    });
    expect(parseResponse("just talking")).toEqual({ kind: "plain", text: "just talking" });
    expect(salvageText("<response><thought>x</thought><text>Hello <b>there</b>")).toBe(
      "Hello there",
    );
    expect(salvageText("no <text> close <i>here")).toBe("close here");
    // As before, a "<" swallows everything up to the next ">".
    expect(salvageText("1 < 2 and <b>bold</b> &amp; more")).toBe("1 bold & more");
  });
});

describe("ELIZA engine", () => {
  it("answers a huge message reading at most its cap", () => {
    const eliza = createElizaEngine();
    for (const [name, make] of Object.entries(PATHOLOGICAL)) {
      const { result, work } = measure(() => eliza.respond(make(200_000), "room"));
      expect(result, name).not.toBe("");
      // The reply is built from the capped input, so prose sees at most twice the cap.
      expect(work.longestRegexInput, name).toBeLessThanOrEqual(2 * MAX_INPUT_CHARS);
    }
  });
});

describe("bearer header", () => {
  it("refuses an oversized header without matching it", () => {
    const header = `Bearer ${" ".repeat(100_000)}x`;
    const { result, work } = measure(() => bearerToken(header));
    expect(result).toBeUndefined();
    expect(work.regexRuns).toBe(0);
    expect(bearerToken(`Bearer ${" ".repeat(MAX_AUTHORIZATION_CHARS)}`)).toBeUndefined();
    expect(bearerToken("bearer   tok  ")).toBe("tok");
    expect(bearerToken("Basic tok")).toBeUndefined();
    expect(bearerToken("Bearer ")).toBeUndefined();
  });
});

describe("Telegram mentions", () => {
  it("reads a bounded slice per entity, however many entities claim the whole text", () => {
    const text = `@eliza_test_bot ${"x".repeat(60_000)}`;
    const entities = Array.from({ length: 2000 }, () => ({
      type: "mention",
      offset: 0,
      length: 1_000_000,
    }));
    const update = {
      update_id: 1,
      message: { message_id: 1, chat: { id: -5, type: "group" }, from: { id: 7 }, text, entities },
    };
    const realSlice = String.prototype.slice;
    let copied = 0;
    String.prototype.slice = function (this: string, start?: number, end?: number) {
      const out = realSlice.call(this, start, end);
      copied += out.length;
      return out;
    };
    try {
      const runtime = {
        agentId: "00000000-0000-0000-0000-000000000001",
      } as unknown as AgentRuntime;
      const parsed = parseUpdate(runtime, update as TelegramUpdate, {
        key: "k",
        username: "eliza_test_bot",
      });
      expect(parsed.kind).toBe("message");
    } finally {
      String.prototype.slice = realSlice;
    }
    // The text itself is copied a few times; the entities add at most their bound each.
    expect(copied).toBeLessThanOrEqual(10 * text.length + 2000 * 128);
  });
});
