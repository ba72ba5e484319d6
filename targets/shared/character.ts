// The character an edge target serves when none is given in code: CHARACTER_JSON from the
// platform's env wins over the character.json bundled at build time (edge targets have no
// filesystem to read it from).
import characterJson from "../../character.json" with { type: "json" };
import { parseCharacter, parseCharacterJson, setting } from "../../core/index.ts";
import type { ParsedCharacter } from "../../core/kernel/index.ts";

export function characterFromEnv(env: Record<string, unknown>): ParsedCharacter {
  const text = setting(env, "CHARACTER_JSON");
  return text ? parseCharacterJson(text, "CHARACTER_JSON") : parseCharacter(characterJson);
}

/** A positive integer setting such as EMBEDDING_DIMENSION, or undefined when unset. */
export function positiveIntSetting(env: Record<string, unknown>, key: string): number | undefined {
  const text = setting(env, key);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${key} must be a positive integer, got ${JSON.stringify(text)}`);
  }
  return value;
}
