// Character files in elizaOS's newer shapes, and their `plugins` list checked against what the
// deployment bundles: matched silently, replaced-by-design with one info line, missing with
// one warning each that says how to add the plugin.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  CharacterError,
  createAgent,
  parseCharacter,
  parseCharacterJson,
  stringToUuid,
} from "../../core/index.ts";
import { captureLogger } from "./capture-logger.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/characters/${name}`, import.meta.url), "utf8");

describe("elizaOS character shapes", () => {
  it("accepts an id with version nibble 0, as elizaOS's stringToUuid makes it", () => {
    const character = parseCharacterJson(fixture("elizaos-newer.json"), "elizaos-newer.json");
    expect(character.id).toBe(stringToUuid("Eliza"));
    expect(character.id).toBe("b850bc30-45f8-0041-a00a-83df46d8555d");
    expect(parseCharacter({ name: "A", id: "B850BC30-45F8-0041-A00A-83DF46D8555D" }).id).toBe(
      "b850bc30-45f8-0041-a00a-83df46d8555d",
    );
  });

  it("still refuses an id that is not 8-4-4-4-12 hex, naming the field", () => {
    for (const id of [
      "eliza",
      "b850bc30-45f8-0041-a00a-83df46d8555",
      "g850bc30-45f8-0041-a00a-83df46d8555d",
      "",
    ]) {
      expect(() => parseCharacter({ name: "A", id })).toThrow(CharacterError);
      expect(() => parseCharacter({ name: "A", id })).toThrow(/id: id must be a UUID/);
    }
  });

  it("accepts messageExamples as [{examples: [...]}] and normalises them to exchanges", () => {
    const character = parseCharacterJson(fixture("elizaos-newer.json"));
    expect(character.messageExamples).toHaveLength(2);
    expect(character.messageExamples[1]?.[0]?.content.text).toBe("I'm new here, where do I start?");
    expect(character.messageExamples[1]?.[1]?.content.actions).toEqual(["REPLY"]);
    // Both shapes in one file load too.
    const mixed = parseCharacter({
      name: "A",
      messageExamples: [
        [{ name: "u", content: { text: "one" } }],
        { examples: [{ name: "u", content: { text: "two" } }] },
      ],
    });
    expect(mixed.messageExamples.map((e) => e[0]?.content.text)).toEqual(["one", "two"]);
  });

  it("refuses a group without examples, naming the path", () => {
    expect(() => parseCharacter({ name: "A", messageExamples: [{ title: "x" }] })).toThrow(
      /messageExamples\.0/,
    );
    expect(() =>
      parseCharacter({ name: "A", messageExamples: [{ examples: [{ content: "text" }] }] }),
    ).toThrow(CharacterError);
  });
});

describe("a character's plugins against the deployment's", () => {
  const starter = { name: "plugin-starter", description: "bundled by the deployment" };

  it("matches bundled ones by package name, says once what eliza-edge replaces, warns once per missing one", async () => {
    const logger = captureLogger();
    const character = parseCharacterJson(fixture("elizaos-newer.json"));
    await createAgent({ character, storage: createMemoryStorage(), logger, plugins: [starter] });
    const warnings = logger.at("warn");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("@elizaos/plugin-discord");
    expect(warnings[0]).toContain("npm install @elizaos/plugin-discord");
    expect(warnings[0]).toContain("`plugins`");
    const replaced = logger.at("info").filter((l) => l.includes("done by eliza-edge itself"));
    expect(replaced).toHaveLength(1);
    expect(replaced[0]).toContain("@elizaos/plugin-sql → eliza-edge's storage adapter");
    expect(replaced[0]).toContain(
      "@elizaos/plugin-ollama → the built-in OpenAI-compatible provider",
    );
    // Bundled (plugin-starter) and built-in (bootstrap) entries say nothing.
    expect(logger.lines.some((l) => l.message.includes("plugin-starter"))).toBe(false);
    expect(logger.lines.some((l) => l.message.includes("plugin-bootstrap"))).toBe(false);
  });

  it("says nothing about the 1.x fixture, whose plugins are all built in or configured", async () => {
    const logger = captureLogger();
    const character = parseCharacterJson(fixture("elizaos-1x.json"));
    // A pinned width: no probe embedding goes to the (unreachable) OpenAI.
    const env = { EMBEDDING_DIMENSION: "8" };
    await createAgent({ character, storage: createMemoryStorage(), logger, env });
    expect(logger.at("warn")).toEqual([]);
    // OPENAI_API_KEY is in its settings.secrets, so plugin-openai is the live built-in provider.
    expect(logger.lines.some((l) => l.message.includes("plugin-openai"))).toBe(false);
    expect(logger.at("info").find((l) => l.includes("done by eliza-edge"))).toContain(
      "@elizaos/plugin-sql",
    );
  });

  it("names plugin-openai's replacement when no key switches the built-in provider on", async () => {
    const logger = captureLogger();
    const character = parseCharacter({ name: "A", plugins: ["@elizaos/plugin-openai"] });
    await createAgent({ character, storage: createMemoryStorage(), logger });
    expect(logger.at("warn")).toEqual([]);
    expect(logger.at("info").join("\n")).toContain(
      "@elizaos/plugin-openai → the built-in OpenAI-compatible provider (OPENAI_API_KEY",
    );
  });

  it("matches a third-party scope and short names, and warns about each missing one once", async () => {
    const logger = captureLogger();
    const character = parseCharacter({
      name: "A",
      plugins: ["@acme/plugin-weather", "weather", "@acme/plugin-ghost", "@acme/plugin-ghost"],
    });
    await createAgent({
      character,
      storage: createMemoryStorage(),
      logger,
      plugins: [{ name: "weather", description: "x" }],
    });
    expect(logger.at("warn")).toHaveLength(1);
    expect(logger.at("warn")[0]).toContain("@acme/plugin-ghost");
  });
});
