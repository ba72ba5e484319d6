// elizaOS's BM25 index, checked against @elizaos/core's own on the same documents and queries:
// same rankings, same scores.
import { readFileSync } from "node:fs";
import { checkSync } from "recheck";
import { describe, expect, it } from "vitest";
import { BM25 } from "../../core/elizaos/index.ts";
import { BM25_PATTERNS } from "../../core/kernel/search/bm25.ts";
import { stem } from "../../core/kernel/search/porter2.ts";
import { real } from "../support/real-elizaos-core.ts";
import { RECHECK_OPTIONS } from "../support/recheck-options.ts";

const docs = [
  { title: "Cooking pasta", body: "Boil water, add salt, cook the pasta for ten minutes.", id: 1 },
  { title: "Baking bread", body: "Flour, water, yeast and salt. Knead, rise, bake at 230°C." },
  { title: "Café culture", body: "Espresso, crème brûlée and a croissant ☕ — c'est la vie!" },
  { title: "Pasta sauces", body: "Tomato sauce for pasta; pesto; carbonara with eggs and cheese." },
  { title: "Numbers", body: "Route 66 and 1984 and 3 little pigs, 日本語のテキスト too." },
];
const queries = [
  "pasta",
  "salt water",
  "creme brulee",
  "1984",
  "3",
  "the and of",
  "日本語のテキスト",
  "sauce pasta cheese",
];

describe("BM25 matches elizaOS's", () => {
  it("ranks and scores searches the same, with and without field boosts", () => {
    for (const options of [{}, { fieldBoosts: { title: 2.5 } }, { k1: 2, b: 0.3, minLength: 3 }]) {
      const ours = new BM25(docs, options);
      const theirs = new real.BM25(docs, options);
      for (const query of queries) {
        expect({ query, options, hits: ours.search(query, 3) }).toEqual({
          query,
          options,
          hits: theirs.search(query, 3),
        });
      }
    }
  });

  it("matches phrases, incremental adds and document access the same", async () => {
    const ours = new BM25();
    const theirs = new real.BM25();
    await ours.addDocuments(docs);
    await theirs.addDocuments(docs);
    for (const phrase of ["pasta sauces", "water add salt", "salt water", "crème brûlée"]) {
      expect({ phrase, hits: ours.searchPhrase(phrase) }).toEqual({
        phrase,
        hits: theirs.searchPhrase(phrase),
      });
    }
    expect(ours.search("bread salt")).toEqual(theirs.search("bread salt"));
    expect(ours.getDocumentCount()).toBe(5);
    expect(ours.getDocument(2)).toBe(docs[2]);
    expect(() => ours.getDocument(9)).toThrow(/out of bounds/);
    ours.clearDocuments();
    expect(ours.search("pasta")).toEqual([]);
  });

  it("refuses empty text as elizaOS does", () => {
    expect(() => new BM25(docs).search("")).toThrow(/cannot be null or empty/);
  });

  it("stems every word as elizaOS's Porter2 does", () => {
    // Thousands of English words from pinned package files: prompts and docs.
    const text = ["@elizaos/plugin-bootstrap/dist/index.js", "typescript/lib/lib.es5.d.ts"]
      .map((file) => readFileSync(new URL(`../../node_modules/${file}`, import.meta.url), "utf8"))
      .join(" ");
    const words = [...new Set(text.toLowerCase().match(/[a-z]{3,}/g) ?? [])];
    expect(words.length).toBeGreaterThan(3000);
    const theirs = new real.BM25([], { stemming: true, stopWords: new Set() }) as unknown as {
      tokenizer: { tokenize(text: string): { tokens: string[] } };
    };
    const mismatches = words
      .map((word) => ({
        word,
        ours: stem(word),
        theirs: theirs.tokenizer.tokenize(word).tokens[0],
      }))
      .filter((w) => w.ours !== w.theirs);
    expect(mismatches).toEqual([]);
    const known: Array<[string, string]> = [
      ["running", "run"],
      ["generously", "generous"],
      ["skies", "sky"],
      ["constructor", "constructor"],
    ];
    for (const [word, stemmed] of known) expect(stem(word)).toBe(stemmed);
  });

  it("searches with stemming as elizaOS does", () => {
    const ours = new BM25(docs, { stemming: true });
    const theirs = new real.BM25(docs, { stemming: true });
    for (const query of ["cooked pastas", "boiling", "sauces", "baked breads"]) {
      expect({ query, hits: ours.search(query) }).toEqual({ query, hits: theirs.search(query) });
    }
  });

  it("tokenizes with regexes recheck calls safe", () => {
    for (const pattern of BM25_PATTERNS) {
      expect({
        pattern: pattern.source,
        status: checkSync(pattern.source, pattern.flags, RECHECK_OPTIONS).status,
      }).toEqual({
        pattern: pattern.source,
        status: "safe",
      });
    }
  });
});
