// elizaOS's `new AgentRuntime({ character })` keeps the object it is given as
// `runtime.character`, whatever the caller left out: elizaOS's own tests and plugin authors'
// scripts pass `{ name, bio }` and compare `runtime.character` with what they passed.
// eliza-edge's runtime reads the defaulted fields (settings, secrets, style ...) everywhere,
// so the ones the caller left out are filled in on that same object, not enumerable: present
// for the runtime, invisible to a comparison, a spread or JSON (nothing of the caller's
// changes). A character that does not validate fails here, naming the field.
import {
  CharacterError,
  type CharacterInput,
  type ParsedCharacter,
  parseCharacter,
} from "./character.ts";

/** The fields parseCharacter fills in when a character leaves them out. */
const DEFAULTED = [
  "bio",
  "messageExamples",
  "postExamples",
  "topics",
  "adjectives",
  "knowledge",
  "plugins",
  "settings",
  "secrets",
  "style",
  "templates",
] as const;

export function runtimeCharacter(input: CharacterInput | ParsedCharacter): ParsedCharacter {
  const given = input as Record<string, unknown>;
  if (DEFAULTED.every((key) => given[key] !== undefined)) return input as ParsedCharacter;
  let parsed: Record<string, unknown>;
  try {
    parsed = parseCharacter(input) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof CharacterError)) throw error;
    throw new CharacterError(
      error.issues.map((issue) => ({ ...issue, path: `character.${issue.path}` })),
      "the `character` option of new AgentRuntime",
    );
  }
  for (const key of DEFAULTED) {
    if (given[key] !== undefined) continue;
    Object.defineProperty(given, key, {
      value: parsed[key],
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
  return input as ParsedCharacter;
}

/**
 * Makes a field filled in by runtimeCharacter a visible one once something is written into it
 * (setSetting), so the written value is saved with the character like any other.
 */
export function revealField(character: object, key: string): void {
  const descriptor = Object.getOwnPropertyDescriptor(character, key);
  if (descriptor && !descriptor.enumerable) {
    Object.defineProperty(character, key, { ...descriptor, enumerable: true });
  }
}
