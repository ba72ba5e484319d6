// Reading model output, which is hostile input: the planner's <response> XML, JSON objects,
// key-value XML, booleans.
export { fieldsOf, parseList, parseResponse, salvageText, unescapeXml } from "./parse-response.ts";
export {
  normalizeJsonString,
  parseBooleanFromText,
  parseJSONObjectFromText,
  parseJSONObjectLikeElizaOS,
  parseKeyValueXml,
  safeReplacer,
} from "./parsing.ts";
