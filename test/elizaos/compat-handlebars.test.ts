// composePrompt's Handlebars subset against elizaOS's real Handlebars: 1,000 templates drawn
// from a small grammar (values, paths, #if/else, #unless, #each over arrays and objects,
// #with, comments, standalone lines) with a fixed seed, so failures reproduce.

import { describe, expect, it } from "vitest";
import { composePrompt } from "../../core/elizaos/index.ts";
import { real } from "../support/real-elizaos-core.ts";

const values = {
  a: "A",
  b: "",
  n: 0,
  t: true,
  f: false,
  list: ["x", "y"],
  empty: [],
  obj: { k: "v", inner: { d: "deep" } },
  objs: [{ k: "1" }, { k: "2" }],
};

function templates(count: number, seed: number): string[] {
  let state = seed;
  const rand = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const pick = <T>(items: readonly T[]): T => items[rand(items.length)] as T;
  const spacing = ["", " ", "\n", "  \n", "\n  "];
  const gen = (depth: number): string => {
    let out = "";
    for (let i = 1 + rand(4); i > 0; i--) {
      const r = rand(10);
      const ws = pick(spacing);
      if (r < 3 || depth > 2) {
        out +=
          pick([
            "{{a}}",
            "{{b}}",
            "{{n}}",
            "{{t}}",
            "{{obj.k}}",
            "{{obj.inner.d}}",
            "{{missing}}",
            "{{{a}}}",
            "{{list}}",
            "text",
            "{{this.a}}",
          ]) + ws;
      } else if (r < 5) {
        const cond = pick(["a", "b", "n", "t", "f", "list", "empty", "missing"]);
        const otherwise = pick(["", `{{else}}${ws}${gen(depth + 1)}`]);
        out += `{{#if ${cond}}}${ws}${gen(depth + 1)}${otherwise}{{/if}}${ws}`;
      } else if (r < 6) {
        out += `{{#unless ${pick(["a", "b", "f"])}}}${ws}${gen(depth + 1)}{{/unless}}${ws}`;
      } else if (r < 8) {
        const item = pick([
          "{{this}}",
          "{{@index}}",
          "{{k}}",
          "{{@key}}",
          "{{../a}}",
          "{{@first}}-{{@last}}",
        ]);
        out += `{{#each ${pick(["list", "empty", "objs", "obj"])}}}${ws}${item}${ws}{{/each}}${ws}`;
      } else if (r < 9) {
        out += `{{#with obj}}${ws}{{k}}{{inner.d}}${ws}{{/with}}${ws}`;
      } else {
        out += `{{! note }}${ws}`;
      }
    }
    return out;
  };
  return Array.from({ length: count }, () => gen(0));
}

describe("composePrompt renders as elizaOS's Handlebars", () => {
  it("on 1,000 generated templates", () => {
    const mismatches = templates(1000, 20260702)
      .map((template) => ({
        template,
        ours: composePrompt({ state: values, template }),
        theirs: real.composePrompt({ state: values as never, template }),
      }))
      .filter((c) => c.ours !== c.theirs);
    expect(mismatches).toEqual([]);
  });
});
