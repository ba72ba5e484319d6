// elizaOS's character validation helpers and zod schemas. The character schema is
// eliza-edge's own (core/kernel/character/character.ts), which accepts elizaOS character files. elizaOS exports
// classic zod schemas (a plugin may call `.optional()` or read `.shape`), so these are classic
// schemas around eliza-edge's own field checks, built when a plugin first loads this module.
import * as z from "zod";
import {
  type Character,
  characterObjectSchema,
  contentSchema as contentFields,
  knowledgeItemSchema as knowledgeItem,
  mediaSchema as mediaFields,
  parseCharacter as parseCharacterObject,
  settingValueSchema,
} from "../kernel/index.ts";

export const templateTypeSchema = z.union([z.string(), z.function()]);
export const styleSchema = z
  .object({
    all: z.array(z.string()).optional(),
    chat: z.array(z.string()).optional(),
    post: z.array(z.string()).optional(),
  })
  .optional();
// elizaOS's settings, content and knowledge shapes are the ones eliza-edge's character schema
// checks, so a plugin validating with these gets the verdict a character file gets.
export const settingsSchema = z.record(z.string(), z.lazy(settingValueSchema)).optional();
export const secretsSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .optional();
export const mediaSchema = z.looseObject(mediaFields().shape);
export const contentSchema = z.looseObject(contentFields().shape);
export const knowledgeItemSchema = z.lazy(knowledgeItem);
export const characterSchema = z.looseObject(characterObjectSchema().shape);
export const messageExampleSchema = z.object({ name: z.string(), content: contentSchema });
export const directoryItemSchema = z.object({
  directory: z.string(),
  shared: z.boolean().optional(),
});
export type CharacterValidation =
  | { success: true; data: Character; error?: undefined }
  | { success: false; data?: undefined; error: { message: string; issues?: z.core.$ZodIssue[] } };

export function validateCharacter(data: unknown): CharacterValidation {
  const result = characterSchema.safeParse(data);
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    error: {
      message: `Character validation failed: ${result.error.message}`,
      issues: result.error.issues,
    },
  };
}

/**
 * elizaOS's parseCharacter: a path is refused with elizaOS's message (there is no file system
 * to load it from here either: parse the file's JSON and pass the object); an object is
 * validated by eliza-edge's character schema.
 */
export function parseCharacter(
  input: unknown,
  source?: string,
): ReturnType<typeof parseCharacterObject> {
  if (typeof input === "string") {
    throw new Error(`Character path provided but must be loaded first: ${input}`);
  }
  return parseCharacterObject(input, source);
}

export function parseAndValidateCharacter(jsonString: string): CharacterValidation {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonString);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { success: false, error: { message: `Invalid JSON: ${reason}` } };
  }
  return validateCharacter(parsed);
}

export function isValidCharacter(data: unknown): data is Character {
  return validateCharacter(data).success;
}

export function validateCharacterConfig(character: Character): {
  isValid: boolean;
  errors: string[];
} {
  const result = validateCharacter(character);
  if (result.success) return { isValid: true, errors: [] };
  const issues = result.error.issues;
  return {
    isValid: false,
    errors: issues
      ? issues.map((i) => `${i.path.join(".")}: ${i.message}`)
      : [result.error.message],
  };
}

export function mergeCharacterDefaults(char: Partial<Character>): Character {
  return {
    settings: {},
    plugins: [],
    bio: [],
    ...char,
    name: char.name || "Unnamed Character",
  } as Character;
}

/**
 * The plugin package names elizaOS would load for this env. eliza-edge does not load
 * plugins by name (they are bundled), but the list is still useful for checking a setup.
 */
export function buildCharacterPlugins(env: Record<string, string | undefined> = {}): string[] {
  const has = (key: string) => Boolean(env[key]?.trim());
  const llm = [
    "ANTHROPIC_API_KEY",
    "OPENROUTER_API_KEY",
    "OPENAI_API_KEY",
    "GOOGLE_GENERATIVE_AI_API_KEY",
  ];
  const ignoreBootstrap = ["true", "1", "yes"].includes(
    env.IGNORE_BOOTSTRAP?.trim().toLowerCase() ?? "",
  );
  const twitter = [
    "TWITTER_API_KEY",
    "TWITTER_API_SECRET_KEY",
    "TWITTER_ACCESS_TOKEN",
    "TWITTER_ACCESS_TOKEN_SECRET",
  ];
  return [
    "@elizaos/plugin-sql",
    ...(has("ANTHROPIC_API_KEY") ? ["@elizaos/plugin-anthropic"] : []),
    ...(has("OPENROUTER_API_KEY") ? ["@elizaos/plugin-openrouter"] : []),
    ...(has("OPENAI_API_KEY") ? ["@elizaos/plugin-openai"] : []),
    ...(has("GOOGLE_GENERATIVE_AI_API_KEY") ? ["@elizaos/plugin-google-genai"] : []),
    ...(has("DISCORD_API_TOKEN") ? ["@elizaos/plugin-discord"] : []),
    ...(twitter.every(has) ? ["@elizaos/plugin-twitter"] : []),
    ...(has("TELEGRAM_BOT_TOKEN") ? ["@elizaos/plugin-telegram"] : []),
    ...(ignoreBootstrap ? [] : ["@elizaos/plugin-bootstrap"]),
    ...(llm.some(has) ? [] : ["@elizaos/plugin-ollama"]),
  ];
}
