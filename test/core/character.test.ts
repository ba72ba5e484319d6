import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  AgentRuntime,
  bioLines,
  CharacterError,
  fillTemplate,
  parseCharacter,
  parseCharacterJson,
  stringToUuid,
} from "../../core/index.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/characters/${name}`, import.meta.url), "utf8");

describe("character files", () => {
  it("loads an elizaOS 1.x character unchanged, unknown fields kept", () => {
    const raw = JSON.parse(fixture("elizaos-1x.json"));
    const character = parseCharacterJson(fixture("elizaos-1x.json"), "elizaos-1x.json");
    expect(character.name).toBe("Spartan");
    expect(character.plugins).toEqual(raw.plugins);
    expect(character.templates.messageHandlerTemplate).toBe("Custom: {{providers}}");
    expect(character.messageExamples[0]?.[1]?.content.actions).toEqual(["REPLY"]);
    // Fields elizaOS knows and we don't model are still there for plugins that read them.
    const loose = character as Record<string, unknown>;
    expect(loose.clients).toEqual(["discord", "telegram"]);
    expect(loose.modelProvider).toBe("openai");
    expect(loose.extraOrganisationField).toEqual({ team: "risk" });
    expect((character.settings.voice as Record<string, unknown>).model).toBe("en_US-male-medium");
  });

  it("loads an elizaOS 0.x character (bio as a string, `user` in examples)", () => {
    const character = parseCharacterJson(fixture("elizaos-0x.json"));
    expect(bioLines(character)).toEqual([
      "Dobby is a free assistant who chooses to help because of his enormous heart.",
    ]);
    expect(character.messageExamples[0]?.[0]?.user).toBe("{{user1}}");
    expect(character.templates).toEqual({});
  });

  it("fills defaults for a minimal character", () => {
    const character = parseCharacter({ name: "Min" });
    expect(character.bio).toEqual([]);
    expect(character.style).toEqual({ all: [], chat: [], post: [] });
    expect(character.secrets).toEqual({});
  });

  it("names every bad field of a broken file", () => {
    let error: unknown;
    try {
      parseCharacterJson(fixture("broken.json"), "broken.json");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CharacterError);
    const message = (error as Error).message;
    expect(message).toContain("broken.json");
    expect(message).toContain("messageExamples.0.0.content");
    expect(message).toContain("style.all");
    expect((error as CharacterError).issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(["messageExamples.0.0.content", "style.all"]),
    );
  });

  it.each([
    ["not JSON", "{ name: ", "not valid JSON"],
    [
      "a missing comma, by line and column",
      '{\n  "name": "x",\n  "bio": ["a" "b"]\n}',
      "line 3 column 15",
    ],
    ["a missing name", "{}", "name"],
    ["an empty name", '{"name":""}', "name must not be empty"],
    ["a number bio", '{"name":"x","bio":42}', "bio"],
    ["a JSON array", "[]", "(root)"],
  ])("rejects %s with a clear message", (_label, text, expected) => {
    expect(() => parseCharacterJson(text)).toThrow(expected);
  });

  it("loads a file saved with a byte-order mark", () => {
    expect(parseCharacterJson('\uFEFF{"name":"Bom"}', "bom.json").name).toBe("Bom");
  });

  it("keeps settings lists and a TypeScript character's template functions, as elizaOS does", () => {
    const replyTemplate = ({ state }: { state: Record<string, unknown> }) =>
      `Reply as ${String(state.agentName)}. {{providers}}`;
    const character = parseCharacter({
      name: "Ada",
      settings: { allowedChannelIds: ["1", "2"], discord: { shouldIgnoreBotMessages: true } },
      // An unset `process.env.X` in a TypeScript character: elizaOS accepts it, so do we.
      templates: { replyTemplate, shouldRespondTemplate: undefined },
    });
    expect(character.templates.shouldRespondTemplate).toBeUndefined();
    expect(character.settings.allowedChannelIds).toEqual(["1", "2"]);
    expect(character.templates.replyTemplate).toBe(replyTemplate);
    // The function's text is then filled like any template.
    expect(
      fillTemplate(character.templates.replyTemplate ?? "", {
        agentName: "Ada",
        providers: "ctx",
      }),
    ).toBe("Reply as Ada. ctx");
  });

  it.each([
    ["a null setting", { settings: { AVATAR: null } }, "settings.AVATAR"],
    [
      "an example with neither name nor user",
      { messageExamples: [[{ content: {} }]] },
      "messageExamples.0.0.name",
    ],
    [
      "example actions as text",
      { messageExamples: [[{ name: "u", content: { actions: "REPLY" } }]] },
      "messageExamples.0.0.content.actions",
    ],
    [
      "a template that is an object",
      { templates: { replyTemplate: { text: "x" } } },
      "templates.replyTemplate",
    ],
  ])("refuses %s, as elizaOS does, naming the field", (_label, fields, path) => {
    expect(() => parseCharacter({ name: "Ada", ...fields })).toThrow(`${path}: `);
  });

  it("resolves settings: runtime settings, then secrets, settings and settings.secrets, then env", () => {
    const character = parseCharacterJson(fixture("elizaos-1x.json"));
    const runtime = new AgentRuntime({
      character,
      storage: createMemoryStorage(),
      settings: { FROM_SETTINGS: "runtime", SPARTAN_WALLET: "overridden" },
      env: { FROM_ENV: "env", MODEL_TIMEOUT_MS: "99", FROM_SETTINGS: "env-loses" },
    });
    // The constructor's settings rank above the character's, as the elizaOS documents order them.
    expect(runtime.getSetting("SPARTAN_WALLET")).toBe("overridden");
    expect(runtime.getSetting("OPENAI_API_KEY")).toBe("sk-from-nested-secrets");
    // elizaOS's getSetting keeps a number a number; getSettingString is the string view.
    expect(runtime.getSetting("MODEL_TIMEOUT_MS")).toBe(15000);
    expect(runtime.getSettingString("MODEL_TIMEOUT_MS")).toBe("15000");
    expect(runtime.getSetting("FROM_SETTINGS")).toBe("runtime");
    expect(runtime.getSetting("FROM_ENV")).toBe("env");
    expect(runtime.getSetting("MISSING")).toBeNull();
    expect(runtime.getSettingString("MISSING")).toBeUndefined();
    // elizaOS derives the agent id from the name when the file has none.
    expect(runtime.agentId).toBe(stringToUuid("Spartan"));
  });
});
