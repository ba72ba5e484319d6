// TODO describe core/kernel/text
export { fieldsOf, parseList, parseResponse, salvageText, unescapeXml } from "./parse-response.ts";
export {
  normalizeJsonString,
  parseBooleanFromText,
  parseJSONObjectFromText,
  parseKeyValueXml,
  safeReplacer,
} from "./parsing.ts";
