// createAgent takes the character as an elizaOS user writes it (only `name` required, `bio` a
// string or a list) and validates it at start; `models` replaces the env's provider choice.
import type { Character as ElizaCharacter } from "@elizaos/core";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createMemoryStorage } from "../../adapters/memory/index.ts";
import {
  type Character,
  CharacterError,
  type CharacterInput,
  createAgent,
  ModelType,
  parseCharacter,
  silentLogger,
} from "../../core/index.ts";
import { ADA, notesPlugin, promptModel } from "../support/code-agent.ts";

const start = (character: Character, env: Record<string, unknown> = {}) =>
  createAgent({
    character,
    storage: createMemoryStorage(),
    env,
    logger: silentLogger,
    plugins: [notesPlugin],
    models: [promptModel()],
  });

describe("createAgent with a character written in code", () => {
  it("fills elizaOS's defaults into the runtime's character", async () => {
    const runtime = await start({ name: "Ada" });
    expect(runtime.character).toMatchObject({ name: "Ada", bio: [], topics: [], plugins: [] });
    const withBio = await start(ADA);
    expect(withBio.character.bio).toBe("Ada writes programs for the Analytical Engine.");
    await runtime.stop();
    await withBio.stop();
  });

  it("takes a character typed with elizaOS's own Character interface, and the parsed one", async () => {
    // As an elizaOS project's src/character.ts declares it (`bio` required there).
    const eliza: ElizaCharacter = {
      name: "Ada",
      bio: ["Writes programs."],
      knowledge: [{ directory: "notes", shared: false }],
      templates: { replyTemplate: ({ state }) => `Reply with ${Object.keys(state).length} keys` },
      settings: { voice: { model: "en_US-female-medium" } },
    };
    expectTypeOf(eliza).toExtend<Character>();
    const runtime = await start(eliza);
    expectTypeOf(runtime.character).toExtend<Character>();
    const again = await start(runtime.character);
    expect(again.character.name).toBe("Ada");
    await runtime.stop();
    await again.stop();
  });

  it("takes a character a target parsed as it is, once; a second runtime gets its own copy", async () => {
    // Targets parse the character at start (to fail early, naming the field), then hand it
    // to createAgent: one parse per cold start, not two.
    const parsed = parseCharacter({ name: "Ada", settings: { MOOD: "calm" } });
    const first = await start(parsed);
    expect(first.character).toBe(parsed);
    // The same object again is parsed anew: runtimes never share one character.
    const second = await start(parsed);
    expect(second.character).not.toBe(parsed);
    expect(second.character).toEqual(parsed);
    first.setSetting("MOOD", "cheerful");
    expect(second.getSetting("MOOD")).toBe("calm");
    await first.stop();
    await second.stop();
  });

  it("keeps the old name: CharacterInput is the same input shape", () => {
    const input: CharacterInput = { name: "Ada", bio: ["One.", "Two."] };
    const same: Character = input;
    expect(same.name).toBe("Ada");
  });

  it("fails at start with the error naming each bad field", async () => {
    await expect(start({ name: "Ada", bio: 42 } as unknown as Character)).rejects.toThrow(
      CharacterError,
    );
    await expect(
      start({ name: "Ada", topics: "maths", secrets: { KEY: null } } as unknown as Character),
    ).rejects.toThrow(/topics: .*; secrets\.KEY: expected a string, number or boolean/);
    await expect(start({ bio: "no name" } as unknown as Character)).rejects.toThrow(/name: /);
  });

  it("uses the models given instead of the provider the env switches on", async () => {
    const runtime = await start(ADA, { OPENAI_API_KEY: "sk-never-called" });
    expect(runtime.getModelRegistration(ModelType.TEXT_LARGE)?.provider).toBe("prompt-model");
    await runtime.stop();
  });
});
