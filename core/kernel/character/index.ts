// The elizaOS character file, validated with zod.
export {
  bioLines,
  type Character,
  CharacterError,
  type CharacterInput,
  characterAgentId,
  characterObjectSchema,
  characterSchema,
  contentSchema,
  knowledgeItemSchema,
  mediaSchema,
  type ParsedCharacter,
  parseCharacter,
  parseCharacterJson,
  settingValueSchema,
  type TemplateFunction,
} from "./character.ts";
export { revealField, runtimeCharacter } from "./runtime-character.ts";
