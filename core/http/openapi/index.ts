// The REST API's OpenAPI document, generated from its zod schemas.
export { openApiDocument } from "./document.ts";
