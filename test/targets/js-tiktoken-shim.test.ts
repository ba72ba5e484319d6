// The js-tiktoken stand-in that a Worker aliases for published model plugins (README, "Plugin
// size on Workers"): decode gives back exactly what encode took, across encoders, as the
// plugins' TEXT_TOKENIZER_ENCODE/_DECODE handlers and trimTokens need; counts stay word-sized.
import { describe, expect, it } from "vitest";
import { encodingForModel, getEncoding } from "../../targets/cloudflare/shims/index.ts";

const TEXTS = [
  "Hello, world! How are you today?",
  "  leading and trailing spaces  ",
  "emoji 🐝 and ünïcödé, 日本語のテキスト, tabs\tand\nnewlines\n",
  "",
  "x".repeat(5000),
];

describe("the js-tiktoken stand-in", () => {
  it.each(TEXTS)("decodes %j back exactly, with another encoder", (text) => {
    const tokens = encodingForModel("gpt-4o").encode(text);
    expect(getEncoding("o200k_base").decode(tokens)).toBe(text);
  });

  it("keeps the plugins' trimming exact: the last n tokens decode to a suffix", () => {
    const text = "one two three four five six seven eight nine ten";
    const tokens = getEncoding().encode(text);
    expect(tokens).toHaveLength(10);
    expect(getEncoding().decode(tokens.slice(-5))).toBe(" six seven eight nine ten");
  });

  it("gives the same ids for the same text", () => {
    expect(getEncoding().encode("the bees")).toEqual(encodingForModel("x").encode("the bees"));
  });
});
